// name: tools.concept_metadata
// summary: A concept's properties (type, balance, period type, flags) and all its labels and documentation.
// mode: read
// param key: STRING  concept key
// returns: concept MAP, node_labels LIST<STRING>, labels LIST<MAP> (role_name, lang, text)
MATCH (c:Concept {key: $key})
OPTIONAL MATCH (c)-[:HAS_LABEL]->(l:Label)
RETURN c {.*} AS concept, labels(c) AS node_labels,
       collect(l {.role_name, .lang, .text}) AS labels
