// name: dqc.dqc_0090_context
// summary: DQC.US.0090: the filing's non-dimensional DocumentType fact (the fact the official finding names) and how many facts it reports of the filer's own opt-out elements LesseeOperatingLeaseLiabilityUndiscountedExcessAmountNotDisclosed / FinanceLeaseLiabilityUndiscountedExcessAmountNotDisclosed (extension namespace).
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept STRING, context_id STRING, value STRING, period STRING, operating_opt_out INTEGER, finance_opt_out INTEGER
MATCH (fl:Filing {id: $filing_id})
CALL (fl) {
  OPTIONAL MATCH (fl)-[:HAS_FACT]->(x:Fact)-[:REPORTS]->(c:Concept:Extension)
  WHERE c.name IN ['LesseeOperatingLeaseLiabilityUndiscountedExcessAmountNotDisclosed', 'FinanceLeaseLiabilityUndiscountedExcessAmountNotDisclosed']
  RETURN count(CASE WHEN c.name STARTS WITH 'Lessee' THEN x END) AS operating_opt_out,
         count(CASE WHEN c.name STARTS WITH 'Finance' THEN x END) AS finance_opt_out
}
MATCH (fl)-[:HAS_FACT]->(dt:Fact)-[:IN_CONTEXT]->(dc:Context)-[:FOR_PERIOD]->(dp:Period)
WHERE split(dt.concept_key, '#')[1] = 'DocumentType' AND NOT coalesce(dc.dimensional, false)
RETURN dt.fact_id AS fact_id, dt.concept_qname AS concept, coalesce(dt.context_id, dc.context_ids[0]) AS context_id,
       dt.value AS value, dp.key AS period, operating_opt_out, finance_opt_out
ORDER BY fact_id
