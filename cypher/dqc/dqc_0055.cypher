// name: dqc.dqc_0055
// summary: DQC.US.0055 Required member on the RetirementPlanSponsorLocationAxis, in each presentation network of the filing where the axis has children: neither DomesticPlanMember nor ForeignPlanMember among its descendants (7493); a root-to-leaf path of two or more elements with neither (9842); DomesticPlanMember as a leaf (9843); ForeignPlanMember as a leaf while no fact uses it (9844). Findings name no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// A path starts below the axis and ends at a leaf of the same network (the official rule's "paths" navigation).
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (ax:Concept {name: 'RetirementPlanSponsorLocationAxis'})-[r:PRES {owner: fl.id}]->()
WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH DISTINCT fl, ax, r.role AS role
MATCH (ax) (()-[x:PRES WHERE x.owner = fl.id AND x.role = role]->(n))+ (leaf:Concept)
WHERE NOT EXISTS { MATCH (leaf)-[y:PRES {owner: fl.id, role: role}]->() }
WITH fl, ax, role, [c IN n | c] AS path, leaf,
     [c IN n WHERE c.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND c.name IN ['DomesticPlanMember', 'ForeignPlanMember']] AS plans
WITH fl, ax, role, collect({path: path, leaf: leaf, plans: plans}) AS paths
WITH fl, ax, role, paths,
     size([p IN paths WHERE size(p.plans) > 0]) > 0 AS has_plan,
     size(reduce(all = [], p IN paths | all + [c IN p.path WHERE NOT c IN all])) AS descendants
CALL (fl, ax, role, paths, has_plan, descendants) {
  WITH fl, ax, role, has_plan, descendants WHERE NOT has_plan AND descendants > 1
  RETURN 'DQC.US.0055.7493' AS sub_rule, ax.qname AS concept,
         'In presentation network ' + role + ' the ' + ax.qname + ' has ' + toString(descendants) + ' members but neither ' +
         'us-gaap:DomesticPlanMember nor us-gaap:ForeignPlanMember: place the plan members under one or both of them.' AS message
  UNION ALL
  UNWIND paths AS p
  WITH fl, ax, role, p WHERE size(p.plans) = 0 AND size(p.path) > 1
  RETURN 'DQC.US.0055.9842' AS sub_rule, p.leaf.qname AS concept,
         'In presentation network ' + role + ' the path ' + reduce(s = '', c IN p.path | s + CASE WHEN s = '' THEN '' ELSE ' > ' END + c.qname) +
         ' under ' + ax.qname + ' includes neither us-gaap:DomesticPlanMember nor us-gaap:ForeignPlanMember: put ' +
         p.leaf.qname + ' under the one that applies.' AS message
  UNION ALL
  UNWIND paths AS p
  WITH fl, ax, role, p
  WHERE p.leaf.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND p.leaf.name = 'DomesticPlanMember'
  RETURN 'DQC.US.0055.9843' AS sub_rule, p.leaf.qname AS concept,
         'In presentation network ' + role + ' us-gaap:DomesticPlanMember ends a path under ' + ax.qname +
         ' with no children: add the members for the domestic locations below it.' AS message
  UNION ALL
  UNWIND paths AS p
  WITH fl, ax, role, p
  WHERE p.leaf.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND p.leaf.name = 'ForeignPlanMember'
  WITH fl, ax, role, p, p.leaf AS leaf
  WHERE NOT EXISTS {
    MATCH (fl)-[:HAS_CONTEXT]->(c:Context)-[hm:HAS_MEMBER]->(leaf)
    WHERE split(hm.axis, ':')[-1] = ax.name AND EXISTS { MATCH (c)<-[:IN_CONTEXT]-(:Fact) }
  }
  RETURN 'DQC.US.0055.9844' AS sub_rule, p.leaf.qname AS concept,
         'In presentation network ' + role + ' us-gaap:ForeignPlanMember ends a path under ' + ax.qname +
         ' with no children and no fact uses it: add the members for the foreign locations below it.' AS message
}
RETURN fl.id AS filing_id, sub_rule, concept, [] AS facts, role AS network, message
ORDER BY filing_id, sub_rule, network, concept
