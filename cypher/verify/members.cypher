// name: verify.members
// summary: The explicit members a filing's facts are reported for, with the axis and every label the member goes by (taxonomy and the filer's own).
// mode: read
// param filing_id: STRING the filing id
// returns: qname STRING, axis STRING, labels LIST<STRING>, filer_labels LIST<STRING>
MATCH (fl:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[hm:HAS_MEMBER]->(m:Concept)
WHERE f.numeric
WITH DISTINCT fl, m, hm.axis AS axis
OPTIONAL MATCH (m)-[:HAS_LABEL]->(l:Label)
WHERE l.role_name <> 'documentation' AND (l.lang IS NULL OR l.lang STARTS WITH 'en')
WITH fl, m, axis, collect(DISTINCT l.text) AS labels
OPTIONAL MATCH (fl)-[fx:FILER_LABEL]->(m)
WHERE fx.role_name <> 'documentation' AND (fx.lang IS NULL OR fx.lang STARTS WITH 'en')
RETURN m.qname AS qname, axis, labels, [x IN collect(fx) WHERE x IS NOT NULL | x.text] AS filer_labels
ORDER BY qname, axis
