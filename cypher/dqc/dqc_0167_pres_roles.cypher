// name: dqc.dqc_0167_pres_roles
// summary: For DQC.US.0167: each role of the filing's presentation networks with its definition, which of the three statement abstracts (StatementOfFinancialPositionAbstract, IncomeStatementAbstract, StatementOfIncomeAndComprehensiveIncomeAbstract) it presents, and how many monetary elements it presents.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, definition STRING, abstracts LIST<STRING>, monetary INTEGER
MATCH (a:Concept)-[e:PRES {owner: $filing_id}]->(b:Concept)
UNWIND [a, b] AS c
WITH e.role AS role, collect(DISTINCT c) AS concepts
OPTIONAL MATCH (r:Role {key: $filing_id + '|' + role})
RETURN role, r.definition AS definition,
       [c IN concepts WHERE c.name IN ['StatementOfFinancialPositionAbstract', 'IncomeStatementAbstract', 'StatementOfIncomeAndComprehensiveIncomeAbstract']
          AND c.namespace STARTS WITH 'http://fasb.org/us-gaap/' | c.name] AS abstracts,
       size([c IN concepts WHERE c.base_type = 'monetary']) AS monetary
ORDER BY role
