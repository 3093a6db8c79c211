// name: load.reload_begin
// summary: Start replacing a filing in place (`filing load --force`): the edges every load writes afresh (its networks, filer labels, releases and duplicate pairs) are deleted and the Filing node's properties reset to the new version's first ones, "pending"; its facts, contexts, extension concepts, labels and roles stay, to be updated by key.
// mode: write
// param filing_id: STRING the filing's id
// param props: MAP Filing properties known before parsing (id, accession, filing_date, content_hash, source)
// returns: id STRING
// Runs in the load's own transaction: readers see the old version until the commit and the new one after it, and a
// load that fails or is killed rolls back to the old version whole. Nodes are updated in place (load.reload_*)
// rather than deleted and written again: deleting the old version in this transaction made every later write
// slow, and deleting it after the commit kept a reload at 1.6-1.9x of Arelle's parse (issue 37 item 9,
// docs/benchmarks.md). Edges between this filing's nodes and shared ones that the writes CREATE are deleted here;
// deleting them leaves the later writes as fast. What the new version lacks goes last (load.reload_vanished). The
// Filing node ends as a first load writes it: its properties set afresh, no label but Filing.
MATCH (f:Filing {id: $filing_id})
CALL () { MATCH ()-[r:CALC {owner: $filing_id}]->() DELETE r }
CALL () { MATCH ()-[r:PRES {owner: $filing_id}]->() DELETE r }
CALL () { MATCH ()-[r:DEF {owner: $filing_id}]->() DELETE r }
CALL (f) { MATCH (f)-[r:FILER_LABEL|USES_RELEASE]->() DELETE r }
CALL (f) { MATCH (f)-[:HAS_FACT]->(:Fact)-[r:DUPLICATE_OF]->() DELETE r }
SET f = $props, f.status = 'pending'
REMOVE f:EvalCopy  // as on a first load's node: an evaluation copy is marked after its load (eval.mark_copy)
RETURN f.id AS id
