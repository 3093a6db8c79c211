// name: dqc.dqc_0161_facts
// summary: DQC.US.0161 rule data (0164, 0166 and 0189 read it too): every fact of the filing (any type, nil ones too) with its concept key, period, unit and dimensions as concept keys (axis, and member; "" for a typed member), to place facts in the filing's cubes; and whether its element is an extension, and the element's type.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept_key STRING, qname STRING, value STRING, nil BOOLEAN, decimals STRING, unit STRING, context_id STRING, period_key STRING, dims LIST<STRING>, axes LIST<MAP> (axis, member), extension BOOLEAN, item_type STRING
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH f, ctx, p, coalesce(ctx.dims, []) AS dims
// the loader keeps the axes' and members' keys parallel to dims; without them, read the context's edges
WITH f, ctx, p, dims,
     CASE WHEN ctx.axis_keys IS NOT NULL AND size(ctx.axis_keys) = size(dims)
       THEN [i IN range(0, size(dims) - 1) | {axis: ctx.axis_keys[i], member: coalesce(ctx.member_keys[i], '')}]
       ELSE [(ctx)-[:ON_AXIS]->(a:Concept) | {axis: a.key,
               member: coalesce(head([(ctx)-[h:HAS_MEMBER]->(m:Concept) WHERE h.axis = a.qname | m.key]), '')}]
     END AS axes
OPTIONAL MATCH (f)-[:REPORTS]->(c:Concept)
RETURN f.fact_id AS fact_id, f.concept_key AS concept_key, f.concept_qname AS qname, f.value AS value,
       coalesce(f.nil, false) AS nil, f.decimals AS decimals, f.unit_key AS unit,
       coalesce(f.context_id, ctx.context_ids[0]) AS context_id, p.key AS period_key, dims, axes,
       coalesce(c:Extension, false) AS extension, c.type AS item_type
ORDER BY fact_id
