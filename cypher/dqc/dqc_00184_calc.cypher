// name: dqc.dqc_00184_calc
// summary: DQC.US.00184: the summation-item children, in arc order, of every parent in the two us-gaap other comprehensive income statement networks the rule reads (the filing's us-gaap release, not the filing's own calculations).
// mode: read
// param filing_id: STRING  the filing's id (its us-gaap year picks the release)
// returns: role STRING, parent STRING, child STRING, order FLOAT
MATCH (fl:Filing {id: $filing_id})
WITH 'us-gaap/' + toString(fl.us_gaap_year) AS release
MATCH (p:Concept)-[r:CALC {owner: release}]->(c:Concept)
WHERE r.role IN ['http://fasb.org/us-gaap/role/statement/StatementOfOtherComprehensiveIncomeAlternative',
                 'http://fasb.org/us-gaap/role/statement/StatementOfOtherComprehensiveIncomeFouthAlternative']
RETURN r.role AS role, p.name AS parent, c.name AS child, r.order AS order
ORDER BY role, parent, order
