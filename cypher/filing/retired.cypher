// name: filing.retired
// summary: Replaced filing versions not purged yet (a later load deletes them while Arelle parses; `filing delete` at once), with their filing ids.
// mode: read
// returns: id STRING, token STRING
MATCH (f:RetiredFiling)
RETURN f.id AS id, f.retired AS token
