// name: load.reload_facts
// summary: A replaced filing's facts, updated in place by key (load.filing_facts creates them on a first load); a kept fact whose context, concept or unit changed is re-pointed.
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of Fact property maps (loader.facts.add_fact_rows; concept and context must already exist)
// returns: nothing
// A fact's key is the filing's id and the fact's id in the document: an amended filing may give the same id to a
// fact of another context, concept or unit, so the edges to the old ones go.
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MATCH (ctx:Context {key: row.context_key})
MATCH (c:Concept {key: row.concept_key})
OPTIONAL MATCH (u:Unit {key: row.unit_key})
MERGE (x:Fact {key: row.key})
SET x.filing_id = row.filing_id, x.fact_id = row.fact_id, x.concept_qname = row.concept_qname,
    x.concept_key = row.concept_key, x.value = row.value, x.num = row.num, x.numeric = row.numeric, x.nil = row.nil,
    x.decimals = row.decimals, x.precision = row.precision, x.context_id = row.context_id,
    x.context_key = row.context_key, x.unit_id = row.unit_id, x.unit_key = row.unit_key,
    x.source_line = row.source_line, x.lang = row.lang, x.duplicate = row.duplicate,
    x.duplicate_group = row.duplicate_group
MERGE (fl)-[:HAS_FACT]->(x)
MERGE (x)-[:IN_CONTEXT]->(ctx)
MERGE (x)-[:REPORTS]->(c)
FOREACH (_ IN CASE WHEN u IS NULL THEN [] ELSE [1] END | MERGE (x)-[:IN_UNIT]->(u))
WITH x, ctx, c, u
CALL (x, ctx, c, u) {
  MATCH (x)-[r:IN_CONTEXT|REPORTS|IN_UNIT]->(o)
  WHERE (r:IN_CONTEXT AND o <> ctx) OR (r:REPORTS AND o <> c) OR (r:IN_UNIT AND (u IS NULL OR o <> u))
  DELETE r
}
