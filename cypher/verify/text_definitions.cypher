// name: verify.text_definitions
// summary: Non-numeric facts of a filing (text blocks, policies; often escaped HTML) that may define a metric in words. The verifier finds and parses definitions in Python.
// mode: read
// param filing_id: STRING the filing id
// returns: fact_id STRING, concept_qname STRING, value STRING
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE NOT coalesce(f.numeric, false) AND NOT coalesce(f.nil, false) AND f.value IS NOT NULL
  // shorter strings (dei cover-page values, names, dates) cannot hold a definition sentence
  AND size(f.value) >= 40
OPTIONAL MATCH (f)-[:REPORTS]->(c:Concept)
RETURN f.fact_id AS fact_id, coalesce(c.qname, f.concept_qname) AS concept_qname, f.value AS value
ORDER BY fact_id
