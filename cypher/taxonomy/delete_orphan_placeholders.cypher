// name: taxonomy.delete_orphan_placeholders
// summary: Delete placeholder concepts nothing points at or from any more.
// mode: write
// returns: nothing
MATCH (c:Concept:Placeholder) WHERE NOT (c)--()
CALL (c) { DELETE c } IN TRANSACTIONS OF 10000 ROWS
