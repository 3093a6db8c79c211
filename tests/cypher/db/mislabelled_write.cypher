// name: db.mislabelled_write
// summary: Test fixture: a write whose header says it reads (what `Graph.run` must send to the read door).
// mode: read
// returns: nothing
MERGE (:AuditgraphScratch {note: 'tests may wipe this database'})
