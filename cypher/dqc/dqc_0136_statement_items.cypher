// name: dqc.dqc_0136_statement_items
// summary: DQC.US.0136 rule data: every element of the filing's statement presentation networks (definition containing "- Statement ", parentheticals included) as "namespace#name" (an extension's filing id left off, as an extensible enumeration value writes it), with whether it is monetary; no row when the filing has no statement network.
// mode: read
// param filing_id: STRING  the filing's id
// returns: item STRING, monetary BOOLEAN
MATCH (fl:Filing {id: $filing_id})-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement '
MATCH (a:Concept)-[x:PRES]->(b:Concept)
WHERE x.owner = fl.id AND x.role = r.uri
UNWIND [a, b] AS c
WITH DISTINCT c
RETURN coalesce(split(c.key, '|')[1], c.key) AS item, c.base_type = 'monetary' AS monetary
