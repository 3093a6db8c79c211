// name: load.extension_concepts
// summary: Write a filing's extension Concept nodes with the Extension label and DEFINES from the Filing.
// mode: write
// param rows: LIST of ConceptRow.to_row() maps with filing_id set (key = "{filing_id}|{ns}#{name}")
// returns: nothing
UNWIND $rows AS row
MERGE (c:Concept {key: row.key})
SET c += row, c:Extension
REMOVE c:Placeholder
WITH c, row
MATCH (f:Filing {id: row.filing_id})
MERGE (f)-[:DEFINES]->(c)
