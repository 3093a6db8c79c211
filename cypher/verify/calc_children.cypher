// name: verify.calc_children
// summary: The filing's own calculation children (weight, order, role) under a total concept.
// mode: read
// param filing_id: STRING the filing id (owner of its calculation networks)
// param qname: STRING the total's QName
// returns: role STRING, arcrole STRING, child STRING, child_key STRING, weight FLOAT, order FLOAT
MATCH (t:Concept {qname: $qname})-[r:CALC {owner: $filing_id}]->(c:Concept)
RETURN r.role AS role, r.arcrole AS arcrole, c.qname AS child, c.key AS child_key, r.weight AS weight, r.order AS order
ORDER BY role, order, child
