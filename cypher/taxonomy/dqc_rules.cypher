// name: taxonomy.dqc_rules
// summary: The DQC rules a release's dqcrules taxonomy holds, with how many concepts their lists name (the rules with rule data first).
// mode: read
// param release: STRING release key the rules came with, e.g. us-gaap/2025
// returns: rule_id STRING, name STRING, concepts INTEGER
MATCH (r:DqcRule {release: $release})
WHERE EXISTS { MATCH (:Release {key: $release, status: 'loaded'}) }  // not what a killed load left pending
RETURN r.rule_id AS rule_id, r.name AS name, COUNT { (r)-[:LISTS]->(:Concept) } AS concepts
ORDER BY concepts DESC, rule_id
