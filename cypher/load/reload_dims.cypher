// name: load.reload_dims
// summary: A replaced filing's dimension edges (ON_AXIS, HAS_MEMBER), merged: a kept context has them already (load.filing_dims creates them on a first load).
// mode: write
// param rows: LIST of maps context_key, axis_key, axis_qname, member_key, member_qname, typed_value
// returns: nothing
UNWIND $rows AS row
MATCH (c:Context {key: row.context_key})
MATCH (a:Concept {key: row.axis_key})
MERGE (c)-[r:ON_AXIS]->(a)
SET r.member = row.member_qname, r.typed_value = row.typed_value
WITH c, row WHERE row.member_key IS NOT NULL
MATCH (m:Concept {key: row.member_key})
MERGE (c)-[:HAS_MEMBER {axis: row.axis_qname}]->(m)
