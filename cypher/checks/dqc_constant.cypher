// name: checks.dqc_constant
// summary: One DQCRT constant of a us-gaap year (official DQC rule-set data), as loaded by `auditgraph taxonomy load`.
// mode: read
// param year: INTEGER  the filing's us-gaap year, e.g. 2025
// param constant: STRING  the constant, e.g. DEP_CONCEPTS
// returns: type STRING, json STRING, source STRING
MATCH (k:DqcConstant {year: $year, name: $constant})
RETURN k.type AS type, k.json AS json, k.source AS source
