// name: load.filer_labels
// summary: Write the filer's own labels as FILER_LABEL edges from its Filing to the concepts they label (the node REPORTS bridges to).
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of maps concept_key, role, role_name, lang, text (loader.concepts.filer_label_rows; the concepts must already exist)
// returns: nothing
// CREATE, not MERGE: the loader retires the filing's previous version, its Filing node with these edges, in the same transaction (load.filing_retire).
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MATCH (c:Concept {key: row.concept_key})
CREATE (fl)-[:FILER_LABEL {role: row.role, role_name: row.role_name, lang: row.lang, text: row.text}]->(c)
