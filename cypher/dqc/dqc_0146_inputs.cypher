// name: dqc.dqc_0146_inputs
// summary: For DQC.US.0146: the filing's statement presentation networks (the official STATEMENT_PRES_NETWORKS: a "- Statement -" role that is not parenthetical, equity, capital, ..., schedule III/IV) that present us-gaap:IncomeStatementAbstract, with the keys of the monetary duration concepts each presents; plus whether the filing is exempt (a fact of an extension element named TransitionReport or YearOfInception, DocumentTransitionReport = true, or a fact of us-gaap:FinancialDesignationPredecessorAndSuccessorFixedList).
// mode: read
// param filing_id: STRING  the filing's id
// returns: exempt BOOLEAN, role STRING, definition STRING, items LIST<STRING>
MATCH (fl:Filing {id: $filing_id})
WITH fl, EXISTS {
  MATCH (c:Concept) WHERE c.name IN ['TransitionReport', 'YearOfInception', 'DocumentTransitionReport',
                                     'FinancialDesignationPredecessorAndSuccessorFixedList']
  MATCH (f:Fact {concept_key: c.key}) WHERE f.filing_id = fl.id
    AND CASE c.name
      WHEN 'DocumentTransitionReport' THEN toLower(trim(coalesce(f.value, ''))) IN ['true', '1']
      WHEN 'FinancialDesignationPredecessorAndSuccessorFixedList' THEN c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
      ELSE c.key STARTS WITH fl.id + '|'
    END
} AS exempt
OPTIONAL MATCH (fl)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement -'
  AND none(w IN ['parenthetical', 'equity', 'deficit', 'stockholders', 'capital', 'investment', 'changes', 'shareholder',
                 'convertible', 'preferred', 'temporaryequity', 'redeemable', 'netproceedsfromallsources',
                 'membersinterest', 'membershipinterest', 'highlights', 'employee', 'ebp'] WHERE toLower(r.uri) CONTAINS w)
  AND NOT toLower(r.definition) CONTAINS 'schedule iii' AND NOT toLower(r.definition) CONTAINS 'schedule iv'
  AND EXISTS { MATCH (i:Concept {name: 'IncomeStatementAbstract'})-[e:PRES]-()
               WHERE e.owner = fl.id AND e.role = r.uri AND i.namespace STARTS WITH 'http://fasb.org/us-gaap/' }
CALL (fl, r) {
  OPTIONAL MATCH (a:Concept)-[e:PRES {owner: fl.id, role: r.uri}]->(b:Concept)
  UNWIND [a, b] AS c
  WITH DISTINCT c WHERE c.base_type = 'monetary' AND c.period_type = 'duration'
  RETURN collect(c.key) AS items
}
RETURN exempt, r.uri AS role, r.definition AS definition, items
ORDER BY role
