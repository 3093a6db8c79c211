// name: dqc.dqc_0061
// summary: DQC.US.0061 Cash flow continuing operations elements not used: a calculation network of the filing where NetCashProvidedByUsedIn{Investing (7498), Operating (7499), Financing (7500)}Activities has children but not the matching ...DiscontinuedOperations element among its descendants, while both roll up into a common total; one finding per network, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// When discontinued operations are a separate line beside the total of all operations, the total should be the
// continuing operations element (NetCashProvidedByUsedIn...ActivitiesContinuingOperations). Each network is read on
// its own (ancestors and descendants never change role), as the official rule navigates them.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
UNWIND [['DQC.US.0061.7498', 'Investing'], ['DQC.US.0061.7499', 'Operating'], ['DQC.US.0061.7500', 'Financing']] AS spec
WITH fl, spec[0] AS code, 'NetCashProvidedByUsedIn' + spec[1] + 'Activities' AS total,
     'CashProvidedByUsedIn' + spec[1] + 'ActivitiesDiscontinuedOperations' AS discontinued
MATCH (x:Concept {name: total})-[r:CALC {owner: fl.id}]->()
WHERE x.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH DISTINCT fl, code, total, discontinued, x, r.role AS role
WHERE NOT EXISTS {
  MATCH (x) (()-[c:CALC WHERE c.owner = fl.id AND c.role = role]->())+ (d:Concept {name: discontinued})
  WHERE d.namespace STARTS WITH 'http://fasb.org/us-gaap/'
}
MATCH ()-[e:CALC {owner: fl.id, role: role}]->(y:Concept {name: discontinued})
WHERE y.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH DISTINCT fl, code, total, discontinued, x, y, role
CALL (fl, x, role) {
  MATCH (a:Concept) (()-[c1:CALC WHERE c1.owner = fl.id AND c1.role = role]->())+ (x)
  RETURN collect(DISTINCT a.qname) AS above_total
}
CALL (fl, y, role) {
  MATCH (b:Concept) (()-[c2:CALC WHERE c2.owner = fl.id AND c2.role = role]->())+ (y)
  RETURN collect(DISTINCT b.qname) AS above_discontinued
}
WITH fl, code, total, discontinued, y, role, [q IN above_total WHERE q IN above_discontinued] AS common
WHERE size(common) > 0
RETURN fl.id AS filing_id, code AS sub_rule, y.qname AS concept, [] AS facts, role AS network,
       'In network ' + role + ' both ' + total + ' and ' + discontinued + ' roll up into ' +
       reduce(s = '', q IN common | s + CASE WHEN s = '' THEN '' ELSE ', ' END + q) + ', so ' + total +
       ' stands for continuing operations only: use ' + replace(total, 'Activities', 'ActivitiesContinuingOperations') +
       ' there (or put ' + discontinued + ' under ' + total + ').' AS message
ORDER BY filing_id, sub_rule, network
