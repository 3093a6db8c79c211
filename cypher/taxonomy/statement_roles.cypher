// name: taxonomy.statement_roles
// summary: The statement roles of a loaded release (definition contains "- Statement -") with their network sizes.
// mode: read
// param release: STRING release key, e.g. us-gaap/2025
// returns: uri STRING, definition STRING
MATCH (:Release {key: $release, status: 'loaded'})-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement -'
RETURN r.uri AS uri, r.definition AS definition
ORDER BY definition
