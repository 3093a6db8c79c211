// name: checks.fact_periods
// summary: The periods of a filing's facts, of one concept (QName, local name or concept key) or of every concept; no rows when the filing reports none.
// mode: read
// param filing_id: STRING  the filing's id
// param concept: STRING  QName, local name or concept key; null for every concept
// returns: period_key STRING, facts INTEGER
MATCH (f:Fact {filing_id: $filing_id})
WHERE $concept IS NULL OR $concept IN [f.concept_qname, f.concept_key, last(split(f.concept_qname, ':'))]
MATCH (f)-[:IN_CONTEXT]->(:Context)-[:FOR_PERIOD]->(p:Period)
RETURN p.key AS period_key, count(f) AS facts
ORDER BY period_key
