// name: checks.build_def_arcs
// summary: Hand-built filings: write DEF relationships between concepts (owner, role and arc properties as given).
// mode: write
// param rows: LIST<MAP>  {source, target, props: {owner, role, arcrole, arc, order, weight, ...}}
// returns: nothing
UNWIND $rows AS row
MATCH (s:Concept {key: row.source}), (t:Concept {key: row.target})
CREATE (s)-[r:DEF]->(t)
SET r += row.props
