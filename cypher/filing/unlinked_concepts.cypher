// name: filing.unlinked_concepts
// summary: Concept keys that facts or context dimensions of loaded filings need but have no Concept node (to write placeholders).
// mode: read
// returns: key STRING, qname STRING
CALL () {
  MATCH (f:Fact) WHERE NOT EXISTS { (f)-[:REPORTS]->() }
  RETURN DISTINCT f.concept_key AS key, f.concept_qname AS qname
  UNION
  MATCH (c:Context) WHERE size(coalesce(c.axis_keys, [])) > COUNT { (c)-[:ON_AXIS]->() }
  UNWIND range(0, size(c.axis_keys) - 1) AS i
  WITH c, i, split(c.dims[i], '=') AS parts
  UNWIND [[c.axis_keys[i], parts[0]], [c.member_keys[i], parts[1]]] AS kq
  WITH kq WHERE kq[0] <> ''
  RETURN DISTINCT kq[0] AS key, kq[1] AS qname
}
WITH key, qname WHERE NOT EXISTS { MATCH (:Concept {key: key}) }
RETURN key, qname
