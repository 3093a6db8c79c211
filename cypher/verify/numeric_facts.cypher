// name: verify.numeric_facts
// summary: Every numeric fact of a filing with its value, unit, period and axis=member pairs, for tying a note's figure to the fact that states it (verify --narrative).
// mode: read
// param filing_id: STRING the filing id
// returns: qname STRING, value STRING, unit_key STRING, kind STRING, start DATE, end DATE, dims LIST<STRING>
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE f.numeric AND NOT coalesce(f.nil, false) AND f.value IS NOT NULL
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
OPTIONAL MATCH (ctx)-[hm:HAS_MEMBER]->(m:Concept)
WITH f, p, [d IN collect(hm.axis + '=' + m.qname) WHERE d IS NOT NULL] AS dims
RETURN f.concept_qname AS qname, f.value AS value, f.unit_key AS unit_key, p.kind AS kind, p.start AS start,
       p.end AS end, dims
ORDER BY qname, end, value
