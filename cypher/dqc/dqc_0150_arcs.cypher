// name: dqc.dqc_0150_arcs
// summary: The filing's own XDT definition arcs with what a cube needs (DQC.US.0150 and 0166 read cubes as the official engine does): has-hypercube (all/notAll, with xbrldt:closed), hypercube-dimension, dimension-domain, domain-member, dimension-default, in arc order.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, arc STRING, source_key STRING, source STRING, target_key STRING, target STRING, order FLOAT, target_role STRING, closed BOOLEAN
MATCH (s:Concept)-[r:DEF {owner: $filing_id}]->(t:Concept)
WHERE r.arc IN ['all', 'notAll', 'hypercube-dimension', 'dimension-domain', 'domain-member', 'dimension-default']
RETURN r.role AS role, r.arc AS arc, s.key AS source_key, s.qname AS source, t.key AS target_key, t.qname AS target,
       r.order AS order, r.target_role AS target_role, coalesce(r.closed, false) AS closed
ORDER BY role, arc, order
