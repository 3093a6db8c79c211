// name: taxonomy.delete_def_edges
// summary: Delete the DEF edges an owner (release key) declared, in batches.
// mode: write
// param owner: STRING release key, e.g. us-gaap/2025
// returns: nothing
MATCH ()-[r:DEF]->() WHERE r.owner = $owner
CALL (r) { DELETE r } IN TRANSACTIONS OF 10000 ROWS
