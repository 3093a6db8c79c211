// name: taxonomy.concept_labels
// summary: All labels (standard, terse, total, negated, documentation, ...) of a concept in a year.
// mode: read
// param qname: STRING concept QName, e.g. us-gaap:Assets
// param year: INTEGER taxonomy year
// returns: role_name STRING, lang STRING, text STRING
MATCH (c:Concept {qname: $qname, year: $year})-[:HAS_LABEL]->(l:Label)
WHERE EXISTS { MATCH (:Release {status: 'loaded'})-[:DECLARES]->(c) }  // not what a killed load left pending
RETURN l.role_name AS role_name, l.lang AS lang, l.text AS text
ORDER BY role_name, lang
