// name: dqc.dqc_0048_filing
// summary: What DQC.US.0048 reads of a filing besides its calculations: the DocumentType and EntityEmergingGrowthCompany facts (any namespace, as the rule matches them by local name) and, per presentation network, whether it holds us-gaap:StatementOfCashFlowsAbstract.
// mode: read
// param filing_id: STRING  the filing's id
// returns: facts LIST<MAP> (name, value, nil, dimensional), pres LIST<MAP> (role, cash_abstract)
MATCH (fl:Filing {id: $filing_id})
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)
  WHERE split(f.concept_key, '#')[1] IN ['DocumentType', 'EntityEmergingGrowthCompany']
  RETURN collect({name: split(f.concept_key, '#')[-1], value: f.value, nil: coalesce(f.nil, false),
                  dimensional: coalesce(ctx.dimensional, false)}) AS facts
}
CALL (fl) {
  MATCH (a:Concept)-[p:PRES {owner: fl.id}]->(b:Concept)
  WITH p.role AS role, collect(a.key) + collect(b.key) AS keys
  RETURN collect({role: role, cash_abstract: 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#StatementOfCashFlowsAbstract' IN keys}) AS pres
}
RETURN facts, pres
