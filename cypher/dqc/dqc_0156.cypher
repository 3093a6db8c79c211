// name: dqc.dqc_0156
// summary: DQC.US.0156 (extension element for a combined basic and diluted amount): every fact, nil ones included, of a numeric extension element whose name contains "BasicAndDiluted" (any case); the basic and the diluted amount each need their own us-gaap element. One finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Extension)
WHERE c.numeric = true AND toLower(c.name) CONTAINS 'basicanddiluted'
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, c, ctx, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0156.10074' AS sub_rule, c.qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       'The extension element ' + c.qname + ' tags a single amount as both basic and diluted (value '
         + coalesce(f.value, 'nil') + ', period ' + p.key
         + CASE WHEN size(dims) > 0 THEN ', dimensions ' + reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d) ELSE '' END
         + CASE WHEN f.unit_key IS NULL THEN '' ELSE ', unit ' + f.unit_key END
         + ', context ' + context_id + '). Tag the fact twice, with the separate us-gaap elements for the basic amount and for the'
         + ' diluted amount (e.g. EarningsPerShareBasic and EarningsPerShareDiluted), instead of one extension element.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
