// name: load.claim_release_owner
// summary: Remove every claim one loader still holds (when it ends, normally or interrupted).
// mode: write
// param owner: STRING the loader's id
// returns: released INTEGER
OPTIONAL MATCH (c:LoadClaim {owner: $owner})
DELETE c
RETURN count(c) AS released
