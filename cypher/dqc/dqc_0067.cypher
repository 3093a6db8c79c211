// name: dqc.dqc_0067
// summary: DQC.US.0067 (revenue recognition elements from before ASC 606): each fact of a revenue element of the superseded standard (DQCRT NETWORK440000) without srt:StatementScenarioAxis is a finding when the filing also reports, in the same unit (none for text), a fact of an ASC 606 element (DQCRT NETWORK606000, the 606000 disclosure group) without that axis (complete and consistent duplicates once; nil facts count).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// (a text value longer than 300 characters is shown cut, ending in '…', in the fact map and the message)
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (new:DqcConstant {year: fl.us_gaap_year, name: 'NETWORK606000'})
MATCH (old:DqcConstant {year: fl.us_gaap_year, name: 'NETWORK440000'})
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key IN old.values AND NONE(d IN coalesce(ctx.dims, []) WHERE d STARTS WITH 'srt:StatementScenarioAxis=')
// the ASC 606 elements the filing reports (outside scenario columns) in the same unit as the fact, none for text:
// the engine compares facts of one unit, periods and dimensions aside
WITH fl, f, ctx, p, COLLECT {
  MATCH (fl)-[:HAS_FACT]->(g:Fact)-[:IN_CONTEXT]->(gc:Context)
  WHERE g.concept_key IN new.values AND NONE(d IN coalesce(gc.dims, []) WHERE d STARTS WITH 'srt:StatementScenarioAxis=')
    AND coalesce(g.unit_key, '') = coalesce(f.unit_key, '')
  RETURN DISTINCT g.concept_qname
} AS adopted
WHERE size(adopted) > 0
// a complete or consistent duplicate counts once, as the engine reads it: the most precise copy, else the first in the document
WITH fl, adopted, f, ctx, p,
     CASE WHEN f.decimals IS NULL THEN -1000 WHEN f.decimals = 'INF' THEN 1000 ELSE toInteger(f.decimals) END AS prec
WHERE f.duplicate IS NULL OR f.duplicate = 'inconsistent' OR NOT EXISTS {
  MATCH (fl)-[:HAS_FACT]->(g:Fact)
  WHERE g.duplicate_group = f.duplicate_group AND g <> f AND g.duplicate IN ['complete', 'consistent']
  WITH g, CASE WHEN g.decimals IS NULL THEN -1000 WHEN g.decimals = 'INF' THEN 1000 ELSE toInteger(g.decimals) END AS gprec
  WHERE gprec > prec OR (gprec = prec AND (g.source_line < f.source_line OR (g.source_line = f.source_line AND g.fact_id < f.fact_id)))
}
WITH fl, adopted, f, ctx, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims,
     CASE WHEN f.value IS NULL THEN 'nil' WHEN size(f.value) > 300 THEN substring(f.value, 0, 300) + '…' ELSE f.value END AS shown
UNWIND adopted AS a
WITH fl, f, ctx, p, context_id, dims, shown, a ORDER BY a
WITH fl, f, ctx, p, context_id, dims, shown, collect(a) AS adopted
RETURN fl.id AS filing_id, 'DQC.US.0067.7644' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: CASE WHEN f.numeric THEN f.value ELSE shown END,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       'The filing reports ' + f.concept_qname + ' (value ' + shown + '; context ' + context_id + ', period ' + p.key
         + CASE WHEN size(dims) = 0 THEN '' ELSE ', dimensions ' + reduce(t = '', d IN dims | t + CASE WHEN t = '' THEN '' ELSE '; ' END + d) END
         + CASE WHEN f.unit_key IS NULL THEN '' ELSE ', unit ' + f.unit_key END
         + '), a revenue recognition element of the standard that ASC 606 superseded (it is not in the 606000 disclosure group),'
         + ' while it also reports ASC 606 elements (' + reduce(t = '', x IN adopted | t + CASE WHEN t = '' THEN '' ELSE ', ' END + x)
         + '), which says it has adopted ASC 606. Use the ASC 606 elements, or the old ones, but not both in one filing.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
