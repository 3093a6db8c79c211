// name: dqc.dqc_0206
// summary: DQC.US.0206 (expense caption member that is not a statement expense): each distinct member of us-gaap:DisaggregationOfIncomeStatementExpenseCaptionIdentifierAxis in the filing's contexts that is not a duration, debit concept presented in one of the filing's statement presentation networks (definition containing "- Statement "); one finding per member, naming no fact. No statement network: nothing to test.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The member of this axis names the income statement caption its expense breakdown belongs to. The rule set tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[oa:ON_AXIS]->(ax:Concept {name: 'DisaggregationOfIncomeStatementExpenseCaptionIdentifierAxis'})
WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/'
OPTIONAL MATCH (ctx)-[hm:HAS_MEMBER]->(m:Concept) WHERE hm.axis = ax.qname OR m.qname = oa.member
WITH fl, coalesce(m.key, oa.member) AS member_key, oa.member AS member, count(DISTINCT ctx) AS contexts
WITH fl, collect({key: member_key, qname: member, contexts: contexts}) AS members
WITH fl, members, COLLECT {
  MATCH (fl)-[:HAS_ROLE]->(r:Role) WHERE r.definition CONTAINS '- Statement '
    AND EXISTS { MATCH ()-[e:PRES]->() WHERE e.owner = fl.id AND e.role = r.uri }
  RETURN r.uri
} AS statements
WHERE size(statements) > 0
WITH fl, members, statements, COLLECT {
  MATCH (a:Concept)-[e:PRES]->(b:Concept) WHERE e.owner = fl.id AND e.role IN statements
  UNWIND [a, b] AS c
  WITH DISTINCT c WHERE c.period_type = 'duration' AND c.balance = 'debit'
  RETURN c.key
} AS expense_keys
UNWIND members AS m
WITH fl, m WHERE NOT m.key IN expense_keys
RETURN fl.id AS filing_id, 'DQC.US.0206.10721' AS sub_rule, m.qname AS concept, [] AS facts, null AS network,
       'The member ' + m.qname + ' of us-gaap:DisaggregationOfIncomeStatementExpenseCaptionIdentifierAxis (used in '
         + toString(m.contexts) + ' context(s)) is not a debit, duration element presented in any statement of the'
         + ' filing. The member should be the income statement expense caption the breakdown belongs to.' AS message
ORDER BY filing_id, concept
