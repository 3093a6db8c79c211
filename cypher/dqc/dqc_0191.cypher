// name: dqc.dqc_0191
// summary: DQC.US.0191 (PEO elements with the non-PEO NEO member): in a filing whose taxonomy includes ecd 2024 (the official test of its DTS; here: the filing uses ecd/2024 concepts), each non-nil fact of ecd:PeoName, ecd:PeoTotalCompAmt or ecd:PeoActuallyPaidCompAmt (ecd namespace of the rule set's year: ecd/2024 for us-gaap 2024 filings, ecd/2025 for 2025) with ecd:ExecutiveCategoryAxis = ecd:NonPeoNeoMember; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
// The 2025 rule set tests for the ecd 2024 schema but names ecd 2025 elements, so it can only report a filing that uses both.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy AND 'ecd/2024' IN coalesce(fl.releases, [])
WITH fl, 'http://xbrl.sec.gov/ecd/' + toString(CASE WHEN fl.us_gaap_year >= 2025 THEN 2025 ELSE 2024 END) + '#' AS ecd
UNWIND [ecd + 'PeoName', ecd + 'PeoTotalCompAmt', ecd + 'PeoActuallyPaidCompAmt'] AS key
MATCH (:Concept {key: key})<-[:REPORTS]-(f:Fact)
WHERE f.filing_id = fl.id AND f.value IS NOT NULL
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
MATCH (ctx)-[oa:ON_AXIS]->(ax:Concept {name: 'ExecutiveCategoryAxis'})
WHERE ax.namespace STARTS WITH 'http://xbrl.sec.gov/ecd/' AND oa.member ENDS WITH ':NonPeoNeoMember'
WITH fl, f, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0191.10618' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' = ' + left(f.value, 200) + ' (context ' + context_id + ', period ' + p.key + ') is reported with'
         + ' the member NonPeoNeoMember of ExecutiveCategoryAxis. This element is for the principal executive officer: use'
         + ' the non-PEO NEO average elements (e.g. NonPeoNeoAvgTotalCompAmt) for the other named executives.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
