// name: tools.presentation_context
// summary: Where a concept is presented: role (with definition), parent, preferred label, siblings and children, filing networks and taxonomy.
// mode: read
// param key: STRING  concept key
// param filing_id: STRING  owner of the filing's networks
// param release: STRING  owner of the taxonomy networks, or null
// returns: owner STRING, role STRING, definition STRING, parent STRING, preferred_label STRING, order FLOAT, siblings LIST<STRING>, children LIST<STRING>
MATCH (p:Concept)-[r:PRES]->(c:Concept {key: $key})
WHERE r.owner = $filing_id OR r.owner = $release
OPTIONAL MATCH (ro:Role {key: r.owner + '|' + r.role})
CALL (p, r) {
  MATCH (p)-[s:PRES {owner: r.owner, role: r.role}]->(sib:Concept)
  WITH sib ORDER BY s.order
  RETURN collect(sib.qname) AS siblings
}
CALL (c, r) {
  OPTIONAL MATCH (c)-[k:PRES {owner: r.owner, role: r.role}]->(ch:Concept)
  WITH ch ORDER BY k.order
  RETURN collect(ch.qname) AS children
}
RETURN r.owner AS owner, r.role AS role, ro.definition AS definition, p.qname AS parent,
       r.preferred_label AS preferred_label, r.order AS order, siblings, children
ORDER BY owner, role
