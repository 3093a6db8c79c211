// name: dqc.dqc_0053_facts
// summary: For DQC.US.0053: every fact (any element, text and nil facts too, further dimensions allowed) reported with NonUsMember on RetirementPlanSponsorLocationAxis (both us-gaap: the rule's *: prefix is its default namespace), in document order.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept STRING, value STRING, nil BOOLEAN, decimals STRING, unit STRING, context_id STRING, period_key STRING, dims LIST<STRING>, member STRING, axis STRING
// anchored on the member (Concept.name index) and the contexts that use it
MATCH (m:Concept {name: 'NonUsMember'})<-[h:HAS_MEMBER]-(ctx:Context {filing_id: $filing_id})
WHERE m.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND h.axis ENDS WITH ':RetirementPlanSponsorLocationAxis' 
MATCH (ctx)-[on:ON_AXIS]->(ax:Concept {name: 'RetirementPlanSponsorLocationAxis'})
WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND on.member ENDS WITH ':NonUsMember'
MATCH (f:Fact)-[:IN_CONTEXT]->(ctx)-[:FOR_PERIOD]->(p:Period)
RETURN f.fact_id AS fact_id, f.concept_qname AS concept, f.value AS value, coalesce(f.nil, false) AS nil,
       f.decimals AS decimals, f.unit_key AS unit, coalesce(f.context_id, ctx.context_ids[0]) AS context_id,
       p.key AS period_key, coalesce(ctx.dims, []) AS dims, on.member AS member, ax.qname AS axis
ORDER BY f.source_line, fact_id
