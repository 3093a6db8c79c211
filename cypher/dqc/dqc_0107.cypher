// name: dqc.dqc_0107
// summary: DQC.US.0107 (acquired intangible assets text block used for a business combination): each fact of us-gaap:ScheduleOfAcquiredFiniteLivedIntangibleAssetsByMajorClassTextBlock whose context has a member on us-gaap:BusinessAcquisitionAxis (nil facts too); one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
// The official rule set (DQCRT 27) tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (f:Fact {concept_key: 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year)
                            + '#ScheduleOfAcquiredFiniteLivedIntangibleAssetsByMajorClassTextBlock'})
WHERE f.filing_id = fl.id
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE EXISTS {
  MATCH (ctx)-[:ON_AXIS]->(ax:Concept {name: 'BusinessAcquisitionAxis'}) WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/'
}
WITH fl, f, ctx, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims,
     CASE WHEN f.value IS NULL THEN 'nil' WHEN size(f.value) > 300 THEN left(f.value, 300) + '...' ELSE f.value END AS shown
RETURN fl.id AS filing_id, 'DQC.US.0107.9557' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' (context ' + context_id + ', period ' + p.key + ', dimensions '
         + reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d) + ') is reported with a member of the'
         + ' BusinessAcquisitionAxis: "' + shown + '". Intangible assets acquired in a business combination have their own'
         + ' text block: use us-gaap:ScheduleOfFiniteLivedIntangibleAssetsAcquiredAsPartOfBusinessCombinationTextBlock.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
