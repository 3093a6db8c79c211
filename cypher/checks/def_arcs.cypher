// name: checks.def_arcs
// summary: The filing's own definition (XDT) arcs, every role: all/notAll, hypercube-dimension, dimension-domain, domain-member, dimension-default.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, arc STRING, source_key STRING, source STRING, target_key STRING, target STRING, order FLOAT, target_role STRING
MATCH (s:Concept)-[r:DEF {owner: $filing_id}]->(t:Concept)
RETURN r.role AS role, r.arc AS arc, s.key AS source_key, s.qname AS source, t.key AS target_key,
       t.qname AS target, r.order AS order, r.target_role AS target_role
ORDER BY role, arc, order
