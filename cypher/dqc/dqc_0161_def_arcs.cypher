// name: dqc.dqc_0161_def_arcs
// summary: DQC.US.0161 rule data: every XDT arc of the filing's DTS (all / notAll, hypercube-dimension, dimension-domain, domain-member, dimension-default) with its role, target role, closed and usable flags, to build the filing's cubes (hypercube per role) as the XULE engine does.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, arc STRING, source_key STRING, target_key STRING, target_role STRING, closed BOOLEAN, usable BOOLEAN, order FLOAT
MATCH (s:Concept)-[r:DEF {owner: $filing_id}]->(t:Concept)
WHERE r.arc IN ['all', 'notAll', 'hypercube-dimension', 'dimension-domain', 'domain-member', 'dimension-default']
RETURN r.role AS role, r.arc AS arc, s.key AS source_key, t.key AS target_key, r.target_role AS target_role,
       r.closed AS closed, coalesce(r.usable, true) AS usable, r.order AS order
ORDER BY role, arc, order, source_key, target_key
