// name: filing.graph
// summary: A filing as a graph for the Neo4j Browser: the Filing and its first numeric facts with their concept, context, period and unit.
// mode: read
// param filing_id: STRING  the filing's id
// param limit: INTEGER  how many facts (25 draws well)
// returns: fact PATH (Filing-HAS_FACT->Fact-REPORTS->Concept), context PATH (Fact-IN_CONTEXT->Context-FOR_PERIOD->Period), unit PATH (Fact-IN_UNIT->Unit)
MATCH (fl:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE f.numeric
WITH fl, f
ORDER BY f.fact_id
LIMIT $limit
MATCH fact = (fl)-[:HAS_FACT]->(f)-[:REPORTS]->(:Concept)
MATCH context = (f)-[:IN_CONTEXT]->(:Context)-[:FOR_PERIOD]->(:Period)
OPTIONAL MATCH unit = (f)-[:IN_UNIT]->(:Unit)
RETURN fact, context, unit
