// name: load.dqc_lists
// summary: Create LISTS edges from a DqcRule to the concepts its rule-concept arcs name (e.g. DQC.US.0015 exclusions).
// mode: write
// param rows: LIST of maps rule_key, concept_key, list, element_id, order
// returns: nothing
UNWIND $rows AS row
MATCH (d:DqcRule {key: row.rule_key})
MATCH (c:Concept {key: row.concept_key})
CREATE (d)-[:LISTS {list: row.list, element_id: row.element_id, order: row.order}]->(c)
