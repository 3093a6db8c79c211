// name: dqc.dqc_0166_facts
// summary: Every fact of the filing (text and numeric, nil ones too) with its concept, context, period, unit and dimensions as axis/member concept keys: what DQC.US.0166 needs to decide which dimensional facts no cube holds.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept_key STRING, qname STRING, extension BOOLEAN, item_type STRING, nil BOOLEAN, value STRING, decimals STRING, unit STRING, context_id STRING, period STRING, dims LIST<STRING>, axis_keys LIST<STRING>, member_keys LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
OPTIONAL MATCH (f)-[:REPORTS]->(c:Concept)
RETURN f.fact_id AS fact_id, coalesce(c.key, f.concept_key) AS concept_key, f.concept_qname AS qname, coalesce(c:Extension, false) AS extension,
       c.type AS item_type, coalesce(f.nil, false) AS nil,
       f.value AS value, f.decimals AS decimals, f.unit_key AS unit, coalesce(f.context_id, ctx.context_ids[0]) AS context_id,
       p.key AS period, coalesce(ctx.dims, []) AS dims, coalesce(ctx.axis_keys, []) AS axis_keys, coalesce(ctx.member_keys, []) AS member_keys
ORDER BY fact_id
