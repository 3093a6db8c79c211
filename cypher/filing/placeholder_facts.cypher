// name: filing.placeholder_facts
// summary: Facts still bridged to placeholder concepts, per concept year (a release year to load).
// mode: read
// returns: year INTEGER, facts INTEGER, concepts INTEGER
MATCH (f:Fact)-[:REPORTS]->(c:Placeholder)
RETURN c.year AS year, count(f) AS facts, count(DISTINCT c) AS concepts
ORDER BY year
