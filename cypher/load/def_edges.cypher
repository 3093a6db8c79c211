// name: load.def_edges
// summary: Create DEF edges (definition and XDT arcs) between existing concepts; rows are de-duplicated by the loader.
// mode: write
// param rows: LIST of maps from_key, to_key, owner, role, arcrole, arc, order, closed, context_element, target_role, usable
// returns: nothing
UNWIND $rows AS row
MATCH (a:Concept {key: row.from_key})
MATCH (b:Concept {key: row.to_key})
CREATE (a)-[:DEF {owner: row.owner, role: row.role, arcrole: row.arcrole, arc: row.arc, order: row.order,
                  closed: row.closed, context_element: row.context_element, target_role: row.target_role,
                  usable: row.usable}]->(b)
