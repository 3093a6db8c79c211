// name: taxonomy.finish_release
// summary: Flip a package's Release nodes from pending to loaded with their counts, in one transaction (the commit point).
// mode: write
// param rows: LIST of maps key, concepts, relationships, labels, dqc_rules
// returns: key STRING
UNWIND $rows AS row
MATCH (r:Release {key: row.key, status: 'pending'})
SET r.status = 'loaded', r.loaded_at = datetime(), r.concepts = row.concepts, r.relationships = row.relationships,
    r.labels = row.labels, r.dqc_rules = row.dqc_rules
RETURN r.key AS key
