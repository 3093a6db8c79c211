// name: dqc.dqc_0135_statement_concepts
// summary: The concepts of the filing's statement presentation networks (role definition containing "- Statement "), for DQC.US.0135; no rows when the filing has no such network.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, concept_key STRING, base_type STRING
MATCH (a:Concept)-[e:PRES {owner: $filing_id}]->(b:Concept)
WITH DISTINCT e.role AS role, a, b
MATCH (r:Role {key: $filing_id + '|' + role})
WHERE r.definition CONTAINS '- Statement '
UNWIND [a, b] AS c
RETURN DISTINCT role, c.key AS concept_key, c.base_type AS base_type
ORDER BY role, concept_key
