// name: taxonomy.dqc_list
// summary: Concepts a DQC rule lists in the loaded DQC rules taxonomy (e.g. DQC.US.0015 exclusion lists).
// mode: read
// param rule_id: STRING e.g. DQC.US.0001
// param release: STRING release key the rules came with, e.g. us-gaap/2025
// returns: list STRING, concept STRING, element_id STRING
MATCH (:DqcRule {rule_id: $rule_id, release: $release})-[l:LISTS]->(c:Concept)
WHERE EXISTS { MATCH (:Release {key: $release, status: 'loaded'}) }  // not what a killed load left pending
RETURN l.list AS list, c.qname AS concept, l.element_id AS element_id
ORDER BY list, concept
