// name: dqc.dqc_0084_flags
// summary: DQC.US.0084: how many ImmaterialDifferenceFlag facts (any namespace) the filing reports; the flag lets a sub-period sum off by under 1% pass when the facts are in units.
// mode: read
// param filing_id: STRING  the filing's id
// returns: flags INTEGER
MATCH (fl:Filing {id: $filing_id})
OPTIONAL MATCH (fl)-[:HAS_FACT]->(f:Fact)
WHERE split(f.concept_key, '#')[1] = 'ImmaterialDifferenceFlag'
RETURN count(f) AS flags
