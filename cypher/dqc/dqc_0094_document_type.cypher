// name: dqc.dqc_0094_document_type
// summary: For DQC.US.0094: the filing's dei:DocumentType facts without dimensions (the engine names this fact in a 9526 finding) and the period end of its first dei:DocumentPeriodEndDate fact.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept STRING, value STRING, context_id STRING, period_key STRING, doc_end DATE
MATCH (fl:Filing {id: $filing_id})
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(d:Fact)-[:IN_CONTEXT]->(:Context)-[:FOR_PERIOD]->(dp:Period)
  WHERE d.concept_key STARTS WITH 'http://xbrl.sec.gov/dei/' AND split(d.concept_key, '#')[1] = 'DocumentPeriodEndDate'
  WITH dp ORDER BY d.source_line, d.fact_id
  RETURN collect(dp.end)[0] AS doc_end
}
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key STARTS WITH 'http://xbrl.sec.gov/dei/' AND split(f.concept_key, '#')[1] = 'DocumentType' AND NOT coalesce(ctx.dimensional, false)
RETURN f.fact_id AS fact_id, f.concept_qname AS concept, f.value AS value, coalesce(f.context_id, ctx.context_ids[0]) AS context_id,
       p.key AS period_key, doc_end
ORDER BY f.source_line, fact_id
