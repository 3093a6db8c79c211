// name: checks.build_roles
// summary: Hand-built filings: write the filing's Role nodes and HAS_ROLE edges.
// mode: write
// param filing_id: STRING  the filing's id
// param rows: LIST<MAP>  {uri, definition, used_on}
// returns: nothing
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MERGE (r:Role {key: $filing_id + '|' + row.uri})
SET r.owner = $filing_id, r.uri = row.uri, r.definition = row.definition, r.used_on = row.used_on
MERGE (fl)-[:HAS_ROLE]->(r)
