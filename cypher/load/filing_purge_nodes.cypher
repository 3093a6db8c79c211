// name: load.filing_purge_nodes
// summary: Delete, in batches of their own transactions, the retired nodes of a replaced filing's version (load.filing_retire under this token) and then its RetiredFiling node.
// mode: write
// param token: STRING the retire token
// returns: nothing
// The branches run in order: labels before their concepts, the Filing node last. Orphan placeholders are pruned afterwards (filing.prune_placeholders), as filing.delete does.
MATCH (f:RetiredFiling {retired: $token})
CALL (f) {
  MATCH (f)-[:DEFINES]->(:Retired)-[:HAS_LABEL]->(x:Retired)
  RETURN x
  UNION ALL
  MATCH (f)-[:HAS_FACT|HAS_CONTEXT|HAS_ROLE|DEFINES]->(x:Retired)
  RETURN x
  UNION ALL
  RETURN f AS x
}
CALL (x) { DETACH DELETE x } IN TRANSACTIONS OF 2000 ROWS
