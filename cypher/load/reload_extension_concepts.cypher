// name: load.reload_extension_concepts
// summary: A replaced filing's own concepts, updated in place by key (load.extension_concepts creates them on a first load).
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of Concept property maps (loader.concepts rows with the filing's key prefix)
// returns: nothing
MATCH (f:Filing {id: $filing_id})
UNWIND $rows AS row
MERGE (c:Concept {key: row.key})
SET c = row, c:Extension
MERGE (f)-[:DEFINES]->(c)
