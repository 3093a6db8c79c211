// name: checks.build_concepts
// summary: Hand-built filings: write Concept nodes (extension concepts get the Extension label and a DEFINES edge).
// mode: write
// param rows: LIST<MAP>  {key, props, filing_id (extensions only)}
// returns: nothing
UNWIND $rows AS row
MERGE (c:Concept {key: row.key})
SET c += row.props
WITH c, row WHERE row.filing_id IS NOT NULL
SET c:Extension
WITH c, row
MATCH (fl:Filing {id: row.filing_id})
MERGE (fl)-[:DEFINES]->(c)
