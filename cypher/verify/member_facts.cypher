// name: verify.member_facts
// summary: Dimensional numeric facts of a filing for one concept and period, with unit, rounding and members (a figure a member's fact states is no evidence against the consolidated one).
// mode: read
// param filing_id: STRING the filing id
// param qname: STRING the concept QName
// param period_key: STRING the Period key of the consolidated fact
// returns: fact_id STRING, value STRING, decimals STRING, precision STRING, unit_key STRING, members LIST<STRING>, axes LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period {key: $period_key})
WHERE f.numeric AND coalesce(ctx.dimensional, false) AND NOT coalesce(f.nil, false)
  AND (f.concept_qname = $qname OR EXISTS { MATCH (f)-[:REPORTS]->(:Concept {qname: $qname}) })
OPTIONAL MATCH (ctx)-[hm:HAS_MEMBER]->(m:Concept)
RETURN f.fact_id AS fact_id, f.value AS value, f.decimals AS decimals, f.precision AS precision, f.unit_key AS unit_key,
       collect(m.qname) AS members, collect(hm.axis) AS axes
ORDER BY fact_id
