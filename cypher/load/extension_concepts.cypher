// name: load.extension_concepts
// summary: Write a filing's extension Concept nodes with the Extension label and DEFINES from the Filing.
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of ConceptRow.to_row() maps with filing_id set (key = "{filing_id}|{ns}#{name}")
// returns: nothing
// Extension keys start with the filing's id and the loader retires a previous version (its extensions
// included) in the same transaction: the concepts and their DEFINES are new, CREATE them.
MATCH (f:Filing {id: $filing_id})
UNWIND $rows AS row
CREATE (f)-[:DEFINES]->(c:Concept:Extension)
SET c = row
