// name: dqc.dqc_0073
// summary: DQC.US.0073 (plan asset categories: permissible line items): every fact of a base taxonomy element (us-gaap, srt, dei..., not the filer's extension) reported on us-gaap DefinedBenefitPlanByPlanAssetCategoriesAxis whose element is not one of the plan asset elements the rule allows. Nil facts count; duplicates (same concept, context, unit and value) are one finding. One finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[:ON_AXIS]->(axis:Concept)
WHERE axis.key STARTS WITH 'http://fasb.org/us-gaap/' AND split(axis.key, '#')[1] = 'DefinedBenefitPlanByPlanAssetCategoriesAxis'
MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact)-[:REPORTS]->(c:Concept)
WHERE NOT c:Extension
  AND NOT (c.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND c.name IN [
    'DefinedBenefitPlanActualReturnOnPlanAssetsSoldDuringPeriod', 'DefinedBenefitPlanActualReturnOnPlanAssetsStillHeld',
    'DefinedBenefitPlanAmountOfEmployerAndRelatedPartySecuritiesIncludedInPlanAssets',
    'DefinedBenefitPlanAssetsExpectedToBeReturnedToEmployerAmount',
    'DefinedBenefitPlanChangeInFairValueOfPlanAssetsLevel3ReconciliationPeriodIncreaseDecrease',
    'DefinedBenefitPlanFairValueOfPlanAssets', 'DefinedBenefitPlanInvestmentPoliciesAndStrategiesNarrativeDescription',
    'DefinedBenefitPlanNarrativeDescriptionOfBasisUsedToDetermineOverallExpectedLongTermRateOfReturnOnAssetsAssumption',
    'DefinedBenefitPlanNumberOfSharesOfEquitySecuritiesIssuedByEmployerAndRelatedPartiesIncludedInPlanAssets',
    'DefinedBenefitPlanPlanAssetsAtFairValueValuationTechniquesAndInputsChanges',
    'DefinedBenefitPlanPlanAssetsEmployerRelatedPartyTransactionTypeExtensibleList',
    'DefinedBenefitPlanPlanAssetsEmployerRelatedPartyTypeExtensibleList',
    'DefinedBenefitPlanPlanAssetsFairValueByHierarchyAndNavExtensibleList',
    'DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryAmount',
    'DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryPercentage',
    'DefinedBenefitPlanPlanAssetsLevel3ReconciliationDecreaseForSale',
    'DefinedBenefitPlanPlanAssetsLevel3ReconciliationDecreaseForSettlement',
    'DefinedBenefitPlanPlanAssetsLevel3ReconciliationIncreaseForPurchase',
    'DefinedBenefitPlanPlanAssetsMeasurementInputExtensibleList', 'DefinedBenefitPlanPlanAssetsTargetAllocationPercentage',
    'DefinedBenefitPlanPlanAssetsValuationTechniqueExtensibleList',
    'DefinedBenefitPlanAssumptionsUsedCalculatingNetPeriodicBenefitCostExpectedLongTermReturnOnAssets',
    'DefinedBenefitPlanPurchasesSalesAndSettlements', 'DefinedBenefitPlanTransfersBetweenMeasurementLevels',
    'DefinedBenefitPlanPlanAssetsForeignCurrencyTranslationGainLoss', 'DefinedBenefitPlanWeightedAverageAssetAllocations',
    'FairValueInvestmentsEntitiesThatCalculateNetAssetValuePerShareUnfundedCommittments',
    'FairValueInvestmentsEntitiesThatCalculateNetAssetValuePerShareInvestmentRedemptionNoticePeriod1',
    'FairValueInvestmentsEntitiesThatCalculateNetAssetValuePerShareInvestmentRedemptionFrequency',
    'FairValueInvestmentsEntitiesThatCalculateNetAssetValuePerShareInvestmentRedemptionDescription',
    'FairValueInvestmentsEntitiesThatCalculateNetAssetValuePerShareRedemptionRestrictionPeriodInEffect1'])
MATCH (ctx)-[:FOR_PERIOD]->(p:Period)
// duplicates (same concept, context, unit, value) are one fact to the engine: the most precise, else the first
WITH fl, c, ctx, p, f
ORDER BY CASE WHEN f.decimals = 'INF' THEN 1000000 ELSE coalesce(toInteger(f.decimals), -1000000) END DESC, f.fact_id
WITH fl, c, ctx, p, f.concept_key AS ck, f.unit_key AS unit, f.value AS value, coalesce(f.nil, false) AS nil, head(collect(f)) AS f
WITH fl, c, ctx, p, f, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0073.7648' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' (value ' + coalesce(left(f.value, 120), 'nil') + ', period ' + p.key + ', dimensions '
         + reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d)
         + CASE WHEN f.unit_key IS NULL THEN '' ELSE ', unit ' + f.unit_key END + ', context ' + context_id
         + ') is reported on DefinedBenefitPlanByPlanAssetCategoriesAxis, which only takes the plan asset elements'
         + ' (fair value of plan assets, actual return on plan assets, target and weighted average allocations, level 3'
         + ' reconciliation items, NAV investment details and the like). Report this element without the plan asset'
         + ' category axis, or use the plan asset element that fits.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
