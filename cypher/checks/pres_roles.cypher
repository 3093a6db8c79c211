// name: checks.pres_roles
// summary: Roles in which the filing has presentation arcs.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING
MATCH ()-[a:PRES {owner: $filing_id}]->()
RETURN DISTINCT a.role AS role
