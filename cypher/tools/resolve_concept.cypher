// name: tools.resolve_concept
// summary: Concepts a name or QName may mean for a filing, best first: reported by the filing, its extension, a release it uses, newest year.
// mode: read
// param local_name: STRING  local name (Revenues)
// param prefix: STRING  prefix to require (us-gaap), or null for any
// param filing_id: STRING  the filing the question is about (null: any)
// returns: key STRING, qname STRING, year INTEGER, release STRING, reported BOOLEAN, extension BOOLEAN, used BOOLEAN
MATCH (c:Concept {name: $local_name})
WHERE ($prefix IS NULL OR c.prefix = $prefix OR c.qname STARTS WITH $prefix + ':')
  AND (c.filing_id IS NULL OR c.filing_id = $filing_id)
WITH c,
     EXISTS { MATCH (c)<-[:REPORTS]-(:Fact {filing_id: $filing_id}) } AS reported,
     EXISTS { MATCH (:Filing {id: $filing_id})-[:USES_RELEASE]->(:Release {key: c.release}) } AS used
RETURN c.key AS key, c.qname AS qname, c.year AS year, c.release AS release, reported,
       c.filing_id IS NOT NULL AS extension, used
ORDER BY reported DESC, extension DESC, used DESC, year DESC
LIMIT 5
