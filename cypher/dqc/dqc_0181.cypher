// name: dqc.dqc_0181
// summary: DQC.US.0181 Interest expense in the wrong total: InterestExpense / InterestExpenseOperating as a calculation descendant of NonoperatingIncomeExpense (10180), InterestExpense / InterestExpenseNonoperating under InterestIncomeExpenseNet (10181) or OperatingExpenses (10182); one finding per element and sub-rule, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// Descendants are followed within one calculation network (role) of the filing at a time, as the official rule
// navigates each network separately; the filing's own networks only (owner = filing id).
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
  AND fl.us_gaap_year IN [2024, 2025]  // the official rule sets that have DQC.US.0181
UNWIND [
  ['DQC.US.0181.10180', 'NonoperatingIncomeExpense', ['InterestExpense', 'InterestExpenseOperating'], 'InterestExpenseNonoperating',
   'includes operating interest, so it does not belong in nonoperating income (expense)'],
  ['DQC.US.0181.10181', 'InterestIncomeExpenseNet', ['InterestExpense', 'InterestExpenseNonoperating'], 'InterestExpenseOperating',
   'is nonoperating interest, while InterestIncomeExpenseNet is operating interest income (expense), net'],
  ['DQC.US.0181.10182', 'OperatingExpenses', ['InterestExpense', 'InterestExpenseNonoperating'], 'InterestExpenseOperating',
   'is nonoperating interest, so it does not belong in operating expenses']
] AS spec
MATCH (top:Concept {name: spec[1]})-[r:CALC {owner: fl.id}]->()
WHERE top.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH DISTINCT fl, spec, top, r.role AS role
MATCH (top) (()-[x:CALC WHERE x.owner = fl.id AND x.role = role]->())+ (d:Concept)
WHERE d.name IN spec[2] AND d.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH fl, spec, top, d, collect(DISTINCT role) AS roles
RETURN fl.id AS filing_id, spec[0] AS sub_rule, d.qname AS concept, [] AS facts, roles[0] AS network,
       d.qname + ' is a calculation descendant of ' + top.qname + ' (network ' + roles[0] +
       CASE WHEN size(roles) > 1 THEN ' and ' + toString(size(roles) - 1) + ' more' ELSE '' END + '); it ' + spec[4] +
       '. Use us-gaap:' + spec[3] + ' instead of ' + d.qname + ' there.' AS message
ORDER BY filing_id, sub_rule, concept
