// name: load.dqc_constants
// summary: Write the DQCRT constants of one us-gaap year (official DQC rule-set data) as DqcConstant nodes, replacing that year's.
// mode: write
// param year: INTEGER  the us-gaap year, e.g. 2025
// param rows: LIST of maps key, name, type, json, values, source
// returns: written INTEGER
OPTIONAL MATCH (old:DqcConstant {year: $year})
WHERE NOT old.key IN [r IN $rows | r.key]
DETACH DELETE old
WITH count(*) AS _
UNWIND $rows AS row
MERGE (k:DqcConstant {key: row.key})
SET k.year = $year, k.release = 'us-gaap/' + toString($year), k.name = row.name, k.type = row.type,
    k.json = row.json, k.values = row.values, k.source = row.source
RETURN count(k) AS written
