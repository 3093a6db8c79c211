// name: dqc.dqc_0124_inputs
// summary: What DQC.US.0124 reads beside the numeric facts: the us-gaap elements of the filer's "- Statement " presentation networks, and its facts of the ...StatementOfFinancialPositionExtensibleList elements (their period and dimensions).
// mode: read
// param filing_id: STRING  the filing's id
// returns: statement_concepts LIST<STRING> (local names of us-gaap elements), has_statements BOOLEAN, lists LIST<MAP> (name, period, dims)
MATCH (f:Filing {id: $filing_id})
OPTIONAL MATCH (f)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement '
WITH f, collect(DISTINCT r.uri) AS roles
CALL (f, roles) {
  OPTIONAL MATCH (a:Concept)-[p:PRES {owner: f.id}]->(b:Concept)
  WHERE p.role IN roles
  UNWIND [a, b] AS c
  WITH c WHERE c IS NOT NULL AND c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  RETURN collect(DISTINCT c.name) AS statement_concepts
}
CALL (f) {
  OPTIONAL MATCH (f)-[:HAS_FACT]->(x:Fact)-[:REPORTS]->(c:Concept)
  WHERE split(c.key, '#')[1] ENDS WITH 'StatementOfFinancialPositionExtensibleList' AND c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  OPTIONAL MATCH (x)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
  WITH c, p, ctx WHERE c IS NOT NULL
  RETURN collect({name: c.name, period: p.key, dims: coalesce(ctx.dims, [])}) AS lists
}
RETURN statement_concepts, size(roles) > 0 AS has_statements, lists
