// name: taxonomy.calc_children
// summary: Calculation children of a concept in a loaded release, in every role (weight and order kept).
// mode: read
// param qname: STRING concept QName, e.g. us-gaap:Revenues
// param release: STRING release key, e.g. us-gaap/2025
// returns: role STRING, child STRING, weight FLOAT, order FLOAT
MATCH (:Release {key: $release, status: 'loaded'})-[:DECLARES]->(p:Concept {qname: $qname})
MATCH (p)-[r:CALC {owner: $release}]->(c:Concept)
RETURN r.role AS role, c.qname AS child, r.weight AS weight, r.order AS order
ORDER BY role, order
