// name: dqc.dqc_0052
// summary: DQC.US.0052 (member DomesticPlanMember used): 7487, every fact (any element, text and nil facts too, further dimensions allowed) reported with DomesticPlanMember on RetirementPlanSponsorLocationAxis (both us-gaap: the rule's *: prefix is its default namespace); one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The official rule set tests no form.
// anchored on the member (Concept.name index) and the contexts that use it
MATCH (m:Concept {name: 'DomesticPlanMember'})<-[:HAS_MEMBER]-(ctx:Context)
WHERE m.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND ($filing_id IS NULL OR ctx.filing_id = $filing_id)
MATCH (fl:Filing {id: ctx.filing_id, status: 'loaded'})
WHERE NOT fl:EvalCopy
MATCH (ctx)-[on:ON_AXIS]->(ax:Concept {name: 'RetirementPlanSponsorLocationAxis'})
WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND on.member ENDS WITH ':DomesticPlanMember'
  AND EXISTS { (ctx)-[h:HAS_MEMBER]->(m) WHERE h.axis ENDS WITH ':RetirementPlanSponsorLocationAxis' }
MATCH (f:Fact)-[:IN_CONTEXT]->(ctx)
MATCH (ctx)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, ctx, p, ax, on, CASE WHEN f.value IS NULL THEN 'nil' WHEN size(f.value) > 200 THEN left(f.value, 200) + '...' ELSE f.value END AS shown
RETURN fl.id AS filing_id, 'DQC.US.0052.7487' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' is reported as ' + shown + ' for ' + p.key + ' with ' + on.member + ' on ' + ax.qname +
       ' (context ' + coalesce(f.context_id, ctx.context_ids[0]) + '). DomesticPlanMember is not meant for instance documents: ' +
       'tag the plan sponsor location with the member of the specific country (SEC country taxonomy) instead.' AS message
ORDER BY filing_id, concept, f.fact_id
