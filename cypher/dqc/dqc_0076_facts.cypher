// name: dqc.dqc_0076_facts
// summary: For DQC.US.0076: the facts (nils too) of RevenueRemainingPerformanceObligation, RevenueRemainingPerformanceObligationPercentage and RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1 (us-gaap: the rule's *: prefix is its default namespace) reported with a typed member of RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis, with that member's value.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept STRING, name STRING (local name), value STRING, nil BOOLEAN, decimals STRING, unit STRING, context_id STRING, context_key STRING, period_key STRING, dims LIST<STRING>, start STRING (the typed member's value)
// anchored on the three elements (Concept.name index) and their REPORTS edges, not on every fact of the filing
MATCH (c:Concept)
WHERE c.name IN ['RevenueRemainingPerformanceObligation', 'RevenueRemainingPerformanceObligationPercentage',
  'RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1']
  AND c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
MATCH (c)<-[:REPORTS]-(f:Fact {filing_id: $filing_id})
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH f, ctx, p, [d IN coalesce(ctx.dims, []) WHERE d STARTS WITH 'us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis=typed:'] AS starts
WHERE size(starts) > 0
RETURN f.fact_id AS fact_id, f.concept_qname AS concept, split(f.concept_key, '#')[1] AS name, f.value AS value,
       coalesce(f.nil, false) AS nil, f.decimals AS decimals, f.unit_key AS unit,
       coalesce(f.context_id, ctx.context_ids[0]) AS context_id, ctx.key AS context_key, p.key AS period_key,
       coalesce(ctx.dims, []) AS dims, substring(starts[0], size(split(starts[0], '=typed:')[0]) + 7) AS start
ORDER BY f.source_line, fact_id
