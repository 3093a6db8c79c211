// name: dqc.dqc_0079
// summary: DQC.US.0079 Extension members that duplicate SEC taxonomy members: an extension member whose lower-cased name is a key of the DQCRT constant EXTENSION_ITEMS (e.g. "unitedstatesmember" -> country:US) and that is a domain member of an axis in one of the filing's dimensional cubes (other than StatementBusinessSegmentsAxis and IncomeTaxAuthorityNameAxis); one finding per member, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// A member belongs to an axis when, in one definition role of the filing, a hypercube has the axis
// (hypercube-dimension), the axis has a domain (dimension-domain) and the member sits under that domain through
// domain-member arcs of the same role. The rule reads the filing's extension concepts, used in facts or not.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (k:DqcConstant {year: fl.us_gaap_year, name: 'EXTENSION_ITEMS'})
WITH fl, [i IN range(0, size(k.values) - 2, 2) | [k.values[i], k.values[i + 1]]] AS items  // the dictionary, flattened key, value
MATCH (fl)-[:DEFINES]->(m:Concept)
WHERE toLower(m.name) IN [p IN items | p[0]]
MATCH ()-[e:DEF {owner: fl.id, arc: 'domain-member'}]->(m)
WITH DISTINCT fl, items, m, e.role AS role
MATCH (domain:Concept) (()-[x:DEF WHERE x.owner = fl.id AND x.arc = 'domain-member' AND x.role = role]->())+ (m)
MATCH (axis:Concept)-[dd:DEF {owner: fl.id, arc: 'dimension-domain', role: role}]->(domain)
WHERE EXISTS { MATCH (:Concept)-[:DEF {owner: fl.id, arc: 'hypercube-dimension', role: role}]->(axis) }
  AND NOT (axis.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND axis.name IN ['StatementBusinessSegmentsAxis', 'IncomeTaxAuthorityNameAxis'])
WITH fl, items, m, axis, dd
WITH fl, items, m, collect(DISTINCT axis.name) AS axes, collect(DISTINCT dd.role) AS roles
WITH fl, m, axes, roles, head([p IN items WHERE p[0] = toLower(m.name) | p[1]]) AS replacement
RETURN fl.id AS filing_id, 'DQC.US.0079.7657' AS sub_rule, m.qname AS concept, [] AS facts, roles[0] AS network,
       m.qname + ' is an extension member of the axis ' + reduce(s = '', a IN axes | s + CASE WHEN s = '' THEN '' ELSE ', ' END + a) +
       ', but the SEC taxonomies already define this member: use ' + split(replacement, '#')[1] + ' (namespace ' +
       split(replacement, '#')[0] + ') instead of the extension.' AS message
ORDER BY filing_id, concept
