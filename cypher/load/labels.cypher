// name: load.labels
// summary: Write Label nodes (documentation included) and HAS_LABEL from their concept.
// mode: write
// param rows: LIST of maps key, concept_key, role, role_name, lang, text (loader.concepts.label_rows)
// returns: nothing
UNWIND $rows AS row
MATCH (c:Concept {key: row.concept_key})
MERGE (l:Label {key: row.key})
SET l.role = row.role, l.role_name = row.role_name, l.lang = row.lang, l.text = row.text
MERGE (c)-[:HAS_LABEL]->(l)
