// name: checks.numeric_facts
// summary: Every numeric fact of a filing with its exact value, decimals, unit, period, dimensions and governing concept (the rules do their arithmetic in Python on these strings).
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept_key STRING, qname STRING, value STRING, nil BOOLEAN, decimals STRING, unit STRING, duplicate STRING, context_id STRING, context_key STRING, dims LIST<STRING>, period_key STRING (kind and dates are in the key), balance STRING, base_type STRING, item_type STRING
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE f.numeric = true
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
OPTIONAL MATCH (f)-[:REPORTS]->(c:Concept)
RETURN f.fact_id AS fact_id, f.concept_key AS concept_key, f.concept_qname AS qname, f.value AS value,
       coalesce(f.nil, false) AS nil, f.decimals AS decimals, f.unit_key AS unit, f.duplicate AS duplicate,
       coalesce(f.context_id, ctx.context_ids[0]) AS context_id, ctx.key AS context_key,
       coalesce(ctx.dims, []) AS dims, p.key AS period_key, c.balance AS balance, c.base_type AS base_type, c.type AS item_type
