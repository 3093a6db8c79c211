// name: db.node_counts
// summary: Number of nodes per label, for `auditgraph db stats`.
// mode: read
// returns: label STRING, count INTEGER
CALL db.labels() YIELD label
CALL (label) { MATCH (n) WHERE label IN labels(n) RETURN count(n) AS count }
RETURN label, count ORDER BY label
