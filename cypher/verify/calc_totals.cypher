// name: verify.calc_totals
// summary: Totals of the filing's own calculation networks with their children (dev-set questions).
// mode: read
// param filing_id: STRING the filing id
// returns: role STRING, total STRING, total_label STRING, children LIST<MAP>
MATCH (t:Concept)-[r:CALC {owner: $filing_id}]->(c:Concept)
WITH r.role AS role, t, collect({child: c.qname, weight: r.weight, order: r.order}) AS children
RETURN role, t.qname AS total, t.label AS total_label, children
ORDER BY role, total
