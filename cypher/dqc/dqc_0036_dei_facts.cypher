// name: dqc.dqc_0036_dei_facts
// summary: For DQC.US.0036 and DQC.US.0033: every dei fact of the filing (nils included) with its value, context, period and dimensions, in document order. Reached through the dei release the filing uses (its declared concepts and their REPORTS edges, much faster than scanning the filing's facts); a filing with no loaded dei release is scanned.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept STRING (QName), name STRING (local name), value STRING, nil BOOLEAN, decimals STRING, unit STRING, context_id STRING, period_key STRING, kind STRING, end DATE (null for forever), dims LIST<STRING>
MATCH (fl:Filing {id: $filing_id})
OPTIONAL MATCH (fl)-[:USES_RELEASE]->(rel:Release {taxonomy: 'dei'})
WITH fl, collect(rel) AS releases
CALL (fl, releases) {
  UNWIND releases AS rel
  MATCH (rel)-[:DECLARES]->(:Concept)<-[:REPORTS]-(f:Fact)
  WHERE f.filing_id = fl.id
  RETURN f
  UNION
  WITH fl, releases WHERE size(releases) = 0
  MATCH (fl)-[:HAS_FACT]->(f:Fact)
  WHERE f.concept_key STARTS WITH 'http://xbrl.sec.gov/dei/'
  RETURN f
}
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
RETURN f.fact_id AS fact_id, f.concept_qname AS concept, split(f.concept_key, '#')[1] AS name, f.value AS value,
       coalesce(f.nil, false) AS nil, f.decimals AS decimals, f.unit_key AS unit,
       coalesce(f.context_id, ctx.context_ids[0]) AS context_id, p.key AS period_key, p.kind AS kind, p.end AS end,
       coalesce(ctx.dims, []) AS dims
ORDER BY f.source_line, fact_id
