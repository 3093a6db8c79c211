// name: load.roles
// summary: Write Role nodes of extended link roles and HAS_ROLE from their owner (a Release or a Filing).
// mode: write
// param rows: LIST of maps key, owner, uri, definition, used_on (loader.networks.role_rows)
// returns: nothing
UNWIND $rows AS row
MERGE (r:Role {key: row.key})
SET r.owner = row.owner, r.uri = row.uri, r.definition = row.definition, r.used_on = row.used_on
WITH r, row
OPTIONAL MATCH (rel:Release {key: row.owner})
OPTIONAL MATCH (f:Filing {id: row.owner})
WITH r, coalesce(rel, f) AS owner WHERE owner IS NOT NULL
MERGE (owner)-[:HAS_ROLE]->(r)
