// name: checks.reproduce_members
// summary: Reproduce a member-sum finding: a concept's total (given dimensions) and its breakdown over one more axis in one period.
// mode: read
// param filing_id: STRING  the filing's id
// param concept: STRING  QName as the filing wrote it
// param period_key: STRING  Period key
// param dims: LIST<STRING>  the total's dimensions ("axis=member"), [] for a non-dimensional total
// param axis: STRING  QName of the axis summed over
// returns: member STRING, value STRING, decimals STRING, fact_id STRING
MATCH (f:Fact {filing_id: $filing_id, concept_qname: $concept})-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(:Period {key: $period_key})
WITH f, coalesce(ctx.dims, []) AS dims
WHERE dims = $dims OR (size(dims) = size($dims) + 1 AND all(d IN $dims WHERE d IN dims)
                       AND any(d IN dims WHERE d STARTS WITH $axis + '='))
RETURN CASE WHEN dims = $dims THEN '(total)' ELSE [d IN dims WHERE NOT d IN $dims][0] END AS member,
       f.value AS value, f.decimals AS decimals, f.fact_id AS fact_id
ORDER BY member
