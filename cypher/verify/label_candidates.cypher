// name: verify.label_candidates
// summary: Concepts the filing reports numerically, with their labels and the filer's own labels (last-resort label matching).
// mode: read
// param filing_id: STRING the filing id
// returns: qname STRING, key STRING, label STRING, labels LIST<STRING>, filer_labels LIST<MAP>
// labels: the concept's HAS_LABEL texts (taxonomy or extension, English, no documentation);
// filer_labels: this filing's FILER_LABEL edges to it, distinct {role_name, text} maps ordered by role_name, text.
MATCH (fl:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Concept)
WHERE f.numeric
WITH DISTINCT fl, c
OPTIONAL MATCH (c)-[:HAS_LABEL]->(l:Label)
WHERE l.role_name <> 'documentation' AND (l.lang IS NULL OR l.lang STARTS WITH 'en')
WITH fl, c, collect(DISTINCT l.text) AS labels
RETURN c.qname AS qname, c.key AS key, c.label AS label, labels,
       COLLECT {
         MATCH (fl)-[r:FILER_LABEL]->(c)
         WITH DISTINCT r.role_name AS role_name, r.text AS text
         ORDER BY role_name, text
         RETURN {role_name: role_name, text: text}
       } AS filer_labels
ORDER BY qname
