// name: load.claim_release
// summary: Remove one loader's claim on a filing (after the filing's transaction committed or failed).
// mode: write
// param key: STRING the filing's id
// param owner: STRING the loader's id
// returns: released INTEGER
OPTIONAL MATCH (c:LoadClaim {key: $key, owner: $owner})
DELETE c
RETURN count(c) AS released
