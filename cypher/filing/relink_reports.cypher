// name: filing.relink_reports
// summary: Re-create missing REPORTS bridge edges from facts to the concept node of their concept_key.
// mode: write
// returns: relinked INTEGER
MATCH (f:Fact) WHERE NOT EXISTS { (f)-[:REPORTS]->() }
MATCH (c:Concept {key: f.concept_key})
CREATE (f)-[:REPORTS]->(c)
RETURN count(*) AS relinked
