// name: dqc.dqc_0112
// summary: DQC.US.0112 Line items requiring the BusinessAcquisitionAxis: a fact of one of the business combination elements the rule lists (acquiree name, share price, step acquisition interest, contingent consideration...) reported without a member of the BusinessAcquisitionAxis (other axes may be there); one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// Text and nil facts count too; the official rule set tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(f:Fact)
WHERE f.concept_key STARTS WITH 'http://fasb.org/us-gaap/' AND split(f.concept_key, '#')[1] IN [
  'BusinessAcquisitionNameOfAcquiredEntity', 'BusinessAcquisitionPercentageOfVotingInterestsAcquired',
  'BusinessAcquisitionDescriptionOfAcquiredEntity', 'BusinessAcquisitionSharePrice', 'BusinessCombinationReasonForBusinessCombination',
  'BusinessAcquisitionRevenueReportedByAcquiredEntityForLastAnnualPeriod', 'BusinessAcquisitionDateOfAcquisitionAgreement1',
  'BusinessAcquisitionEffectiveDateOfAcquisition1', 'BusinessAcquisitionPeriodResultsIncludedInCombinedEntity1',
  'BusinessCombinationIndemnificationAssetsDescription', 'BusinessCombinationIndemnificationAssetsBasisForAmount',
  'BusinessCombinationIndemnificationAssetsRangeOfOutcomesValueHigh', 'BusinessCombinationIndemnificationAssetsRangeOfOutcomesValueLow',
  'BusinessCombinationIndemnificationAssetsRangeOfOutcomesInestimable',
  'BusinessCombinationIndemnificationAssetsRangeOfOutcomesMaximumUnlimited',
  'BusinessCombinationIndemnificationAssetsAmountAsOfAcquisitionDate', 'BusinessCombinationBargainPurchaseGainRecognizedDescription',
  'BusinessCombinationStepAcquisitionEquityInterestInAcquireeDescription',
  'BusinessCombinationStepAcquisitionEquityInterestInAcquireeFairValue1',
  'BusinessCombinationStepAcquisitionEquityInterestInAcquireeIncludingSubsequentAcquisitionPercentage',
  'BusinessCombinationStepAcquisitionEquityInterestInAcquireePercentage', 'BusinessAcquisitionEquityInterestIssuedOrIssuableDescription',
  'BusinessAcquisitionEquityInterestIssuedOrIssuableBasisForDeterminingValue',
  'BusinessAcquisitionEquityInterestsIssuedOrIssuableNumberOfSharesIssued', 'BusinessAcquisitionEquityInterestIssuedOrIssuableValueAssigned',
  'BusinessCombinationContingentConsiderationArrangementsDescription',
  'BusinessCombinationContingentConsiderationArrangementsBasisForAmount',
  'BusinessCombinationContingentConsiderationArrangementsRangeOfOutcomesValueHigh',
  'BusinessCombinationContingentConsiderationArrangementsRangeOfOutcomesValueLow',
  'BusinessCombinationContingentConsiderationArrangementsRangeOfOutcomesInestimable',
  'BusinessCombinationContingentConsiderationArrangementsRangeOfOutcomesMaximumUnlimited']
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE NOT EXISTS {
  MATCH (ctx)-[:ON_AXIS]->(ax:Concept {name: 'BusinessAcquisitionAxis'}) WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/'
}
WITH fl, f, ctx, p, CASE WHEN f.value IS NULL THEN 'nil' WHEN size(f.value) > 200 THEN left(f.value, 200) + '...' ELSE f.value END AS shown
RETURN fl.id AS filing_id, 'DQC.US.0112.9561' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' is reported as ' + shown + ' for ' + p.key + ' without the BusinessAcquisitionAxis. ' +
       'This element describes one business combination: report it with the BusinessAcquisitionAxis member of that acquisition.' AS message
ORDER BY filing_id, concept, f.fact_id
