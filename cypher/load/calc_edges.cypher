// name: load.calc_edges
// summary: Create CALC edges (summation-item) between existing concepts; rows are de-duplicated by the loader.
// mode: write
// param rows: LIST of maps from_key, to_key, owner, role, arcrole, order, weight, arcs, weights (loader.networks; arcs =
//   how many effective summation-item relationships the edge stands for, > 1 only for Calculations 1.1 duplicates;
//   weights = their weights in document order; both null, so absent, on a plain edge)
// returns: nothing
UNWIND $rows AS row
MATCH (a:Concept {key: row.from_key})
MATCH (b:Concept {key: row.to_key})
CREATE (a)-[:CALC {owner: row.owner, role: row.role, arcrole: row.arcrole, order: row.order, weight: row.weight,
                 arcs: row.arcs, weights: row.weights}]->(b)
