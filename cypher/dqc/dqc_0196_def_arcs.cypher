// name: dqc.dqc_0196_def_arcs
// summary: DQC.US.0196/0197 rule data: the filing's definition (XDT) arcs with the flags the official engine builds its cubes from (closed on all/notAll, usable on domain members), every role.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, arc STRING, source_key STRING, source STRING, target_key STRING, target STRING, target_role STRING, closed BOOLEAN, usable BOOLEAN
MATCH (s:Concept)-[r:DEF {owner: $filing_id}]->(t:Concept)
RETURN r.role AS role, r.arc AS arc, s.key AS source_key, s.qname AS source, t.key AS target_key, t.qname AS target,
       r.target_role AS target_role, coalesce(r.closed, false) AS closed, coalesce(r.usable, true) AS usable
ORDER BY role, arc, r.order
