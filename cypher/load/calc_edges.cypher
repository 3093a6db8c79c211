// name: load.calc_edges
// summary: Create CALC edges (summation-item) between existing concepts; rows are de-duplicated by the loader.
// mode: write
// param rows: LIST of maps from_key, to_key, owner, role, arcrole, order, weight (loader.networks)
// returns: nothing
UNWIND $rows AS row
MATCH (a:Concept {key: row.from_key})
MATCH (b:Concept {key: row.to_key})
CREATE (a)-[:CALC {owner: row.owner, role: row.role, arcrole: row.arcrole, order: row.order, weight: row.weight}]->(b)
