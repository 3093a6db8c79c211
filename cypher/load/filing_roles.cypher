// name: load.filing_roles
// summary: Write a filing's Role nodes (extended link roles its networks use) and HAS_ROLE from the Filing.
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of maps key, owner, uri, definition, used_on (loader.networks.role_rows with owner = the filing's id)
// returns: nothing
// A filing's role keys start with its id and the loader retires a previous version in the same
// transaction: the roles are new, CREATE them (load.roles merges, for releases).
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
CREATE (fl)-[:HAS_ROLE]->(:Role {key: row.key, owner: row.owner, uri: row.uri, definition: row.definition, used_on: row.used_on})
