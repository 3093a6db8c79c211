// name: dqc.dqc_0192_inputs
// summary: For DQC.US.0192: the filing's non-dimensional dei:EntityFilerCategory values, its first balance sheet network (presentation networks with "- Statement " in the definition, not parenthetical, presenting us-gaap:StatementOfFinancialPositionAbstract or with "balancesheet"/"financialposition" in the URI; first by definition, then URI) and the monetary concepts presented below StatementOfFinancialPositionAbstract, AssetsAbstract, LiabilitiesAbstract or LiabilitiesAndStockholdersEquityAbstract in that network.
// mode: read
// param filing_id: STRING  the filing's id
// returns: categories LIST<STRING>, role STRING, definition STRING, items LIST<STRING> (concept keys)
MATCH (fl:Filing {id: $filing_id})
CALL (fl) {
  MATCH (c:Concept {name: 'EntityFilerCategory'}) WHERE c.namespace STARTS WITH 'http://xbrl.sec.gov/dei/'
  MATCH (f:Fact {concept_key: c.key})-[:IN_CONTEXT]->(ctx:Context)
  WHERE f.filing_id = fl.id AND NOT coalesce(ctx.dimensional, false)
  RETURN collect(f.value) AS categories
}
CALL (fl) {
  OPTIONAL MATCH (fl)-[:HAS_ROLE]->(r:Role)
  WHERE r.definition CONTAINS '- Statement ' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
    AND EXISTS { MATCH ()-[e:PRES]->() WHERE e.owner = fl.id AND e.role = r.uri }
    AND (toLower(r.uri) CONTAINS 'balancesheet' OR toLower(r.uri) CONTAINS 'financialposition'
         OR EXISTS { MATCH (s:Concept {name: 'StatementOfFinancialPositionAbstract'})-[e:PRES]-()
                     WHERE e.owner = fl.id AND e.role = r.uri AND s.namespace STARTS WITH 'http://fasb.org/us-gaap/' })
  WITH r ORDER BY r.definition, r.uri
  RETURN collect(r)[0] AS bs
}
CALL (fl, bs) {
  MATCH (top:Concept)-[e0:PRES {owner: fl.id, role: bs.uri}]->(c1:Concept)
  WHERE top.name IN ['StatementOfFinancialPositionAbstract', 'AssetsAbstract', 'LiabilitiesAbstract',
                     'LiabilitiesAndStockholdersEquityAbstract'] AND top.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  MATCH (c1) ((a:Concept)-[e:PRES WHERE e.owner = fl.id AND e.role = bs.uri]->(b:Concept)){0,30} (d:Concept)
  WITH DISTINCT d WHERE d.base_type = 'monetary'
  RETURN collect(d.key) AS items
}
RETURN categories, bs.uri AS role, bs.definition AS definition, items
