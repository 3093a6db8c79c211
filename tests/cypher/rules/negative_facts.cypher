// name: rules.negative_facts
// summary: A toy structural rule for tests: every negative numeric fact of $filing_id (every filing when null), as findings.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.numeric AND f.value STARTS WITH '-'
RETURN fl.id AS filing_id, 'TEST.0001.1' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: f.context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network, f.concept_qname + ' is negative (' + f.value + ')' AS message
ORDER BY filing_id, f.fact_id
