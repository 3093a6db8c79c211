// name: verify.fixture_text_facts
// summary: Test fixture: non-numeric (text block) facts with their concept and context, shaped like docs/graph-model.md.
// mode: write
// param rows: LIST<MAP> filing_id, fact_id, qname, concept_key, value, context, period_key, kind, start, end, days
// returns: facts INTEGER
UNWIND $rows AS row
MATCH (fl:Filing {id: row.filing_id})
MERGE (c:Concept {key: row.concept_key})
  ON CREATE SET c.qname = row.qname, c.name = split(row.qname, ':')[1], c.prefix = split(row.qname, ':')[0],
                c.label = split(row.qname, ':')[1], c.period_type = row.kind, c.numeric = false,
                c.type = 'dtr-types:textBlockItemType', c.base_type = 'string'
MERGE (p:Period {key: row.period_key})
  ON CREATE SET p.kind = row.kind, p.start = date(row.start), p.end = date(row.end), p.days = row.days
MERGE (ctx:Context {key: row.filing_id + '|' + row.context})
  ON CREATE SET ctx.filing_id = row.filing_id, ctx.context_ids = [row.context], ctx.dims = [],
                ctx.dimensional = false, ctx.period_type = row.kind
MERGE (fl)-[:HAS_CONTEXT]->(ctx)
MERGE (ctx)-[:FOR_PERIOD]->(p)
MERGE (f:Fact {key: row.filing_id + '|' + row.fact_id})
SET f.filing_id = row.filing_id, f.fact_id = row.fact_id, f.concept_qname = row.qname, f.concept_key = row.concept_key,
    f.value = row.value, f.num = null, f.numeric = false, f.nil = false, f.lang = 'en-US', f.decimals = null,
    f.unit_id = null, f.unit_key = null, f.context_id = row.context, f.context_key = ctx.key
MERGE (fl)-[:HAS_FACT]->(f)
MERGE (f)-[:IN_CONTEXT]->(ctx)
MERGE (f)-[:REPORTS]->(c)
RETURN count(f) AS facts
