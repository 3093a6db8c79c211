// name: dqc.dqc_0099
// summary: DQC.US.0099 (statement elements without a calculation): for each of the filing's statement presentation networks (role definition with "- Statement -"; not parenthetical, equity, capital, investment, schedule III/IV, highlights, employee benefit plan and similar networks), the monetary elements it presents that no calculation relationship of the filing joins to another monetary element of the same network. Cash flow networks (definition with "cash") look at duration elements and exempt the DQCRT NON_CF_ITEMS, three exchange-rate/discontinued totals (five before us-gaap 2025) and the monetary descendants of the supplemental and non-cash abstracts; income statements (with IncomeStatementAbstract) duration elements, balance sheets (with StatementOfFinancialPositionAbstract) instant elements, other statements every monetary element, each less a few exempt totals, the monetary descendants of the supplemental income statement abstracts and (not on balance sheets) the equity-statement items of DQCRT SSH_EXCEPTIONS (other statements: also two employee benefit plan transfers, from us-gaap 2024); a balance sheet without any asset component exempts Assets. One finding per network, naming its elements.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, network_definition STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
WITH fl, 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS gaap, 'http://fasb.org/us-gaap-ebp/' + toString(fl.us_gaap_year) + '#' AS ebp
MATCH (non_cf:DqcConstant {year: fl.us_gaap_year, name: 'NON_CF_ITEMS'})
MATCH (non_cf_abstracts:DqcConstant {year: fl.us_gaap_year, name: 'SET_NON_CF_ABSTRACTS1'})
MATCH (ssh:DqcConstant {year: fl.us_gaap_year, name: 'SSH_EXCEPTIONS'})
MATCH (asset_types:DqcConstant {year: fl.us_gaap_year, name: 'ASSET_TYPES'})
// every calculation relationship of the filing's DTS, as [total, contributor]
WITH fl, gaap, ebp, non_cf, non_cf_abstracts, ssh, asset_types,
     COLLECT { MATCH (a:Concept)-[c:CALC]->(b:Concept) WHERE c.owner = fl.id RETURN DISTINCT [a.key, b.key] } AS calc_pairs
// the statement networks (what the rule set calls the statement presentation networks)
CALL (fl) {
  MATCH ()-[e:PRES]->() WHERE e.owner = fl.id
  WITH DISTINCT e.role AS role
  MATCH (r:Role {key: fl.id + '|' + role})
  WITH r, toLower(r.uri) AS uri, toLower(r.definition) AS def
  WHERE r.definition CONTAINS '- Statement -'
    AND NONE(w IN ['parenthetical', 'equity', 'deficit', 'stockholders', 'capital', 'investment', 'changes', 'shareholder', 'convertible',
                   'preferred', 'temporaryequity', 'redeemable', 'netproceedsfromallsources', 'membersinterest', 'membershipinterest',
                   'highlights', 'employee', 'ebp'] WHERE uri CONTAINS w)
    AND NOT def CONTAINS 'schedule iii' AND NOT def CONTAINS 'schedule iv'
  RETURN r
}
WITH fl, gaap, ebp, non_cf, non_cf_abstracts, ssh, asset_types, calc_pairs, r,
     COLLECT { MATCH (a:Concept)-[e:PRES]->(b:Concept) WHERE e.owner = fl.id AND e.role = r.uri UNWIND [a, b] AS c RETURN DISTINCT c } AS concepts
WITH fl, gaap, ebp, non_cf, non_cf_abstracts, ssh, asset_types, calc_pairs, r, concepts, [c IN concepts | c.key] AS keys,
     CASE WHEN toLower(r.definition) CONTAINS 'cash' THEN 'cash'
          WHEN gaap + 'IncomeStatementAbstract' IN [c IN concepts | c.key] THEN 'income'
          WHEN gaap + 'StatementOfFinancialPositionAbstract' IN [c IN concepts | c.key] THEN 'balance'
          ELSE 'other' END AS kind
// the abstracts whose monetary descendants (in this network) are supplemental disclosures, not statement lines
WITH fl, gaap, ebp, non_cf, ssh, asset_types, calc_pairs, r, concepts, keys, kind,
     CASE WHEN kind = 'cash'
          THEN non_cf_abstracts.values + [n IN ['SupplementalCashFlowElementsAbstract', 'NoncashInvestingAndFinancingItemsAbstract',
                 'AdditionalCashFlowElementsAndSupplementalCashFlowInformationAbstract', 'CashFlowNoncashInvestingAndFinancingActivitiesDisclosureAbstract',
                 'SupplementalCashFlowInformationAbstract'] | gaap + n]
          ELSE [n IN ['ShareBasedCompensationAllocationAndClassificationInFinancialStatementsAbstract', 'SupplementalIncomeStatementElementsAbstract'] | gaap + n]
     END AS supplemental_abstracts,
     CASE WHEN kind = 'cash' THEN ['NoncashInvestingItemsAbstract', 'NoncashFinancingItemsAbstract', 'NonCashOperatingAndFinancingActivitiesAbstract',
                                   'NonCashOperatingAndInvestingActivitiesAbstract'] ELSE [] END AS extension_abstracts
WITH fl, gaap, ebp, non_cf, ssh, asset_types, calc_pairs, r, concepts, keys, kind,
     COLLECT {
       MATCH (ab:Concept) WHERE ab.key IN keys AND (ab.key IN supplemental_abstracts OR (ab:Extension AND ab.name IN extension_abstracts))
       MATCH (ab) ((x:Concept)-[e:PRES]->(y:Concept) WHERE e.owner = fl.id AND e.role = r.uri){1,} (d:Concept)
       WHERE d.base_type = 'monetary'
       RETURN DISTINCT d.key
     } AS supplemental
WITH fl, gaap, ebp, non_cf, ssh, asset_types, calc_pairs, r, concepts, keys, kind, supplemental,
     [c IN concepts WHERE c.base_type = 'monetary'
        AND CASE kind WHEN 'balance' THEN c.period_type = 'instant' WHEN 'other' THEN true ELSE c.period_type = 'duration' END] AS numeric
WITH fl, gaap, ebp, non_cf, ssh, asset_types, calc_pairs, r, keys, kind, supplemental, numeric, [c IN numeric | c.key] AS numeric_keys
// the elements a calculation joins to another monetary element of this network
WITH fl, gaap, ebp, non_cf, ssh, asset_types, r, keys, kind, supplemental, numeric,
     reduce(s = [], p IN [p IN calc_pairs WHERE p[0] IN numeric_keys AND p[1] IN numeric_keys] | s + p) AS calculated
WITH fl, r, kind, numeric, calculated + supplemental
       + CASE kind
           WHEN 'cash' THEN non_cf.values + [n IN ['EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
               'EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsIncludingDisposalGroupAndDiscontinuedOperations',
               'NetCashProvidedByUsedInDiscontinuedOperations']
               + CASE WHEN fl.us_gaap_year < 2025 THEN ['EffectOfExchangeRateOnCash', 'EffectOfExchangeRateOnCashAndCashEquivalents'] ELSE [] END
               | gaap + n]
           ELSE [n IN ['CommitmentsAndContingencies', 'ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest',
               'ComprehensiveIncomeNetOfTax', 'AllocatedShareBasedCompensationExpense', 'NetIncomeLossAvailableToCommonStockholdersBasic',
               'NetIncomeLossAvailableToCommonStockholdersDiluted', 'PremiumsWrittenGross'] | gaap + n]
             + CASE kind
                 WHEN 'balance' THEN CASE WHEN any(k IN keys WHERE k IN asset_types.values AND k <> gaap + 'Assets') THEN [] ELSE [gaap + 'Assets'] END
                 WHEN 'income' THEN ssh.values
                 ELSE ssh.values + CASE WHEN fl.us_gaap_year < 2024 THEN [] ELSE
                                    [ebp + 'EmployeeBenefitPlanChangeInNetAssetAvailableForBenefitTransferToFromFundWithinEsop',
                                     ebp + 'EmployeeBenefitPlanChangeInNetAssetAvailableForBenefitTransferToFromExternalPlan'] END
               END
         END AS exempt
WITH fl, r, kind, [c IN numeric WHERE NOT c.key IN exempt | c.qname] AS missing
WHERE size(missing) > 0
UNWIND missing AS q
WITH fl, r, kind, q ORDER BY q
WITH fl, r, kind, collect(q) AS missing
RETURN fl.id AS filing_id, 'DQC.US.0099.9533' AS sub_rule, missing[0] AS concept, [] AS facts, r.uri AS network,
       r.definition AS network_definition,
       'The statement network "' + r.definition + '" presents ' + toString(size(missing))
         + CASE WHEN size(missing) = 1 THEN ' monetary element that no calculation relationship of the filing includes: '
                ELSE ' monetary elements that no calculation relationship of the filing includes: ' END
         + reduce(t = '', q IN missing | t + CASE WHEN t = '' THEN '' ELSE ', ' END + q)
         + '. Every amount on the face of a statement should take part in a calculation somewhere in the filing (whether or not a'
         + ' value is reported); an amount that only qualifies another line belongs in a parenthetical network'
         + CASE WHEN kind = 'cash' THEN ', and a supplemental cash flow disclosure under one of the supplemental or non-cash abstracts.'
                ELSE ', and a supplemental income statement disclosure under SupplementalIncomeStatementElementsAbstract or'
                     + ' ShareBasedCompensationAllocationAndClassificationInFinancialStatementsAbstract.' END AS message
ORDER BY filing_id, network
