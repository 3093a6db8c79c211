// name: verify.member_fact_rows
// summary: Numeric facts of a filing for some concepts, every period, reported in a context whose explicit members are exactly the given ones (one per axis; every other axis at its default), with their axis=member pairs.
// mode: read
// param filing_id: STRING the filing id
// param qnames: LIST<STRING> concept QNames (us-gaap:Revenues, or an extension QName)
// param members: LIST<STRING> member QNames the context must carry, and nothing else (cpk:UnregulatedEnergyMember)
// returns: fact_id STRING, qname STRING, concept_key STRING, value STRING, decimals STRING, precision STRING, nil BOOLEAN, duplicate STRING, unit_key STRING, period_key STRING, kind STRING, start DATE, end DATE, days INTEGER, period_type STRING, base_type STRING, dims LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE f.numeric
OPTIONAL MATCH (f)-[:REPORTS]->(c:Concept)
WITH f, c
WHERE f.concept_qname IN $qnames OR c.qname IN $qnames
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE coalesce(ctx.dimensional, false) AND size(ctx.axis_keys) = size($members)
  AND all(q IN $members WHERE EXISTS { MATCH (ctx)-[:HAS_MEMBER]->(:Concept {qname: q}) })
MATCH (ctx)-[hm:HAS_MEMBER]->(m:Concept)
WITH f, c, p, collect(hm.axis + '=' + m.qname) AS dims
WHERE size(dims) = size($members)
RETURN f.fact_id AS fact_id, coalesce(c.qname, f.concept_qname) AS qname, coalesce(c.key, f.concept_key) AS concept_key,
       f.value AS value, f.decimals AS decimals, f.precision AS precision, coalesce(f.nil, false) AS nil,
       f.duplicate AS duplicate, f.unit_key AS unit_key, p.key AS period_key, p.kind AS kind, p.start AS start,
       p.end AS end, p.days AS days, c.period_type AS period_type, c.base_type AS base_type, dims
ORDER BY qname, end DESC, fact_id
