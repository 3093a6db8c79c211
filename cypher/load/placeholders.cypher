// name: load.placeholders
// summary: Make sure every concept an edge needs exists; one not loaded yet becomes a Concept:Placeholder.
// mode: write
// param rows: LIST of maps key, namespace, name, qname, year (loader.concepts.placeholder_row)
// returns: nothing
UNWIND $rows AS row
MERGE (c:Concept {key: row.key})
ON CREATE SET c:Placeholder, c.namespace = row.namespace, c.name = row.name, c.qname = row.qname, c.year = row.year
