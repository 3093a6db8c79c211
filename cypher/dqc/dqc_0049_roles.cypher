// name: dqc.dqc_0049_roles
// summary: For DQC.US.0049: the filing's cash flow statement presentation roles as the rule finds them: a presentation network (the filing's own) holding us-gaap:StatementOfCashFlowsAbstract (the rule's *: prefix is its default namespace), whose role URI contains "cashflow" (any case) and not "parenthetical", and whose definition contains "- Statement ".
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, definition STRING
MATCH (fl:Filing {id: $filing_id})-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement ' AND toLower(r.uri) CONTAINS 'cashflow' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
  AND EXISTS {
    MATCH (a:Concept)-[:PRES {owner: fl.id, role: r.uri}]->(b:Concept)
    WHERE any(c IN [a, b] WHERE c.name = 'StatementOfCashFlowsAbstract' AND c.namespace STARTS WITH 'http://fasb.org/us-gaap/')
  }
RETURN DISTINCT r.uri AS role, r.definition AS definition
ORDER BY role
