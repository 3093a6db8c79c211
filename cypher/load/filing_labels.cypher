// name: load.filing_labels
// summary: Write the Label nodes (documentation included) of a filing's extension concepts and HAS_LABEL from their concept.
// mode: write
// param rows: LIST of maps key, concept_key, role, role_name, lang, text (loader.concepts.label_rows, one row per key)
// returns: nothing
// The extension concepts were created in the same transaction (load.extension_concepts), so their labels
// are new: CREATE them (load.labels merges, for releases).
UNWIND $rows AS row
MATCH (c:Concept {key: row.concept_key})
CREATE (c)-[:HAS_LABEL]->(:Label {key: row.key, role: row.role, role_name: row.role_name, lang: row.lang, text: row.text})
