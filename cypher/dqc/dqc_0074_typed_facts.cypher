// name: dqc.dqc_0074_typed_facts
// summary: For DQC.US.0074: every fact (nils and text too) whose context gives an empty typed member to one of the typed axes the rule lists (RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis, the Open...ContractIdentifierAxis axes, SecuritySoldShortIdentifierAxis, InvestmentIdentifierAxis, ReinsuranceContractAxis; us-gaap: the rule's *: prefix is its default namespace). The graph writes a nil typed member and an empty one alike ("axis=typed:").
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept STRING, value STRING, nil BOOLEAN, decimals STRING, unit STRING, context_id STRING, period_key STRING, dims LIST<STRING>, axis STRING
// anchored on the listed axes (Concept.name index) and the filing's contexts that use them
MATCH (ax:Concept)
WHERE ax.name IN ['RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis',
  'OpenFuturesContractIdentifierAxis', 'OpenForwardForeignCurrencyContractIdentifierAxis', 'OpenOptionContractIdentifierAxis',
  'OpenSwapContractIdentifierAxis', 'SecuritySoldShortIdentifierAxis', 'InvestmentIdentifierAxis', 'ReinsuranceContractAxis']
  AND ax.namespace STARTS WITH 'http://fasb.org/us-gaap/'
MATCH (ax)<-[:ON_AXIS]-(ctx:Context {filing_id: $filing_id})
WITH ctx, [d IN ctx.dims WHERE d ENDS WITH ':' + ax.name + '=typed:' | split(d, '=')[0]] AS empty
WHERE size(empty) > 0
UNWIND empty AS axis
WITH DISTINCT ctx, axis
MATCH (f:Fact)-[:IN_CONTEXT]->(ctx)-[:FOR_PERIOD]->(p:Period)
RETURN f.fact_id AS fact_id, f.concept_qname AS concept, f.value AS value, coalesce(f.nil, false) AS nil,
       f.decimals AS decimals, f.unit_key AS unit, coalesce(f.context_id, ctx.context_ids[0]) AS context_id,
       p.key AS period_key, coalesce(ctx.dims, []) AS dims, axis
ORDER BY fact_id, axis
