// name: checks.dqc_constant_years
// summary: The us-gaap years whose DQCRT constants are loaded, with how many constants each has.
// mode: read
// returns: year INTEGER, constants INTEGER, source STRING
MATCH (k:DqcConstant)
RETURN k.year AS year, count(k) AS constants, min(k.source) AS source
ORDER BY year
