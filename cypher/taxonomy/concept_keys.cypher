// name: taxonomy.concept_keys
// summary: The keys of a release's concepts, as one list (a reload compares them with the ones it wrote; one row, not 17,000).
// mode: read
// param release: STRING release key, e.g. us-gaap/2025
// returns: keys LIST<STRING>
MATCH (c:Concept {release: $release})
RETURN collect(c.key) AS keys
