// name: tools.fact_history
// summary: Facts of a concept (by local name) in this filing and in the issuer's other loaded filings (same CIK), every period.
// mode: read
// param filing_id: STRING  the filing the question is about
// param local_name: STRING  concept local name
// returns: filing_id STRING, form STRING, filing_period_end DATE, fact_id STRING, concept_key STRING, value STRING, decimals STRING, unit STRING, dims LIST<STRING>, period_key STRING, kind STRING, start DATE, end DATE
MATCH (fl:Filing {id: $filing_id})
OPTIONAL MATCH (o:Filing) WHERE fl.cik IS NOT NULL AND o.cik = fl.cik AND o.status = 'loaded' AND o.id <> fl.id AND NOT o:EvalCopy
WITH fl, collect(o) AS others
WITH others + [fl] AS filings
UNWIND filings AS g
MATCH (c:Concept {name: $local_name})<-[:REPORTS]-(f:Fact {filing_id: g.id})
WHERE coalesce(f.nil, false) = false
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
RETURN g.id AS filing_id, g.form AS form, g.period_end AS filing_period_end, f.fact_id AS fact_id,
       f.concept_key AS concept_key, f.value AS value, f.decimals AS decimals, f.unit_key AS unit,
       coalesce(ctx.dims, []) AS dims, p.key AS period_key, p.kind AS kind, p.start AS start, p.end AS end
ORDER BY end DESC, filing_id
