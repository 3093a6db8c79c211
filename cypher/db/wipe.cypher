// name: db.wipe
// summary: Delete every node and relationship, in batches (tests and `auditgraph db wipe`).
// mode: write
// returns: nothing
MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS
