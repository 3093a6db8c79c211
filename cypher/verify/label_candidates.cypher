// name: verify.label_candidates
// summary: Concepts the filing reports numerically, with their labels (last-resort label matching).
// mode: read
// param filing_id: STRING the filing id
// returns: qname STRING, key STRING, label STRING, labels LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Concept)
WHERE f.numeric
WITH DISTINCT c
OPTIONAL MATCH (c)-[:HAS_LABEL]->(l:Label)
WHERE l.role_name <> 'documentation' AND (l.lang IS NULL OR l.lang STARTS WITH 'en')
RETURN c.qname AS qname, c.key AS key, c.label AS label, collect(DISTINCT l.text) AS labels
ORDER BY qname
