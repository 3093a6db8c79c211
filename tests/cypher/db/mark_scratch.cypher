// name: db.mark_scratch
// summary: Mark the database as a scratch database that the test suite may wipe.
// mode: write
// returns: nothing
MERGE (:AuditgraphScratch {note: 'tests may wipe this database'})
