// name: load.reload_labels
// summary: A replaced filing's labels of its own concepts, updated in place by key (load.filing_labels creates them on a first load); a label's key holds its concept's.
// mode: write
// param rows: LIST of maps key, concept_key, role, role_name, lang, text
// returns: nothing
UNWIND $rows AS row
MATCH (c:Concept {key: row.concept_key})
MERGE (l:Label {key: row.key})
SET l.role = row.role, l.role_name = row.role_name, l.lang = row.lang, l.text = row.text
MERGE (c)-[:HAS_LABEL]->(l)
