// name: taxonomy.axis_members
// summary: Domain, members (domain-member closure) and default member of an axis in a role.
// mode: read
// param qname: STRING the axis QName, e.g. us-gaap:StatementBusinessSegmentsAxis
// param year: INTEGER taxonomy year
// param role: STRING extended link role URI of the definition network
// returns: domain STRING, members LIST, default_member STRING
MATCH (a:Concept {qname: $qname, year: $year})-[:DEF {arc: 'dimension-domain', role: $role}]->(d:Concept)
WHERE EXISTS { MATCH (:Release {status: 'loaded'})-[:DECLARES]->(a) }  // not what a killed load left pending
MATCH (d)-[:DEF*0..5 {arc: 'domain-member', role: $role}]->(m:Concept)
OPTIONAL MATCH (a)-[:DEF {arc: 'dimension-default'}]->(def:Concept)
RETURN d.qname AS domain, collect(DISTINCT m.qname) AS members, def.qname AS default_member
