// name: dqc.dqc_0197_preferred_items
// summary: DQC.US.0197 rule data: the summation-item descendants of PreferredStockDividendsAndOtherAdjustments in the us-gaap calculation networks of the filing's us-gaap year (each network followed on its own, every role), as concept keys.
// mode: read
// param filing_id: STRING  the filing's id
// returns: concept_key STRING
MATCH (f:Filing {id: $filing_id})
WITH 'us-gaap/' + toString(f.us_gaap_year) AS release,
     'http://fasb.org/us-gaap/' + toString(f.us_gaap_year) + '#PreferredStockDividendsAndOtherAdjustments' AS root
MATCH path = (:Concept {key: root})-[:CALC*1..20]->(c:Concept)
WHERE all(r IN relationships(path) WHERE r.owner = release AND r.role = relationships(path)[0].role)
RETURN DISTINCT c.key AS concept_key
ORDER BY concept_key
