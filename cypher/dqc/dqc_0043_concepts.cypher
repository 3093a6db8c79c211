// name: dqc.dqc_0043_concepts
// summary: The concepts of the filing's own calculation networks with what DQC.US.0043 asks of them: balance, base type and whether the filing declares them (extension).
// mode: read
// param filing_id: STRING  the filing's id
// returns: key STRING, qname STRING, balance STRING, base_type STRING, extension BOOLEAN
MATCH (p:Concept)-[:CALC {owner: $filing_id}]->(c:Concept)
UNWIND [p, c] AS x
WITH DISTINCT x
RETURN x.key AS key, x.qname AS qname, x.balance AS balance, x.base_type AS base_type, x:Extension AS extension
