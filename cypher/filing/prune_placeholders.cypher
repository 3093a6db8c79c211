// name: filing.prune_placeholders
// summary: Delete placeholder concepts nothing points to any more.
// mode: write
// returns: deleted INTEGER
MATCH (p:Placeholder) WHERE NOT EXISTS { (p)--() }
DELETE p
RETURN count(*) AS deleted
