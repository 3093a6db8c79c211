// name: dqc.dqc_0200
// summary: DQC.US.0200 IncomeStatementLocationAxis on balance sheet items: a fact of an instant, monetary element (data type exactly xbrli:monetaryItemType) reported with a member of the IncomeStatementLocationAxis, except the amortization schedule and intangible elements the rule allows; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The official rule set tests no form. Extension elements count too (only us-gaap elements can be exceptions).
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[oa:ON_AXIS]->(axis:Concept {name: 'IncomeStatementLocationAxis'})
WHERE axis.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND oa.member IS NOT NULL
MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact)-[:REPORTS]->(c:Concept)
WHERE c.period_type = 'instant' AND c.type = 'xbrli:monetaryItemType'
  AND NOT (c.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND c.name IN [
    'BusinessCombinationRecognizedIdentifiableAssetsAcquiredAndLiabilitiesAssumedIntangibles',
    'FiniteLivedIntangibleAssetsAmortizationExpenseNextTwelveMonths', 'FiniteLivedIntangibleAssetsAmortizationExpenseYearTwo',
    'FiniteLivedIntangibleAssetsAmortizationExpenseYearThree', 'FiniteLivedIntangibleAssetsAmortizationExpenseYearFour',
    'FiniteLivedIntangibleAssetsAmortizationExpenseYearFive', 'FiniteLivedIntangibleAssetsAmortizationExpenseAfterYearFive',
    'FiniteLivedIntangibleAssetsAmortizationExpenseRemainderOfFiscalYear', 'FiniteLivedIntangibleAssetsAmortizationExpenseRollingYearTwo',
    'FiniteLivedIntangibleAssetsAmortizationExpenseRollingYearThree', 'FiniteLivedIntangibleAssetsAmortizationExpenseRollingYearFour',
    'FiniteLivedIntangibleAssetsAmortizationExpenseRollingYearFive', 'FiniteLivedIntangibleAssetsAmortizationExpenseRollingAfterYearFive',
    'BelowMarketLeaseNet', 'BelowMarketLeaseAmortizationIncomeNextTwelveMonths', 'BelowMarketLeaseAmortizationIncomeYearTwo',
    'BelowMarketLeaseAmortizationIncomeYearThree', 'BelowMarketLeaseAmortizationIncomeYearFour', 'BelowMarketLeaseAmortizationIncomeYearFive',
    'BelowMarketLeaseAmortizationIncomeAfterYearFive', 'BelowMarketLeaseAmortizationIncomeRemainderOfFiscalYear',
    'BelowMarketLeaseAmortizationIncomeNextRollingTwelveMonths', 'BelowMarketLeaseAmortizationIncomeRollingYearTwo',
    'BelowMarketLeaseAmortizationIncomeRollingYearThree', 'BelowMarketLeaseAmortizationIncomeRollingYearFour',
    'BelowMarketLeaseAmortizationIncomeRollingYearFive', 'BelowMarketLeaseAmortizationIncomeRollingAfterYearFive',
    'PresentValueOfFutureInsuranceProfitsAmortizationExpenseYearOne', 'PresentValueOfFutureInsuranceProfitsAmortizationExpenseYearTwo',
    'PresentValueOfFutureInsuranceProfitsAmortizationExpenseYearThree', 'PresentValueOfFutureInsuranceProfitsAmortizationExpenseYearFour',
    'PresentValueOfFutureInsuranceProfitsAmortizationExpenseYearFive', 'PresentValueOfFutureInsuranceProfitsAmortizationExpenseRemainderOfFiscalYear',
    'PresentValueOfFutureInsuranceProfitsPercentageOfAmortizationExpenseYearOne',
    'PresentValueOfFutureInsuranceProfitsPercentageOfAmortizationExpenseYearTwo',
    'PresentValueOfFutureInsuranceProfitsPercentageOfAmortizationExpenseYearThree',
    'PresentValueOfFutureInsuranceProfitsPercentageOfAmortizationExpenseYearFour',
    'PresentValueOfFutureInsuranceProfitsPercentageOfAmortizationExpenseYearFive',
    'EntertainmentLicenseAgreementForProgramMaterialExpectedAmortizationYearOne',
    'EntertainmentLicenseAgreementForProgramMaterialExpectedAmortizationYearTwo',
    'EntertainmentLicenseAgreementForProgramMaterialExpectedAmortizationYearThree',
    'FilmMonetizedInFilmGroupReleasedFilmExpectedAmortizationYearOne', 'FilmMonetizedInFilmGroupReleasedFilmExpectedAmortizationYearThree',
    'FilmMonetizedInFilmGroupReleasedFilmExpectedAmortizationYearTwo', 'FilmMonetizedOnItsOwnReleasedFilmExpectedAmortizationYearOne',
    'FilmMonetizedOnItsOwnReleasedFilmExpectedAmortizationYearThree', 'FilmMonetizedOnItsOwnReleasedFilmExpectedAmortizationYearTwo',
    'FiniteLivedIntangibleAssetsNet'])
MATCH (ctx)-[:FOR_PERIOD]->(p:Period)
RETURN fl.id AS filing_id, 'DQC.US.0200.10700' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' (a balance at an instant) is reported as ' + coalesce(f.value, 'nil') + ' for ' + p.key +
       ' with the IncomeStatementLocationAxis member ' + oa.member + '. That axis places income statement amounts; ' +
       'use the BalanceSheetLocationAxis (or another fitting axis) for a balance sheet item.' AS message
ORDER BY filing_id, concept, f.fact_id
