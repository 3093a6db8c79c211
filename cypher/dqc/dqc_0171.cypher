// name: dqc.dqc_0171
// summary: DQC.US.0171 ASU 2016-13 transition elements: facts (periods ending on or after 2023-09-30) of the elements of the DQCRT constant ASU201613_TRANSITION_ELEMENTS, except the few the rule allows; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The transition elements are the DQCRT constant ASU201613_TRANSITION_ELEMENTS of the filing's us-gaap year, less
// the ones the rule still allows. Every fact counts: dimensional, text and nil ones too.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (k:DqcConstant {year: fl.us_gaap_year, name: 'ASU201613_TRANSITION_ELEMENTS'})
WITH fl, [x IN k.values WHERE NOT split(x, '#')[1] IN [
  'FinancingReceivableAllowanceForCreditLossesIndividuallyEvaluatedForImpairment1',
  'FinancingReceivableAllowanceForCreditLossesCollectivelyEvaluatedForImpairment',
  'HeldToMaturitySecuritiesContinuousUnrealizedLossPositionTwelveMonthsOrLongerFairValue',
  'HeldToMaturitySecuritiesContinuousUnrealizedLossPositionLessThanTwelveMonthsFairValue',
  'HeldToMaturitySecuritiesContinuousUnrealizedLossPosition12MonthsOrLongerAccumulatedLoss',
  'HeldToMaturitySecuritiesContinuousUnrealizedLossPositionLessThan12MonthsAccumulatedLoss',
  'HeldToMaturitySecuritiesContinuousUnrealizedLossPositionFairValue',
  'HeldToMaturitySecuritiesContinuousUnrealizedLossPositionAccumulatedLoss',
  'HeldToMaturitySecuritiesInUnrealizedLossPositionsQualitativeDisclosureNumberOfPositions',
  'UnamortizedLoanCommitmentAndOriginationFeesAndUnamortizedDiscountsOrPremiums']] AS transition
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key IN transition AND (p.end IS NULL OR p.end >= date('2023-09-30'))
WITH fl, f, ctx, p, CASE WHEN f.value IS NULL THEN 'nil' WHEN size(f.value) > 200 THEN left(f.value, 200) + '...' ELSE f.value END AS shown
RETURN fl.id AS filing_id, 'DQC.US.0171.10104' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' (value ' + shown + ', period ' + p.key + ', dimensions ' +
       CASE WHEN size(coalesce(ctx.dims, [])) = 0 THEN 'none' ELSE reduce(s = '', d IN ctx.dims | s + CASE WHEN s = '' THEN '' ELSE ', ' END + d) END +
       ', unit ' + coalesce(f.unit_key, 'none') + ') is an element kept only for the transition to ASU 2016-13 (credit losses). ' +
       'Report it with a current us-gaap element instead.' AS message
ORDER BY filing_id, concept, f.fact_id
