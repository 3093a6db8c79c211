// name: dqc.dqc_0148
// summary: DQC.US.0148 (income and OCI mixed in calculations): 9874, an OCI element (DQCRT OCI_CONCEPTS) below NetIncomeLoss, ProfitLoss or NetIncomeLossAvailableToCommonStockholdersBasic/Diluted in one of the filing's calculation networks; 10073, a net income element (NI_CONCEPTS) below one of the OCI totals. One finding per element; it names no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (oci:DqcConstant {year: fl.us_gaap_year, name: 'OCI_CONCEPTS'}), (ni:DqcConstant {year: fl.us_gaap_year, name: 'NI_CONCEPTS'})
WITH fl, 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS gaap, oci, ni
UNWIND [{code: '9874', what: 'net income', other: 'an other comprehensive income', bad: oci.values,
         totals: ['NetIncomeLoss', 'ProfitLoss', 'NetIncomeLossAvailableToCommonStockholdersBasic',
                  'NetIncomeLossAvailableToCommonStockholdersDiluted']},
        {code: '10073', what: 'other comprehensive income', other: 'a net income', bad: ni.values,
         totals: ['OtherComprehensiveIncomeLossNetOfTaxPortionAttributableToParent', 'OtherComprehensiveIncomeLossTaxPortionAttributableToParent1',
                  'OtherComprehensiveIncomeLossBeforeTaxPortionAttributableToParent', 'OtherComprehensiveIncomeLossNetOfTax',
                  'OtherComprehensiveIncomeLossNetOfTaxPortionAttributableToNoncontrollingInterest']}] AS s
UNWIND s.totals AS total
MATCH (top:Concept {key: gaap + total})-[first:CALC {owner: fl.id}]->(:Concept)
WITH DISTINCT fl, s, top, first.role AS role
// descendants within one network (a path never leaves its role)
MATCH (top) (()-[r:CALC WHERE r.owner = fl.id AND r.role = role]->())+ (x:Concept)
WHERE x.key IN s.bad
WITH fl, s, x, collect(DISTINCT top.name) AS tops, min(role) AS network
RETURN fl.id AS filing_id, 'DQC.US.0148.' + s.code AS sub_rule, x.qname AS concept, [] AS facts, network,
       x.qname + ' is ' + s.other + ' element, yet the filing calculates it as part of ' + s.what + ' (below ' +
       reduce(t = '', n IN tops | t + CASE WHEN t = '' THEN '' ELSE ', ' END + n) + ', network ' + network +
       '); take it out of that calculation or use an element that belongs there.' AS message
ORDER BY filing_id, sub_rule, concept
