// name: checks.build_facts
// summary: Hand-built filings: write facts with their contexts, periods, units, dimensions and REPORTS bridges.
// mode: write
// param filing_id: STRING  the filing's id
// param rows: LIST<MAP>  {key, props, period_key, period, context_key, context, axes: [{axis_key, member_key, member}]}
// returns: nothing
MATCH (fl:Filing {id: $filing_id})
UNWIND $rows AS row
MERGE (p:Period {key: row.period_key})
SET p += row.period
MERGE (ctx:Context {key: row.context_key})
SET ctx += row.context
MERGE (fl)-[:HAS_CONTEXT]->(ctx)
MERGE (ctx)-[:FOR_PERIOD]->(p)
MERGE (f:Fact {key: row.key})
SET f += row.props
MERGE (fl)-[:HAS_FACT]->(f)
MERGE (f)-[:IN_CONTEXT]->(ctx)
WITH f, ctx, row
CALL (f, row) {
  MATCH (c:Concept {key: row.props.concept_key})
  MERGE (f)-[:REPORTS]->(c)
}
CALL (f, row) {
  WITH f, row WHERE row.props.unit_key IS NOT NULL
  MERGE (u:Unit {key: row.props.unit_key})
  MERGE (f)-[:IN_UNIT]->(u)
}
CALL (ctx, row) {
  UNWIND row.axes AS ax
  MATCH (a:Concept {key: ax.axis_key})
  MERGE (ctx)-[:ON_AXIS {member: ax.member}]->(a)
  WITH ax, ctx
  MATCH (m:Concept {key: ax.member_key})
  MERGE (ctx)-[:HAS_MEMBER {axis: ax.axis}]->(m)
}
