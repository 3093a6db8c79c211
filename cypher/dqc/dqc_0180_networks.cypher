// name: dqc.dqc_0180_networks
// summary: For DQC.US.0180: the filing's presentation networks that present us-gaap:DividendsPayableAmountPerShare, as "statement" (the official STATEMENT_PRES_NETWORKS: a "- Statement -" role that is not parenthetical, equity, capital, ..., schedule III/IV, and that also presents us-gaap:IncomeStatementAbstract) or "parenthetical" (a "- Statement -" role whose URI contains "parenthetical"); plus whether the filing reports DividendsPerShareNotDisclosed = true.
// mode: read
// param filing_id: STRING  the filing's id
// returns: kind STRING, uri STRING, definition STRING
MATCH (fl:Filing {id: $filing_id})-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement -'
  AND EXISTS { MATCH (d:Concept {name: 'DividendsPayableAmountPerShare'})-[e:PRES]-()
               WHERE e.owner = fl.id AND e.role = r.uri AND d.namespace STARTS WITH 'http://fasb.org/us-gaap/' }
WITH fl, r, toLower(r.uri) AS uri
WITH fl, r, CASE
  WHEN uri CONTAINS 'parenthetical' THEN 'parenthetical'
  WHEN none(w IN ['equity', 'deficit', 'stockholders', 'capital', 'investment', 'changes', 'shareholder', 'convertible',
                  'preferred', 'temporaryequity', 'redeemable', 'netproceedsfromallsources', 'membersinterest',
                  'membershipinterest', 'highlights', 'employee', 'ebp'] WHERE uri CONTAINS w)
       AND NOT toLower(r.definition) CONTAINS 'schedule iii' AND NOT toLower(r.definition) CONTAINS 'schedule iv'
       AND EXISTS { MATCH (i:Concept {name: 'IncomeStatementAbstract'})-[e:PRES]-()
                    WHERE e.owner = fl.id AND e.role = r.uri AND i.namespace STARTS WITH 'http://fasb.org/us-gaap/' }
    THEN 'statement'
END AS kind
WHERE kind IS NOT NULL
RETURN kind, r.uri AS uri, r.definition AS definition
UNION
MATCH (c:Concept {name: 'DividendsPerShareNotDisclosed'})
MATCH (f:Fact {concept_key: c.key})
WHERE f.filing_id = $filing_id AND toLower(trim(f.value)) IN ['true', '1']
RETURN DISTINCT 'not-disclosed' AS kind, null AS uri, null AS definition
