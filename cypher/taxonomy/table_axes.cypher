// name: taxonomy.table_axes
// summary: Which axes a hypercube (table) allows, per role, from the taxonomy's definition networks.
// mode: read
// param qname: STRING the table's QName, e.g. us-gaap:StatementTable
// param year: INTEGER taxonomy year
// returns: role STRING, axis STRING
MATCH (t:Concept {qname: $qname, year: $year})-[r:DEF {arc: 'hypercube-dimension'}]->(axis:Concept)
WHERE EXISTS { MATCH (:Release {status: 'loaded'})-[:DECLARES]->(t) }  // not what a killed load left pending
RETURN DISTINCT r.role AS role, axis.qname AS axis
ORDER BY role, axis
