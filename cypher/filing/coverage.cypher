// name: filing.coverage
// summary: How many of a filing's facts report a placeholder concept (a release that is not loaded), per namespace and year.
// mode: read
// param filing_id: STRING the filing's id
// returns: facts INTEGER, placeholder_facts INTEGER, missing LIST<MAP> (namespace, year, facts: the placeholder facts of one namespace)
MATCH (f:Filing {id: $filing_id})
CALL (f) {
  MATCH (f)-[:HAS_FACT]->(x:Fact)-[:REPORTS]->(c:Placeholder)
  WITH c.namespace AS namespace, c.year AS year, count(x) AS facts
  ORDER BY year, namespace
  RETURN collect({namespace: namespace, year: year, facts: facts}) AS missing
}
RETURN COUNT { (f)-[:HAS_FACT]->(:Fact) } AS facts,
       reduce(n = 0, m IN missing | n + m.facts) AS placeholder_facts, missing
