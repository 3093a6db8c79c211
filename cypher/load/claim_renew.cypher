// name: load.claim_renew
// summary: Extend the lease of the claims one loader still holds (called while it works).
// mode: write
// param owner: STRING the loader's id
// param lease_seconds: INTEGER the new lease from now
// returns: renewed INTEGER
OPTIONAL MATCH (c:LoadClaim {owner: $owner})
SET c.expires_at = datetime() + duration({seconds: $lease_seconds})
RETURN count(c) AS renewed
