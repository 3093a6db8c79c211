// name: checks.reproduce_fact
// summary: Reproduce a single-fact finding: the fact with its concept, period, dimensions and unit.
// mode: read
// param filing_id: STRING  the filing's id
// param fact_id: STRING  the fact's id in the instance
// returns: concept STRING, value STRING, decimals STRING, period STRING, dims LIST<STRING>, unit STRING
MATCH (f:Fact {key: $filing_id + '|' + $fact_id})-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
RETURN f.concept_qname AS concept, f.value AS value, f.decimals AS decimals, p.key AS period,
       coalesce(ctx.dims, []) AS dims, f.unit_key AS unit
