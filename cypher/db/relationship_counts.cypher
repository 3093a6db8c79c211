// name: db.relationship_counts
// summary: Number of relationships per type, for `auditgraph db stats`.
// mode: read
// returns: type STRING, count INTEGER
CALL db.relationshipTypes() YIELD relationshipType AS type
CALL (type) { MATCH ()-[r]->() WHERE type(r) = type RETURN count(r) AS count }
RETURN type, count ORDER BY type
