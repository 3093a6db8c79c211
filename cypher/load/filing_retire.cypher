// name: load.filing_retire
// summary: Take a filing's previous version out of the graph's view: its nodes lose their labels (Fact, Context, Role, Concept:Extension, Label) for Retired and its Filing node becomes RetiredFiling; its network edges are deleted.
// mode: write
// param filing_id: STRING the filing's id
// param token: STRING a token unique to this load (load.filing_purge_nodes deletes what it marks once the load has committed)
// returns: facts INTEGER
// Runs in the load's own transaction, before the new version is written: readers see the old version until
// the commit and the new one after it. Relabelling is cheap where DETACH DELETE in the same transaction made
// every later index seek of the writes slow (a 2,600-fact filing's rows took 16 s instead of 4 s); the
// retired nodes are deleted in batches after the commit (load.filing_purge_nodes). Unique keys are per label, so
// the new version's keys are free. The network edges (between shared concepts, found by the owner index) are
// deleted here: that leaves the later writes as fast, and takes them off the purge after the commit, which is on
// the command's path (re-owning them with the token cost as much as deleting them).
MATCH (f:Filing {id: $filing_id})
CALL (f) { MATCH (f)-[:HAS_FACT]->(x:Fact) REMOVE x:Fact SET x:Retired RETURN count(x) AS facts }
CALL (f) { MATCH (f)-[:HAS_CONTEXT]->(x:Context) REMOVE x:Context SET x:Retired }
CALL (f) { MATCH (f)-[:HAS_ROLE]->(x:Role) REMOVE x:Role SET x:Retired }
CALL (f) {
  MATCH (f)-[:DEFINES]->(x:Extension)
  REMOVE x:Concept:Extension SET x:Retired
  WITH x
  MATCH (x)-[:HAS_LABEL]->(l:Label)
  REMOVE l:Label SET l:Retired
}
CALL () { MATCH ()-[r:CALC {owner: $filing_id}]->() DELETE r }
CALL () { MATCH ()-[r:PRES {owner: $filing_id}]->() DELETE r }
CALL () { MATCH ()-[r:DEF {owner: $filing_id}]->() DELETE r }
REMOVE f:Filing
SET f:RetiredFiling, f.retired = $token
RETURN facts
