// name: verify.lexicon
// summary: The words a filing's numeric concepts go by: taxonomy labels and the filer's own labels, with type.
// mode: read
// param filing_id: STRING the filing id
// returns: qname STRING, label STRING, labels LIST<STRING>, filer_labels LIST<MAP>, type STRING, base_type STRING, period_type STRING, balance STRING, unit_keys LIST<STRING>
MATCH (fl:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Concept)
WHERE f.numeric
WITH fl, c, collect(DISTINCT f.unit_key) AS unit_keys
OPTIONAL MATCH (c)-[:HAS_LABEL]->(l:Label)
WHERE l.role_name <> 'documentation' AND (l.lang IS NULL OR l.lang STARTS WITH 'en')
WITH fl, c, unit_keys, collect(DISTINCT l.text) AS labels
OPTIONAL MATCH (fl)-[fx:FILER_LABEL]->(c)
WHERE fx.role_name <> 'documentation' AND (fx.lang IS NULL OR fx.lang STARTS WITH 'en')
RETURN c.qname AS qname, c.label AS label, labels,
       [x IN collect(fx) WHERE x IS NOT NULL | {role_name: x.role_name, text: x.text}] AS filer_labels,
       c.type AS type, c.base_type AS base_type, c.period_type AS period_type, c.balance AS balance, unit_keys
ORDER BY qname
