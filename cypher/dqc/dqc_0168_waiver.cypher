// name: dqc.dqc_0168_waiver
// summary: The facts of the filing's extension element TaxReconciliationNotRequired (any type), which waives DQC.US.0168's sub-rules 10096 and 10097.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept STRING, value STRING
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Concept:Extension {name: 'TaxReconciliationNotRequired'})
RETURN f.fact_id AS fact_id, f.concept_qname AS concept, f.value AS value
ORDER BY fact_id
