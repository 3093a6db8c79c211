// name: load.claim_acquire
// summary: Claim a filing for one loader in its own short transaction (MERGE on the unique LoadClaim key); renews its own claim and takes over an expired one of another owner, or one of an owner known dead; no claim while a taxonomy load holds the taxonomy lease (gate_owner says whose).
// mode: write
// param key: STRING the filing's id
// param owner: STRING the claiming loader's id
// param lease_seconds: INTEGER how long the claim lives unless renewed
// param dead_owner: STRING a loader known to be dead (a process of this host that no longer runs), or ''
// param gate: STRING the key of the taxonomy lease (loader/claims.py TAXONOMY)
// returns: owner STRING, expires_at DATETIME, gate_owner STRING
// Every claim and the taxonomy lease first lock the one LoadGate node: a taxonomy load and the filing loads
// beside it see each other's claims (load.taxonomy_lease), never both start.
MERGE (g:LoadGate {key: $gate})
SET g.locked = true
WITH g
OPTIONAL MATCH (t:LoadClaim {key: $gate})
  WHERE t.owner <> $owner AND t.owner <> $dead_owner AND t.expires_at >= datetime()
WITH t.owner AS gate_owner
OPTIONAL CALL (gate_owner) {
  WITH gate_owner WHERE gate_owner IS NULL
  MERGE (c:LoadClaim {key: $key})
  ON CREATE SET c.owner = $owner, c.expires_at = datetime() + duration({seconds: $lease_seconds})
  // a write first takes the claim's lock: two loaders taking over one expired claim at once are
  // serialised, and the second then reads the first one's owner and lease
  ON MATCH SET c.checked_at = datetime()
  WITH c, (c.owner = $owner OR c.expires_at < datetime() OR c.owner = $dead_owner) AS mine
  SET c.owner = CASE WHEN mine THEN $owner ELSE c.owner END,
      c.expires_at = CASE WHEN mine THEN datetime() + duration({seconds: $lease_seconds}) ELSE c.expires_at END
  RETURN c.owner AS owner, c.expires_at AS expires_at
}
RETURN owner, expires_at, gate_owner
