// name: dqc.dqc_0211_enum_facts
// summary: For DQC.US.0211: the filing's facts of the given extensible-enumeration elements (the elements that name the statement line where an amount is reported), with their values, periods and dimensions.
// mode: read
// param filing_id: STRING  the filing's id
// param keys: LIST<STRING>  concept keys of the extensible-enumeration elements
// returns: fact_id STRING, concept_key STRING, concept STRING, value STRING, context_id STRING, period_key STRING, dims LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE f.concept_key IN $keys
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
RETURN f.fact_id AS fact_id, f.concept_key AS concept_key, f.concept_qname AS concept, f.value AS value,
       coalesce(f.context_id, ctx.context_ids[0]) AS context_id, p.key AS period_key, coalesce(ctx.dims, []) AS dims
ORDER BY concept_key, fact_id
