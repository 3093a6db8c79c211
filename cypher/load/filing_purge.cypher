// name: load.filing_purge
// summary: Delete, in batches of their own transactions, the network edges a replaced filing's version left owned by this token (loads before 2026-12-07 re-owned them in load.filing_retire; it now deletes them at once).
// mode: write
// param token: STRING the retire token
// returns: nothing
// Runs after the new version committed: readers no longer see what it deletes, so batches keep each
// transaction small (db.memory.transaction.max) and a crash in the middle leaves only invisible
// leftovers, which the next purge of the token finishes (loader/versions.py).
CALL () {
  MATCH ()-[r:CALC {owner: $token}]->() RETURN r
  UNION ALL
  MATCH ()-[r:PRES {owner: $token}]->() RETURN r
  UNION ALL
  MATCH ()-[r:DEF {owner: $token}]->() RETURN r
}
CALL (r) { DELETE r } IN TRANSACTIONS OF 5000 ROWS
