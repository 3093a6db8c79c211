// name: load.filing_dims
// summary: Create ON_AXIS (explicit and typed) and HAS_MEMBER (explicit) edges from a filing's new contexts to axis and member concepts.
// mode: write
// param rows: LIST of maps context_key, axis_key, axis_qname, member_key, member_qname, typed_value
// returns: nothing
// The contexts were created in the same transaction, so the edges are new; `filing relink` repairs
// existing contexts with filing.relink_dims instead, which merges.
UNWIND $rows AS row
MATCH (c:Context {key: row.context_key})
MATCH (a:Concept {key: row.axis_key})
CREATE (c)-[:ON_AXIS {member: row.member_qname, typed_value: row.typed_value}]->(a)
WITH c, row WHERE row.member_key IS NOT NULL
MATCH (m:Concept {key: row.member_key})
CREATE (c)-[:HAS_MEMBER {axis: row.axis_qname}]->(m)
