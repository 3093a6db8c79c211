// name: dqc.dqc_0153
// summary: DQC.US.0153 (a statement hypercube that leaves monetary items out): in each face statement presentation network (definition contains "- Statement -"; parenthetical, equity, capital, investment, schedule III/IV, EBP and similar networks left out as the official rule does), each hypercube (xbrldt:hypercubeItem) whose siblings under the same parent have monetary descendants: those items sit outside the table. One finding per network and hypercube; it names no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement -'
  AND none(w IN ['parenthetical', 'equity', 'deficit', 'stockholders', 'capital', 'investment', 'changes', 'shareholder',
                 'convertible', 'preferred', 'temporaryequity', 'redeemable', 'netproceedsfromallsources',
                 'membersinterest', 'membershipinterest', 'highlights', 'employee', 'ebp']
           WHERE toLower(r.uri) CONTAINS w)
  AND NOT toLower(r.definition) CONTAINS 'schedule iii' AND NOT toLower(r.definition) CONTAINS 'schedule iv'
CALL (fl, r) {
  MATCH (p:Concept)-[e:PRES]->(h:Concept)
  WHERE e.owner = fl.id AND e.role = r.uri AND h.substitution_group = 'xbrldt:hypercubeItem'
  RETURN p, e, h
}
// the hypercube's siblings (the parent's other children), then everything below them
CALL (fl, r, p, e) {
  MATCH (p)-[s:PRES]->(sibling:Concept)
  WHERE s.owner = fl.id AND s.role = r.uri AND elementId(s) <> elementId(e)
  RETURN sibling
}
CALL (fl, r, sibling) {
  MATCH (sibling) (()-[x:PRES WHERE x.owner = fl.id AND x.role = r.uri]->()){1,30} (d:Concept)
  WITH DISTINCT d
  WHERE d.base_type = 'monetary'
  RETURN d
}
WITH fl, r, h, d.qname AS q ORDER BY q
WITH fl, r, h, collect(DISTINCT q) AS outside
RETURN fl.id AS filing_id, 'DQC.US.0153.9879' AS sub_rule, h.qname AS concept, [] AS facts, r.uri AS network,
       'The hypercube ' + h.qname + ' sits in the statement "' + r.definition + '" beside monetary items it does not'
         + ' cover: ' + reduce(s = '', q IN outside | s + CASE WHEN s = '' THEN '' ELSE ', ' END + q)
         + '. A face statement should have one table holding all its monetary line items: put the hypercube under an'
         + ' abstract and the monetary elements under its line items.' AS message
ORDER BY filing_id, network, concept
