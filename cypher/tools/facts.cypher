// name: tools.facts
// summary: Every fact of a filing for one concept (key or QName) with exact value, decimals, unit, period, dimensions and duplicate flag.
// mode: read
// param filing_id: STRING  the filing's id
// param key: STRING  concept key (null to match by QName)
// param qname: STRING  the QName as the filing wrote it (null to match by key)
// returns: fact_id STRING, concept STRING, concept_key STRING, value STRING, nil BOOLEAN, numeric BOOLEAN, decimals STRING, unit STRING, duplicate STRING, context_id STRING, dims LIST<STRING>, period_key STRING, kind STRING, start DATE, end DATE
MATCH (f:Fact {filing_id: $filing_id})
WHERE f.concept_key = $key OR f.concept_qname = $qname
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
RETURN f.fact_id AS fact_id, f.concept_qname AS concept, f.concept_key AS concept_key, f.value AS value,
       coalesce(f.nil, false) AS nil, coalesce(f.numeric, false) AS numeric, f.decimals AS decimals, f.unit_key AS unit,
       f.duplicate AS duplicate, f.context_id AS context_id, coalesce(ctx.dims, []) AS dims, p.key AS period_key,
       p.kind AS kind, p.start AS start, p.end AS end
ORDER BY end DESC, size(dims), fact_id
