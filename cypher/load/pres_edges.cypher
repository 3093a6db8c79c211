// name: load.pres_edges
// summary: Create PRES edges (parent-child) between existing concepts; rows are de-duplicated by the loader.
// mode: write
// param rows: LIST of maps from_key, to_key, owner, role, arcrole, order, preferred_label (loader.networks)
// returns: nothing
UNWIND $rows AS row
MATCH (a:Concept {key: row.from_key})
MATCH (b:Concept {key: row.to_key})
CREATE (a)-[:PRES {owner: row.owner, role: row.role, arcrole: row.arcrole, order: row.order,
                   preferred_label: row.preferred_label}]->(b)
