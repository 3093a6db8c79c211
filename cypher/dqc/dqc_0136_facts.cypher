// name: dqc.dqc_0136_facts
// summary: DQC.US.0136 rule data: the filing's non-nil facts of the given elements (extensible enumerations naming a statement line item), with their context and period.
// mode: read
// param filing_id: STRING  the filing's id
// param concept_keys: LIST<STRING>  the elements' concept keys
// returns: fact_id STRING, concept_key STRING, qname STRING, value STRING, context_id STRING, period_key STRING, dims LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key IN $concept_keys AND f.value IS NOT NULL AND NOT coalesce(f.nil, false)
RETURN f.fact_id AS fact_id, f.concept_key AS concept_key, f.concept_qname AS qname, f.value AS value,
       coalesce(f.context_id, ctx.context_ids[0]) AS context_id, p.key AS period_key, coalesce(ctx.dims, []) AS dims
ORDER BY fact_id
