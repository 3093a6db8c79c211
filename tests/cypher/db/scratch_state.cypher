// name: db.scratch_state
// summary: Whether the database is marked as a scratch database tests may wipe, and whether it holds other data.
// mode: read
// returns: marked BOOLEAN, has_data BOOLEAN
OPTIONAL MATCH (m:AuditgraphScratch)
WITH count(m) > 0 AS marked
OPTIONAL MATCH (n) WHERE NOT n:AuditgraphScratch
WITH marked, n LIMIT 1
RETURN marked, n IS NOT NULL AS has_data
