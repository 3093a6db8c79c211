// name: load.filing_duplicates
// summary: Write DUPLICATE_OF edges from each later duplicate fact to the first of its group.
// mode: write
// param rows: LIST of maps from_key, to_key, kind (complete / consistent / inconsistent)
// returns: nothing
UNWIND $rows AS row
MATCH (a:Fact {key: row.from_key})
MATCH (b:Fact {key: row.to_key})
MERGE (a)-[d:DUPLICATE_OF]->(b)
SET d.kind = row.kind
