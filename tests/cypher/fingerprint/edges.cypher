// name: fingerprint.edges
// summary: Every relationship a filing load writes (from or to a filing's nodes, to a placeholder, or owned by a filing) with its type, end keys and properties; scripts/graph_fingerprint.py compares two loads.
// mode: read
// returns: type STRING, from STRING, to STRING, props MAP
MATCH (f:Filing)
WITH collect(f.id) AS fids
MATCH (a)-[r]->(b)
WHERE a:Filing OR a:Fact OR a:Context OR a:Extension OR b:Extension OR b:Placeholder OR r.owner IN fids
RETURN type(r) AS type, coalesce(a.key, a.id) AS from, coalesce(b.key, b.id) AS to, properties(r) AS props
