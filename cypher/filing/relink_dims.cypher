// name: filing.relink_dims
// summary: Restore missing ON_AXIS and HAS_MEMBER edges of existing contexts (rows from filing.unlinked_dims); edges still there are kept.
// mode: write
// param rows: LIST of maps context_key, axis_key, axis_qname, member_key, member_qname, typed_value
// returns: nothing
UNWIND $rows AS row
MATCH (c:Context {key: row.context_key})
MATCH (a:Concept {key: row.axis_key})
MERGE (c)-[on:ON_AXIS]->(a)
SET on.member = row.member_qname, on.typed_value = row.typed_value
WITH c, row WHERE row.member_key IS NOT NULL
MATCH (m:Concept {key: row.member_key})
MERGE (c)-[hm:HAS_MEMBER]->(m)
SET hm.axis = row.axis_qname
