// name: load.filing_retire
// summary: Test fixture: what a loader before 2026-12-07 did to a replaced filing's previous version in the load's transaction (relabelled Retired, its Filing node RetiredFiling, its network edges deleted), for the purge of such leftovers (loader/versions.py).
// mode: write
// param filing_id: STRING the filing's id
// param token: STRING a token unique to this load (load.filing_purge_nodes deletes what it marks once the load has committed)
// returns: facts INTEGER
// Loads now replace a filing in place (load.reload_begin); versions.purge still deletes what older loaders left.
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
