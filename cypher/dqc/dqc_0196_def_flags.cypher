// name: dqc.dqc_0196_def_flags
// summary: DQC.US.0196 rule data: the filing's definition (XDT) arcs whose flags differ from the defaults the rule assumes (closed true on all/notAll, usable false on a member); the arcs themselves come from checks.def_arcs (FilingData.defs), so only these few rows are read.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, arc STRING, source_key STRING, target_key STRING, target_role STRING, order FLOAT, closed BOOLEAN, usable BOOLEAN
MATCH (s:Concept)-[r:DEF {owner: $filing_id}]->(t:Concept)
WHERE coalesce(r.closed, false) OR NOT coalesce(r.usable, true)
RETURN r.role AS role, r.arc AS arc, s.key AS source_key, t.key AS target_key, r.target_role AS target_role, r.order AS order,
       coalesce(r.closed, false) AS closed, coalesce(r.usable, true) AS usable
ORDER BY role, arc, order
