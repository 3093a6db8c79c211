// name: checks.dqc_lists
// summary: Rule data of one DQC rule in one release from the loaded dqcrules taxonomy (DqcRule -LISTS-> Concept), e.g. the DQC.US.0015 exclusions.
// mode: read
// param rule_id: STRING  DQC.US.0015
// param release: STRING  us-gaap/2025
// returns: list STRING, name STRING, qname STRING
MATCH (r:DqcRule {key: $rule_id + '@' + $release})-[l:LISTS]->(c:Concept)
RETURN l.list AS list, c.name AS name, c.qname AS qname
ORDER BY list, name
