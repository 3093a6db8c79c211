// name: load.filing_facts
// summary: Write Fact nodes with HAS_FACT, IN_CONTEXT, IN_UNIT (numeric) and the REPORTS bridge edge to their concept.
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of Fact property maps (loader.facts.add_fact_rows; concept and context must already exist)
// returns: nothing
// The loader retires a filing's previous version in the same transaction (load.filing_retire), so facts are new: CREATE them.
// Properties are listed rather than `SET x = row` so the planner sees what is written and needs no Eager
// (a full copy of the rows) between the reads and the writes.
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MATCH (ctx:Context {key: row.context_key})
MATCH (c:Concept {key: row.concept_key})
OPTIONAL MATCH (u:Unit {key: row.unit_key})
CREATE (fl)-[:HAS_FACT]->(x:Fact {key: row.key, filing_id: row.filing_id, fact_id: row.fact_id,
          concept_qname: row.concept_qname, concept_key: row.concept_key, value: row.value, num: row.num,
          numeric: row.numeric, nil: row.nil, decimals: row.decimals, precision: row.precision,
          context_id: row.context_id, context_key: row.context_key, unit_id: row.unit_id, unit_key: row.unit_key,
          source_line: row.source_line, lang: row.lang, duplicate: row.duplicate, duplicate_group: row.duplicate_group}),
       (x)-[:IN_CONTEXT]->(ctx), (x)-[:REPORTS]->(c)
FOREACH (_ IN CASE WHEN u IS NULL THEN [] ELSE [1] END | CREATE (x)-[:IN_UNIT]->(u))
