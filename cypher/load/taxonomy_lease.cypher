// name: load.taxonomy_lease
// summary: Take the taxonomy lease (the LoadClaim keyed $gate) for one taxonomy load when no other loader holds it and no filing is claimed; returns who holds it and which loaders still work (busy).
// mode: write
// param gate: STRING the lease's key (loader/claims.py TAXONOMY)
// param owner: STRING the taxonomy loader's id
// param lease_seconds: INTEGER how long the lease lives unless renewed
// param dead_owners: LIST loaders known to be dead (processes of this host that no longer run)
// returns: owner STRING, expires_at DATETIME, busy LIST
// The LoadGate lock serialises this with every load.claim_acquire: a filing claimed after this commits
// waits for the lease, a filing claimed before it keeps this lease from being taken until it is released.
MERGE (g:LoadGate {key: $gate})
SET g.locked = true
WITH g
OPTIONAL MATCH (t:LoadClaim {key: $gate})
WITH t, (t IS NULL OR t.owner = $owner OR t.expires_at < datetime() OR t.owner IN $dead_owners) AS free
OPTIONAL MATCH (f:LoadClaim)
  WHERE f.key <> $gate AND f.owner <> $owner AND f.expires_at >= datetime() AND NOT f.owner IN $dead_owners
WITH t, free, collect(DISTINCT f.owner) AS busy
WITH t, busy, free AND size(busy) = 0 AS mine
FOREACH (_ IN CASE WHEN mine THEN [1] ELSE [] END |
  MERGE (c:LoadClaim {key: $gate})
  SET c.owner = $owner, c.expires_at = datetime() + duration({seconds: $lease_seconds}))
RETURN CASE WHEN mine THEN $owner ELSE t.owner END AS owner,
       CASE WHEN mine THEN null ELSE t.expires_at END AS expires_at, busy
