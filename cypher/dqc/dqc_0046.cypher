// name: dqc.dqc_0046
// summary: DQC.US.0046 (inappropriate calculation descendants): 6841, EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents below NetCashProvidedByUsedInContinuingOperations; 7480, its disposal-group twin below NetCashProvidedByUsedInDiscontinuedOperations; 9279, NetIncomeLoss below one of the OCI totals (OtherComprehensiveIncomeLossNetOfTax, OtherComprehensiveIncomeLossBeforeTax and their portions attributable to the parent); in any one of the filing's calculation networks. At most one finding per sub-rule; it names no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
WITH fl, 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS gaap
UNWIND [{code: '6841', element: 'EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
         totals: ['NetCashProvidedByUsedInContinuingOperations'], what: 'the cash flows of continuing operations',
         fix: 'the exchange rate effect is a separate component of the change in cash'},
        {code: '7480', element: 'EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsDisposalGroupIncludingDiscontinuedOperations',
         totals: ['NetCashProvidedByUsedInDiscontinuedOperations'], what: 'the cash flows of discontinued operations',
         fix: 'the exchange rate effect is a separate component of the change in cash'},
        {code: '9279', element: 'NetIncomeLoss',
         totals: ['OtherComprehensiveIncomeLossNetOfTax', 'OtherComprehensiveIncomeLossBeforeTax',
                  'OtherComprehensiveIncomeLossNetOfTaxPortionAttributableToParent', 'OtherComprehensiveIncomeLossBeforeTaxPortionAttributableToParent'],
         what: 'other comprehensive income', fix: 'net income and OCI are added together only in comprehensive income'}] AS s
MATCH (top:Concept)-[first:CALC {owner: fl.id}]->(:Concept)
WHERE top.key IN [t IN s.totals | gaap + t]
WITH DISTINCT fl, gaap, s, top, first.role AS role
// the element below the total within one network (a path never leaves its role)
MATCH (top) (()-[r:CALC WHERE r.owner = fl.id AND r.role = role]->())+ (x:Concept {key: gaap + s.element})
WITH fl, s, x, collect(DISTINCT top.name) AS tops, min(role) AS network
RETURN fl.id AS filing_id, 'DQC.US.0046.' + s.code AS sub_rule, x.qname AS concept, [] AS facts, network,
       x.qname + ' is calculated as part of ' + s.what + ' (below ' +
       reduce(t = '', n IN tops | t + CASE WHEN t = '' THEN '' ELSE ', ' END + n) + ', network ' + network +
       '); remove it from that calculation: ' + s.fix + '.' AS message
ORDER BY filing_id, sub_rule
