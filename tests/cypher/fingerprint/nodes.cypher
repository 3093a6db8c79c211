// name: fingerprint.nodes
// summary: Every node a filing load writes or touches (filings, facts, contexts, periods, units, placeholders, extensions and their labels, filing roles) with its labels and properties; scripts/graph_fingerprint.py compares two loads.
// mode: read
// returns: labels LIST, props MAP
MATCH (f:Filing)
WITH collect(f.id) AS fids
MATCH (n)
WHERE n:Filing OR n:Fact OR n:Context OR n:Period OR n:Unit OR n:Placeholder OR n:Extension
   OR (n:Role AND n.owner IN fids) OR (n:Label AND EXISTS { (:Extension)-[:HAS_LABEL]->(n) })
RETURN labels(n) AS labels, properties(n) AS props
