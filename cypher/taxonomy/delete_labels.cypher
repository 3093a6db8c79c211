// name: taxonomy.delete_labels
// summary: Delete the Label nodes of a release's concepts, in batches.
// mode: write
// param release: STRING release key
// returns: nothing
MATCH (:Concept {release: $release})-[:HAS_LABEL]->(l:Label)
CALL (l) { DETACH DELETE l } IN TRANSACTIONS OF 10000 ROWS
