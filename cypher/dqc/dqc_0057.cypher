// name: dqc.dqc_0057
// summary: DQC.US.0057 Cash Flow Opening and Closing Balances: a cash flow statement network (a "- Statement " presentation role whose URI contains "cashflow", not parenthetical, presenting StatementOfCashFlowsAbstract) with none of the cash balance elements among its instant elements; 7494 accepts eight cash elements, 9728 only the two that include restricted cash (ASU 2016-18). One row per network and sub-rule.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (f:Filing)
WHERE ($filing_id IS NULL OR f.id = $filing_id) AND f.status = 'loaded' AND NOT f:EvalCopy
MATCH (f)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement ' AND toLower(r.uri) CONTAINS 'cashflow' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
// the network's elements: both ends of its presentation arcs
CALL (f, r) {
  MATCH (a:Concept)-[p:PRES {owner: f.id, role: r.uri}]->(b:Concept)
  UNWIND [a, b] AS c
  WITH DISTINCT c
  RETURN collect(c.name) AS names,
         collect(CASE WHEN c.period_type = 'instant' THEN c.name END) AS balances,
         any(x IN collect(c) WHERE x.name = 'StatementOfCashFlowsAbstract' AND x.namespace STARTS WITH 'http://fasb.org/us-gaap/') AS is_cash_flow
}
WITH f, r, balances WHERE is_cash_flow
UNWIND [
  {code: 'DQC.US.0057.7494', wanted: ['CashAndCashEquivalentsAtCarryingValue', 'CashAndCashEquivalentsAtCarryingValueIncludingDiscontinuedOperations',
    'CashCashEquivalentsAndFederalFundsSold', 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
    'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsIncludingDisposalGroupAndDiscontinuedOperations', 'Cash',
    'CashEquivalentsAtCarryingValue', 'CashAndDueFromBanks']},
  {code: 'DQC.US.0057.9728', wanted: ['CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
    'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsIncludingDisposalGroupAndDiscontinuedOperations']}
] AS sub
WITH f, r, balances, sub WHERE none(w IN sub.wanted WHERE w IN balances)
RETURN f.id AS filing_id, sub.code AS sub_rule,
       'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents' AS concept, [] AS facts, r.uri AS network,
       'The cash flow statement ' + r.definition + ' (' + r.uri + ') shows none of ' + reduce(s = '', w IN sub.wanted | s + CASE WHEN s = '' THEN '' ELSE ', ' END + w)
         + ' as its opening and closing cash balance; its balance (instant) elements are: '
         + CASE WHEN size(balances) = 0 THEN 'none' ELSE reduce(s = '', b IN balances | s + CASE WHEN s = '' THEN '' ELSE ', ' END + b) END
         + '. Present the beginning and ending cash with one of those elements'
         + CASE WHEN sub.code ENDS WITH '9728' THEN ' (after ASU 2016-18 the total includes restricted cash).' ELSE '.' END AS message
ORDER BY filing_id, network, sub_rule
