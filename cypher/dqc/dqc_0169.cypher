// name: dqc.dqc_0169
// summary: DQC.US.0169 (calculations in a parenthetical statement): each of the filing's calculation networks whose role definition contains "- Statement -" and whose URI contains "parenthetical" and that holds monetary concepts (for a URI containing "cashflow": monetary duration concepts); one finding per network, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING, network_definition STRING
// The official rule set (DQCRT 27) tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement -' AND toLower(r.uri) CONTAINS 'parenthetical'
CALL (fl, r) {
  MATCH (a:Concept)-[e:CALC {owner: fl.id, role: r.uri}]->(b:Concept)
  UNWIND [a, b] AS c
  WITH DISTINCT c
  WHERE c.base_type = 'monetary' AND (NOT toLower(r.uri) CONTAINS 'cashflow' OR c.period_type = 'duration')
  RETURN c.qname AS q ORDER BY q
}
WITH fl, r, collect(q) AS monetary
WHERE size(monetary) > 0
RETURN fl.id AS filing_id, 'DQC.US.0169.10102' AS sub_rule, null AS concept, [] AS facts, r.uri AS network,
       'The parenthetical statement "' + r.definition + '" has a calculation network with monetary items ('
         + reduce(s = '', q IN monetary | s + CASE WHEN s = '' THEN '' ELSE ', ' END + q) + '). A parenthetical statement'
         + ' holds details of the face statement, not totals: remove its calculations, or move the items to the statement'
         + ' they add up in.' AS message,
       r.definition AS network_definition
ORDER BY filing_id, network
