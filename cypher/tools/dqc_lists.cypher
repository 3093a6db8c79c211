// name: tools.dqc_lists
// summary: DQC rule data (DqcRule -LISTS-> Concept) that names a concept, from the loaded dqcrules taxonomy.
// mode: read
// param key: STRING  concept key
// returns: rule_id STRING, release STRING, name STRING, list STRING, element_id STRING
MATCH (r:DqcRule)-[l:LISTS]->(:Concept {key: $key})
RETURN r.rule_id AS rule_id, r.release AS release, r.name AS name, l.list AS list, toString(l.element_id) AS element_id
ORDER BY rule_id
