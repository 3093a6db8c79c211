// name: tools.dimensions
// summary: Hypercubes, axes, domains, members and defaults that apply to a concept (primary item of an `all` cube), filing networks and taxonomy.
// mode: read
// param key: STRING  concept key of the line item
// param filing_id: STRING  owner of the filing's networks
// param release: STRING  owner of the taxonomy networks, or null
// returns: owner STRING, role STRING, hypercube STRING, axis STRING, domain STRING, members LIST<STRING>, default_member STRING
MATCH (c:Concept {key: $key})
MATCH (li:Concept)-[a:DEF {arc: 'all'}]->(hc:Concept)
WHERE (a.owner = $filing_id OR a.owner = $release)
  AND (li = c OR EXISTS {
    MATCH path = (li)-[:DEF*1..8]->(c)
    WHERE all(x IN relationships(path) WHERE x.arc = 'domain-member' AND x.role = a.role AND x.owner = a.owner)
  })
MATCH (hc)-[hd:DEF {arc: 'hypercube-dimension'}]->(axis:Concept)
WHERE hd.owner = a.owner AND hd.role = coalesce(a.target_role, a.role)
OPTIONAL MATCH (axis)-[dd:DEF {arc: 'dimension-domain'}]->(dom:Concept)
WHERE dd.owner = a.owner AND dd.role = hd.role
OPTIONAL MATCH (axis)-[df:DEF {arc: 'dimension-default'}]->(dflt:Concept)
WHERE df.owner = a.owner
CALL (dom, dd) {
  OPTIONAL MATCH path = (dom)-[:DEF*1..8]->(m:Concept)
  WHERE all(x IN relationships(path) WHERE x.arc = 'domain-member' AND x.role = dd.role AND x.owner = dd.owner)
  RETURN collect(DISTINCT m.qname) AS members
}
RETURN DISTINCT a.owner AS owner, a.role AS role, hc.qname AS hypercube, axis.qname AS axis, dom.qname AS domain,
       members, dflt.qname AS default_member
ORDER BY owner, role, axis
