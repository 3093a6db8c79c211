// name: dqc.dqc_0144
// summary: DQC.US.0144 (extension monetary element without a balance type on a statement): in each statement presentation network (a "- Statement -" role that is not parenthetical, equity, capital, investment, ... as the official STATEMENT_PRES_NETWORKS filter says), every monetary extension element with no debit/credit balance that the network presents, is not a calculation total in that role, and has a fact. One finding per network and element; it names no fact (the official rule's focus is the element).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement -'
  AND NOT any(w IN ['parenthetical', 'equity', 'deficit', 'stockholders', 'capital', 'investment', 'changes', 'shareholder',
                    'convertible', 'preferred', 'temporaryequity', 'redeemable', 'netproceedsfromallsources', 'membersinterest',
                    'membershipinterest', 'highlights', 'employee', 'ebp'] WHERE toLower(r.uri) CONTAINS w)
  AND NOT toLower(r.definition) CONTAINS 'schedule iii' AND NOT toLower(r.definition) CONTAINS 'schedule iv'
MATCH (:Concept)-[e:PRES]->(c:Extension)
WHERE e.owner = fl.id AND e.role = r.uri AND c.base_type = 'monetary' AND c.balance IS NULL
WITH DISTINCT fl, r, c
// a calculation total of the same role (an interim total of a cash flow statement may have no balance)
WHERE NOT EXISTS { MATCH (c)-[k:CALC]->() WHERE k.owner = fl.id AND k.role = r.uri }
  AND EXISTS { MATCH (fl)-[:HAS_FACT]->(:Fact)-[:REPORTS]->(c) }
WITH fl, r, c,
     COLLECT { MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c) MATCH (f)-[:IN_CONTEXT]->(:Context)-[:FOR_PERIOD]->(p:Period)
               RETURN p.key ORDER BY p.key LIMIT 1 } AS periods
RETURN fl.id AS filing_id, 'DQC.US.0144.9866' AS sub_rule, c.qname AS concept, [] AS facts, r.uri AS network,
       'The extension element ' + c.qname + ' is monetary and has facts (e.g. period ' + periods[0] + '), and the statement '
         + r.definition + ' presents it, but it declares no balance type. Give every monetary element of a balance sheet, '
         + 'income statement or cash flow statement a debit or credit balance.' AS message
ORDER BY filing_id, network, concept
