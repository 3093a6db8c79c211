// name: checks.roles
// summary: The filing's extended link roles with their definitions and which networks use them.
// mode: read
// param filing_id: STRING  the filing's id
// returns: uri STRING, definition STRING, used_on LIST<STRING>, has_pres BOOLEAN, has_calc BOOLEAN, has_cube BOOLEAN
MATCH (:Filing {id: $filing_id})-[:HAS_ROLE]->(r:Role)
RETURN r.uri AS uri, coalesce(r.definition, '') AS definition, coalesce(r.used_on, []) AS used_on,
       EXISTS { MATCH ()-[a:PRES {owner: $filing_id, role: r.uri}]->() } AS has_pres,
       EXISTS { MATCH ()-[a:CALC {owner: $filing_id, role: r.uri}]->() } AS has_calc,
       EXISTS { MATCH ()-[a:DEF {owner: $filing_id, role: r.uri, arc: 'all'}]->() } AS has_cube
ORDER BY uri
