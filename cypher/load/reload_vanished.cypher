// name: load.reload_vanished
// summary: The end of a filing replaced in place: delete what its old version had and the new one does not (facts, contexts, labels, extension concepts, roles by key), then the placeholders nothing uses any more.
// mode: write
// param filing_id: STRING the filing's id
// param facts: LIST of the new version's Fact keys
// param contexts: LIST of its Context keys
// param concepts: LIST of its extension Concept keys
// param labels: LIST of the Label keys of its extension concepts
// param roles: LIST of its Role keys
// returns: deleted INTEGER
// Sent after every write of the new version: deletes here slow only what comes after them (load.filing_finish).
// Labels go before their concepts.
MATCH (fl:Filing {id: $filing_id})
CALL (fl) { MATCH (fl)-[:HAS_FACT]->(x:Fact) WHERE NOT x.key IN $facts DETACH DELETE x RETURN count(*) AS facts }
CALL (fl) { MATCH (fl)-[:HAS_CONTEXT]->(x:Context) WHERE NOT x.key IN $contexts DETACH DELETE x RETURN count(*) AS contexts }
CALL (fl) {
  MATCH (fl)-[:DEFINES]->(:Extension)-[:HAS_LABEL]->(x:Label) WHERE NOT x.key IN $labels
  DETACH DELETE x RETURN count(*) AS labels
}
CALL (fl) { MATCH (fl)-[:DEFINES]->(x:Extension) WHERE NOT x.key IN $concepts DETACH DELETE x RETURN count(*) AS concepts }
CALL (fl) { MATCH (fl)-[:HAS_ROLE]->(x:Role) WHERE NOT x.key IN $roles DETACH DELETE x RETURN count(*) AS roles }
CALL () { MATCH (p:Placeholder) WHERE NOT EXISTS { (p)--() } DELETE p }
RETURN facts + contexts + labels + concepts + roles AS deleted
