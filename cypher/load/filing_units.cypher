// name: load.filing_units
// summary: Merge the shared Unit nodes a filing's facts use (key = canonical measures, e.g. iso4217:USD/xbrli:shares).
// mode: write
// param rows: LIST of maps key, numerators, denominators, is_ratio (loader.facts.unit_row)
// returns: nothing
UNWIND $rows AS row
MERGE (u:Unit {key: row.key})
ON CREATE SET u.numerators = row.numerators, u.denominators = row.denominators, u.is_ratio = row.is_ratio
