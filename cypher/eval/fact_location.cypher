// name: eval.fact_location
// summary: Where a fact sits in its instance document (concept namespace#name, instance id, context id, unit id) so a copy of the filing can be edited.
// mode: read
// param filing_id: STRING  the filing's id
// param fact_id: STRING  the fact's id within the filing (instance id, else f{n})
// returns: concept_key STRING, fact_id STRING, context_ids LIST<STRING>, unit_id STRING, value STRING, decimals STRING
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact {fact_id: $fact_id})
OPTIONAL MATCH (f)-[:IN_CONTEXT]->(ctx:Context)
RETURN f.concept_key AS concept_key, f.fact_id AS fact_id,
       CASE WHEN f.context_id IS NULL THEN coalesce(ctx.context_ids, []) ELSE [f.context_id] END AS context_ids,
       f.unit_id AS unit_id, f.value AS value, f.decimals AS decimals
