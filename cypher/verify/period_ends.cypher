// name: verify.period_ends
// summary: Periods of the filing's non-dimensional numeric facts, with how many facts each holds.
// mode: read
// param filing_id: STRING the filing id
// returns: key STRING, kind STRING, start DATE, end DATE, days INTEGER, facts INTEGER
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.numeric AND NOT coalesce(ctx.dimensional, false)
RETURN p.key AS key, p.kind AS kind, p.start AS start, p.end AS end, p.days AS days, count(f) AS facts
ORDER BY end DESC, days
