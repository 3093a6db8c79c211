// name: dqc.dqc_0167_usgaap_calc
// summary: For DQC.US.0167: the us-gaap calculation networks of the filing's us-gaap year (us-gaap and us-gaap-ebp summation-item networks, srt arcs in us-gaap roles, as the official rule set reads them) in which one of the given concepts is a total, every arc of those networks. One row; has_calc is false when the release has no calculation network loaded at all (a schema-only package).
// mode: read
// param filing_id: STRING  the filing's id (its us-gaap year picks the release)
// param tops: LIST<STRING>  concept keys whose us-gaap networks are wanted
// returns: release STRING, has_calc BOOLEAN, arcs LIST<MAP> (role, parent_key, child_key)
MATCH (f:Filing {id: $filing_id})
WITH f, [tax IN ['us-gaap/', 'us-gaap-ebp/', 'srt/'] | tax + toString(f.us_gaap_year)] AS owners
CALL (f, owners) {
  UNWIND owners AS owner
  MATCH (t:Concept)-[r0:CALC {owner: owner}]->()
  WHERE t.key IN $tops AND NOT r0.role STARTS WITH 'http://fasb.org/srt/'
  WITH DISTINCT r0.role AS role
  UNWIND owners AS owner
  MATCH (p:Concept)-[r:CALC {owner: owner, role: role}]->(c:Concept)
  WITH role, p, c ORDER BY role, p.key, c.key
  RETURN collect({role: role, parent_key: p.key, child_key: c.key}) AS arcs
}
RETURN owners[0] AS release, EXISTS { MATCH ()-[r:CALC {owner: owners[0]}]->() } AS has_calc, arcs
