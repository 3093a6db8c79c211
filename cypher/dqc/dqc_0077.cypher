// name: dqc.dqc_0077
// summary: DQC.US.0077 sub-rule 7654: a fact (nil included) of us-gaap RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1 reported without RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis (and without srt:RangeAxis, which the rule accepts instead); one finding per fact, facts repeated with the same value in the same context counted once, as the official engine does.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy AND fl.us_gaap_year IN [2023, 2024, 2025]
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key = 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1'
  AND NOT EXISTS {
    MATCH (ctx)-[:ON_AXIS]->(a:Concept)
    WHERE (a.namespace STARTS WITH 'http://fasb.org/srt/' AND a.name = 'RangeAxis')
       OR (a.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND a.name = 'RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis')
  }
WITH fl, ctx, p, f.value AS value, coalesce(f.nil, false) AS nil, f ORDER BY f.fact_id
WITH fl, ctx, p, value, nil, collect(f)[0] AS f
RETURN fl.id AS filing_id, 'DQC.US.0077.7654' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' is reported as ' + CASE WHEN nil THEN 'nil' ELSE value END + ' (period ' + p.key + ', context ' +
       coalesce(f.context_id, ctx.context_ids[0]) + ', dimensions ' +
       CASE WHEN size(coalesce(ctx.dims, [])) = 0 THEN 'none' ELSE reduce(s = '', d IN ctx.dims | s + CASE WHEN s = '' THEN '' ELSE ', ' END + d) END +
       ') without RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis. The expected timing of a ' +
       'remaining performance obligation is reported for the date it starts from: put the start date on that axis (see the ' +
       'FASB implementation guide on revenue from contracts with customers).' AS message
ORDER BY filing_id, f.fact_id
