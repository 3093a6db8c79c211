// name: taxonomy.checkpoint
// summary: Flush the store files to disk (benchmarks measure the database size after it).
// mode: write
// returns: success BOOLEAN
CALL db.checkpoint() YIELD success
RETURN success
