// name: load.reload_roles
// summary: A replaced filing's roles, updated in place by key (load.filing_roles creates them on a first load).
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of maps key, owner, uri, definition, used_on
// returns: nothing
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MERGE (r:Role {key: row.key})
SET r.owner = row.owner, r.uri = row.uri, r.definition = row.definition, r.used_on = row.used_on
MERGE (fl)-[:HAS_ROLE]->(r)
