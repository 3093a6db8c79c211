// name: dqc.dqc_0162
// summary: DQC.US.0162 (invalid trading symbol): every dei:TradingSymbol fact that is nil, one of N/A, n/a, -, NONE, NOT APPLICABLE, contains one of " @ * & ! $ % # ^, is not upper case (unless its Security12bTitle in the same context, or its StatementClassOfStockAxis member, says preferred or notes), or is NA (for any CIK but 0001872302). One finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(t:Fact)-[:REPORTS]->(c:Concept {name: 'TradingSymbol'})
WHERE c.namespace STARTS WITH 'http://xbrl.sec.gov/dei/'
MATCH (t)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, t, ctx, p, t.value AS v, coalesce(t.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims,
     // the Security12bTitle of the same context (same entity, period and members), as the rule aligns them
     COLLECT { MATCH (fl)-[:HAS_FACT]->(s:Fact)-[:IN_CONTEXT]->(ctx) WHERE s.concept_qname ENDS WITH ':Security12bTitle'
               RETURN toLower(coalesce(s.value, '')) LIMIT 1 } AS titles,
     COLLECT { MATCH (fl)-[:HAS_FACT]->(k:Fact) WHERE k.concept_qname ENDS WITH ':EntityCentralIndexKey' RETURN k.value LIMIT 1 } AS ciks
WITH fl, t, p, v, context_id, dims, coalesce(titles[0], '') AS title, ciks[0] AS cik,
     toLower(coalesce([d IN dims WHERE split(d, '=')[0] ENDS WITH ':StatementClassOfStockAxis' | split(split(d, '=')[1], ':')[-1]][0], '')) AS stock_member
WITH fl, t, p, v, context_id, dims, cik,
     CASE
       WHEN v IS NULL THEN 'is nil'
       WHEN v IN ['N/A', 'n/a', '-', 'NONE', 'NOT APPLICABLE'] THEN 'is a placeholder, not a ticker'
       WHEN any(ch IN ['"', '@', '*', '&', '!', '$', '%', '#', '^'] WHERE v CONTAINS ch) THEN 'contains a special character'
       WHEN toUpper(v) <> v AND NOT (title CONTAINS 'pref' OR title CONTAINS 'notes' OR stock_member CONTAINS 'pref' OR stock_member CONTAINS 'notes')
         THEN 'is not in upper case (and its security is not marked as preferred stock or notes)'
       WHEN v = 'NA' AND coalesce(cik, '') <> '0001872302' THEN 'is a placeholder, not a ticker'
     END AS why
WHERE why IS NOT NULL
RETURN fl.id AS filing_id, 'DQC.US.0162.10084' AS sub_rule, t.concept_qname AS concept,
       [{fact_id: t.fact_id, concept: t.concept_qname, context_id: context_id, value: v, decimals: t.decimals,
         unit: t.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       'The trading symbol ' + coalesce('"' + v + '"', 'nil') + ' (context ' + context_id + ', period ' + p.key
         + CASE WHEN size(dims) > 0 THEN ', dimensions ' + reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d) ELSE '' END
         + ') ' + why + '. Report the exchange ticker in upper case without special characters; when the security has no'
         + ' ticker, tag dei:NoTradingSymbolFlag instead, and mark a preferred security with dei:Security12bTitle.' AS message
ORDER BY filing_id, context_id, t.fact_id
