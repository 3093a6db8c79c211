// name: load.filing_contexts
// summary: Write a filing's normalized Context nodes with HAS_CONTEXT and FOR_PERIOD to the shared Period nodes.
// mode: write
// param filing_id: STRING the filing's id
// param rows: LIST of maps {props: Context properties, period: {key, kind, start, end, days}} (loader.facts)
// returns: nothing
// Contexts are new (the loader retires a previous version in the same transaction, load.filing_retire, and their keys start
// with the filing's id): CREATE them and their edges; only the shared Period is merged.
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MERGE (p:Period {key: row.period.key})
ON CREATE SET p.kind = row.period.kind, p.start = row.period.start, p.end = row.period.end, p.days = row.period.days
CREATE (fl)-[:HAS_CONTEXT]->(c:Context)-[:FOR_PERIOD]->(p)
SET c = row.props
