// name: load.filing_duplicates
// summary: Write DUPLICATE_OF edges from each later duplicate fact to the first of its group.
// mode: write
// param rows: LIST of maps from_key, to_key, kind (complete / consistent / inconsistent)
// returns: nothing
// The facts were created in the same transaction and each row is one pair: CREATE the edges.
UNWIND $rows AS row
MATCH (a:Fact {key: row.from_key})
MATCH (b:Fact {key: row.to_key})
CREATE (a)-[:DUPLICATE_OF {kind: row.kind}]->(b)
