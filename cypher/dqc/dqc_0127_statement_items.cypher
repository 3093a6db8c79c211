// name: dqc.dqc_0127_statement_items
// summary: For DQC.US.0127: the filing's statement presentation networks (role definition with "- Statement -"; not parenthetical, equity, capital, investment, schedule III/IV, highlights, employee benefit plan and similar networks, as the official rule set selects them), each with the monetary elements it presents as children (any depth).
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, definition STRING, items LIST<MAP> (key, qname)
MATCH ()-[e:PRES {owner: $filing_id}]->()
WITH DISTINCT e.role AS role
MATCH (r:Role {key: $filing_id + '|' + role})
WITH r, toLower(r.uri) AS uri, toLower(r.definition) AS def
WHERE r.definition CONTAINS '- Statement -'
  AND NONE(w IN ['parenthetical', 'equity', 'deficit', 'stockholders', 'capital', 'investment', 'changes', 'shareholder', 'convertible',
                 'preferred', 'temporaryequity', 'redeemable', 'netproceedsfromallsources', 'membersinterest', 'membershipinterest',
                 'highlights', 'employee', 'ebp'] WHERE uri CONTAINS w)
  AND NOT def CONTAINS 'schedule iii' AND NOT def CONTAINS 'schedule iv'
CALL (r) {
  MATCH ()-[e:PRES {owner: $filing_id, role: r.uri}]->(c:Concept)
  WHERE c.base_type = 'monetary'
  WITH DISTINCT c ORDER BY c.key
  RETURN collect({key: c.key, qname: c.qname}) AS items
}
RETURN r.uri AS role, r.definition AS definition, items
ORDER BY role
