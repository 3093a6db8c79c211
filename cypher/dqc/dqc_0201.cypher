// name: dqc.dqc_0201
// summary: DQC.US.0201 (private company elements in a public filing): each fact of an element whose local name contains "PrivateCompany" (any taxonomy; nil facts too), unless the filing's dei:DocumentType is SBSEF; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
  AND NOT EXISTS { MATCH (fl)-[:HAS_FACT]->(d:Fact) WHERE split(d.concept_key, '#')[1] = 'DocumentType' AND d.value = 'SBSEF' }
MATCH (fl)-[:HAS_FACT]->(f:Fact)
WHERE split(f.concept_key, '#')[-1] CONTAINS 'PrivateCompany'
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0201.10701' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' = ' + coalesce(left(f.value, 200), 'nil') + ' (context ' + context_id + ', period ' + p.key
         + ') is an element meant for private companies. A public company filing should not use it: choose the element'
         + ' for public entities.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
