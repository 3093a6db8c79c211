// name: dqc.dqc_0087_context
// summary: DQC.US.0087: what the operating lease liability rule needs beyond numeric facts: which of OperatingLeaseLiability / Current / Noncurrent appear in a statement presentation network (role definition containing "- Statement "), and the periods of the non-dimensional ...StatementOfFinancialPositionExtensibleList facts.
// mode: read
// param filing_id: STRING  the filing's id
// returns: kind STRING ("statement" or "extensible_list"), name STRING (us-gaap local name), period STRING (period key; null for "statement")
MATCH (fl:Filing {id: $filing_id})
CALL (fl) {
  MATCH (fl)-[:HAS_ROLE]->(r:Role)
  WHERE r.definition CONTAINS '- Statement '
  MATCH (a:Concept)-[:PRES {owner: fl.id, role: r.uri}]->(b:Concept)
  UNWIND [a, b] AS c
  WITH DISTINCT c
  WHERE c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
    AND c.name IN ['OperatingLeaseLiability', 'OperatingLeaseLiabilityCurrent', 'OperatingLeaseLiabilityNoncurrent']
  RETURN 'statement' AS kind, c.name AS name, null AS period
  UNION
  MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
  WHERE f.concept_key STARTS WITH 'http://fasb.org/us-gaap/' AND NOT coalesce(ctx.dimensional, false)
    AND split(f.concept_key, '#')[1] IN ['OperatingLeaseLiabilityStatementOfFinancialPositionExtensibleList',
      'OperatingLeaseLiabilityCurrentStatementOfFinancialPositionExtensibleList',
      'OperatingLeaseLiabilityNoncurrentStatementOfFinancialPositionExtensibleList']
  RETURN DISTINCT 'extensible_list' AS kind, split(f.concept_key, '#')[1] AS name, p.key AS period
}
RETURN kind, name, period
ORDER BY kind, name, period
