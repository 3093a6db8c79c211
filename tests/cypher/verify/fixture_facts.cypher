// name: verify.fixture_facts
// summary: Test fixture: facts with their concept, context, period and unit, shaped like docs/graph-model.md.
// mode: write
// param rows: LIST<MAP> filing_id, fact_id, qname, concept_key, label, period_type, value, decimals, duplicate, unit_key, context, dims, period_key, kind, start, end, days
// returns: facts INTEGER
UNWIND $rows AS row
MATCH (fl:Filing {id: row.filing_id})
MERGE (c:Concept {key: row.concept_key})
  ON CREATE SET c.qname = row.qname, c.name = split(row.qname, ':')[1], c.prefix = split(row.qname, ':')[0],
                c.label = row.label, c.period_type = row.period_type, c.numeric = true
MERGE (p:Period {key: row.period_key})
  ON CREATE SET p.kind = row.kind, p.start = date(row.start), p.end = date(row.end), p.days = row.days
MERGE (ctx:Context {key: row.filing_id + '|' + row.context})
  ON CREATE SET ctx.filing_id = row.filing_id, ctx.context_ids = [row.context], ctx.dims = row.dims,
                ctx.dimensional = size(row.dims) > 0, ctx.period_type = row.kind
MERGE (fl)-[:HAS_CONTEXT]->(ctx)
MERGE (ctx)-[:FOR_PERIOD]->(p)
MERGE (u:Unit {key: row.unit_key})
MERGE (f:Fact {key: row.filing_id + '|' + row.fact_id})
SET f.filing_id = row.filing_id, f.fact_id = row.fact_id, f.concept_qname = row.qname, f.concept_key = row.concept_key,
    f.value = row.value, f.num = toFloat(row.value), f.numeric = true, f.nil = row.value IS NULL,
    f.decimals = row.decimals, f.unit_id = row.unit_key, f.unit_key = row.unit_key, f.context_id = row.context,
    f.context_key = ctx.key, f.duplicate = row.duplicate
MERGE (fl)-[:HAS_FACT]->(f)
MERGE (f)-[:IN_CONTEXT]->(ctx)
MERGE (f)-[:IN_UNIT]->(u)
MERGE (f)-[:REPORTS]->(c)
RETURN count(f) AS facts
