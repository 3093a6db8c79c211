// name: dqc.dqc_0179_durations
// summary: DQC.US.0179 rule data: the filing's duration periods shorter than 398 days (both ends counted), each with how many facts (of any type, nil ones too) report for it: the reporting periods the filing uses and how often.
// mode: read
// param filing_id: STRING  the filing's id
// returns: period_key STRING, start DATE, end DATE, facts INTEGER
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(:Context)-[:FOR_PERIOD]->(p:Period {kind: 'duration'})
WHERE duration.inDays(p.start, p.end).days + 1 < 398
RETURN p.key AS period_key, p.start AS start, p.end AS end, count(f) AS facts
