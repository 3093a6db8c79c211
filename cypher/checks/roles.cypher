// name: checks.roles
// summary: The filing's extended link roles with their definitions (role names say "- Statement -", "- Disclosure -", ...).
// mode: read
// param filing_id: STRING  the filing's id
// returns: uri STRING, definition STRING, used_on LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_ROLE]->(r:Role)
RETURN r.uri AS uri, coalesce(r.definition, '') AS definition, coalesce(r.used_on, []) AS used_on
ORDER BY uri
