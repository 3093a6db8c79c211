// name: taxonomy.demote_stale_concepts
// summary: Turn the given concepts of a release back into placeholders (after a reload wrote the release in place, the ones it no longer declares; as taxonomy.demote_concepts does for a whole release).
// mode: write
// param release: STRING release key, e.g. us-gaap/2025
// param keys: LIST<STRING> keys of the concepts to demote
// returns: demoted INTEGER
UNWIND $keys AS key
MATCH (c:Concept {key: key, release: $release})
SET c = {key: c.key, namespace: c.namespace, name: c.name, qname: c.qname, year: c.year}
SET c:Placeholder
RETURN count(c) AS demoted
