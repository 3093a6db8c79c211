// name: taxonomy.demote_concepts
// summary: Turn a release's concepts back into placeholders (keeps bridge and other owners' edges; a reload fills them again).
// mode: write
// param release: STRING release key
// returns: nothing
MATCH (c:Concept {release: $release})
CALL (c) {
  OPTIONAL MATCH (:Release)-[d:DECLARES]->(c)
  DELETE d
  SET c = {key: c.key, namespace: c.namespace, name: c.name, qname: c.qname, year: c.year}
  SET c:Placeholder
} IN TRANSACTIONS OF 10000 ROWS
