// name: checks.build_dqc_lists
// summary: Hand-built taxonomies: a DqcRule node and its LISTS edges to concepts (as the taxonomy loader writes them from dqcrules).
// mode: write
// param rule_id: STRING  DQC.US.0015
// param release: STRING  us-gaap/2025
// param rows: LIST<MAP>  {concept_key, list}
// returns: nothing
MERGE (r:DqcRule {key: $rule_id + '@' + $release})
SET r.rule_id = $rule_id, r.release = $release, r.source = 'handbuilt'
WITH r
UNWIND $rows AS row
MATCH (c:Concept {key: row.concept_key})
MERGE (r)-[l:LISTS {list: row.list}]->(c)
