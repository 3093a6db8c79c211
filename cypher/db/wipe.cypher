// name: db.wipe
// summary: Delete every node and relationship, in batches (tests and `auditgraph db wipe`); keeps the scratch marker tests rely on.
// mode: write
// returns: nothing
MATCH (n) WHERE NOT n:AuditgraphScratch
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS
