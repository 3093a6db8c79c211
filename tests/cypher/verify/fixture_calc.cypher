// name: verify.fixture_calc
// summary: Test fixture: calculation arcs owned by a filing, shaped like docs/graph-model.md.
// mode: write
// param rows: LIST<MAP> owner, role, total_qname, total_key, child_qname, child_key, weight, order
// returns: arcs INTEGER
UNWIND $rows AS row
MERGE (t:Concept {key: row.total_key}) ON CREATE SET t.qname = row.total_qname, t.name = split(row.total_qname, ':')[1]
MERGE (c:Concept {key: row.child_key}) ON CREATE SET c.qname = row.child_qname, c.name = split(row.child_qname, ':')[1]
CREATE (t)-[r:CALC {owner: row.owner, role: row.role, arcrole: 'http://www.xbrl.org/2003/arcrole/summation-item',
                    weight: row.weight, order: row.order}]->(c)
RETURN count(r) AS arcs
