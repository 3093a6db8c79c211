// name: load.dqc_rules
// summary: Write DqcRule nodes of the DQC rules taxonomy shipped in a us-gaap package.
// mode: write
// param rows: LIST of maps key, rule_id, release, name, source, role
// returns: nothing
UNWIND $rows AS row
MERGE (d:DqcRule {key: row.key})
SET d.rule_id = row.rule_id, d.release = row.release, d.name = row.name, d.source = row.source, d.role = row.role
