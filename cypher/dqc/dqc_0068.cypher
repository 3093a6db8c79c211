// name: dqc.dqc_0068
// summary: DQC.US.0068 Geographical axis used with pension line items: a fact of a retirement benefit line item (the DQCRT constant NETWORK_730000_TARGET_NON_ABSTRACT_QNAMES, the us-gaap Compensation Related Costs, Retirement Benefits network) reported with a member of srt:StatementGeographicalAxis; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (k:DqcConstant {year: fl.us_gaap_year, name: 'NETWORK_730000_TARGET_NON_ABSTRACT_QNAMES'})
MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[oa:ON_AXIS]->(ax:Concept {name: 'StatementGeographicalAxis'})
WHERE ax.namespace STARTS WITH 'http://fasb.org/srt/' AND oa.member IS NOT NULL
MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact), (ctx)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key IN k.values
RETURN fl.id AS filing_id, 'DQC.US.0068.7641' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' (value ' + coalesce(f.value, 'nil') + ', period ' + p.key + ') is a retirement benefit line item ' +
       'reported with the StatementGeographicalAxis member ' + oa.member + '. Plan locations belong on the ' +
       'RetirementPlanSponsorLocationAxis (domestic / foreign plans), not the geographical axis.' AS message
ORDER BY filing_id, concept, f.fact_id
