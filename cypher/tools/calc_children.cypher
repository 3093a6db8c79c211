// name: tools.calc_children
// summary: Calculation children of a concept from the filing's networks and the taxonomy release, per role.
// mode: read
// param key: STRING  concept key of the total
// param filing_id: STRING  owner of the filing's networks
// param release: STRING  owner of the taxonomy networks (us-gaap/2025), or null
// returns: owner STRING, role STRING, key STRING, qname STRING, weight FLOAT, order FLOAT
MATCH (p:Concept {key: $key})-[r:CALC]->(c:Concept)
WHERE r.owner = $filing_id OR r.owner = $release
RETURN r.owner AS owner, r.role AS role, c.key AS key, c.qname AS qname, r.weight AS weight, r.order AS order
ORDER BY owner, role, order
