// name: load.reload_contexts
// summary: A replaced filing's contexts, updated in place by key (load.filing_contexts creates them on a first load).
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of maps with props (the Context's properties, key included) and period (key, kind, start, end, days)
// returns: nothing
// A context's key holds its period and dimensions, so a kept context keeps its FOR_PERIOD and dimension edges.
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MERGE (p:Period {key: row.period.key})
ON CREATE SET p.kind = row.period.kind, p.start = row.period.start, p.end = row.period.end, p.days = row.period.days
MERGE (c:Context {key: row.props.key})
SET c = row.props
MERGE (fl)-[:HAS_CONTEXT]->(c)
MERGE (c)-[:FOR_PERIOD]->(p)
