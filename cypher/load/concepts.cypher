// name: load.concepts
// summary: Write Concept nodes (one per key; a placeholder becomes a full concept, a reloaded concept gets exactly the new row's properties) and DECLARES from their Release (call once per release load, after its clean-up: DECLARES is created, not merged, because merging on a 17k-degree Release is quadratic).
// mode: write
// param rows: LIST of ConceptRow.to_row() maps (key, namespace, name, ..., release, filing_id)
// returns: nothing
UNWIND $rows AS row
MERGE (c:Concept {key: row.key})
SET c = row
REMOVE c:Placeholder
WITH c, row WHERE row.release IS NOT NULL
MATCH (r:Release {key: row.release})
CREATE (r)-[:DECLARES]->(c)
