// name: dqc.dqc_0135_enum_facts
// summary: For DQC.US.0135: the filing's facts of the given extensible-enumeration elements (the elements that name the statement line where an amount is included) and of any element whose name ends with "NotDisclosedFlag", with their periods and dimensions.
// mode: read
// param filing_id: STRING  the filing's id
// param keys: LIST<STRING>  concept keys of the extensible-enumeration elements
// returns: concept_key STRING, name STRING, period_key STRING, dims LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE f.concept_key IN $keys OR split(f.concept_key, '#')[1] ENDS WITH 'NotDisclosedFlag'
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
RETURN f.concept_key AS concept_key, split(f.concept_key, '#')[1] AS name, p.key AS period_key, coalesce(ctx.dims, []) AS dims
ORDER BY concept_key, period_key
