// name: verify.text_blocks
// summary: A filing's narrative: its text-block facts (notes, policies; escaped HTML in the value) in document order, for `verify --narrative`.
// mode: read
// param filing_id: STRING the filing id
// returns: fact_id STRING, concept_qname STRING, value STRING, source_line INTEGER
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)
WHERE f.concept_qname ENDS WITH 'TextBlock' AND NOT coalesce(f.nil, false) AND f.value IS NOT NULL
RETURN f.fact_id AS fact_id, f.concept_qname AS concept_qname, f.value AS value, f.source_line AS source_line
ORDER BY source_line, fact_id
