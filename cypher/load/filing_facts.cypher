// name: load.filing_facts
// summary: Write Fact nodes with HAS_FACT, IN_CONTEXT, IN_UNIT (numeric) and the REPORTS bridge edge to their concept.
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of Fact property maps (loader.facts.fact_rows; concept and context must already exist)
// returns: nothing
// The loader deletes a filing's previous version in the same transaction, so facts are new: CREATE their edges.
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MATCH (ctx:Context {key: row.context_key})
MATCH (c:Concept {key: row.concept_key})
MERGE (x:Fact {key: row.key})
SET x = row
CREATE (fl)-[:HAS_FACT]->(x), (x)-[:IN_CONTEXT]->(ctx), (x)-[:REPORTS]->(c)
WITH x, row WHERE row.unit_key IS NOT NULL
MATCH (u:Unit {key: row.unit_key})
CREATE (x)-[:IN_UNIT]->(u)
