// name: dqc.dqc_0089
// summary: DQC.US.0089 (weighted average remaining lease term on the range axis): 9373, every fact of OperatingLeaseWeightedAverageRemainingLeaseTerm1 or FinanceLeaseWeightedAverageRemainingLeaseTerm1 (us-gaap: the rule's *: prefix is its default namespace; nil facts too, further dimensions allowed) reported with any member of srt:RangeAxis; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The official rule set tests no form.
// anchored on the two elements (Concept.name index) and their REPORTS edges, not on every fact of the filing
MATCH (c:Concept)
WHERE c.name IN ['OperatingLeaseWeightedAverageRemainingLeaseTerm1', 'FinanceLeaseWeightedAverageRemainingLeaseTerm1']
  AND c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
MATCH (c)<-[:REPORTS]-(f:Fact)
WHERE $filing_id IS NULL OR f.filing_id = $filing_id
MATCH (fl:Filing {id: f.filing_id, status: 'loaded'})
WHERE NOT fl:EvalCopy
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[on:ON_AXIS]->(ax:Concept {name: 'RangeAxis'})
WHERE ax.namespace STARTS WITH 'http://fasb.org/srt/'
MATCH (ctx)-[:FOR_PERIOD]->(p:Period)
RETURN fl.id AS filing_id, 'DQC.US.0089.9373' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' is reported as ' + coalesce(f.value, 'nil') + ' for ' + p.key + ' with ' +
       coalesce(on.member, on.typed_value, 'a member') + ' on srt:RangeAxis (context ' + coalesce(f.context_id, ctx.context_ids[0]) +
       '). A weighted average remaining lease term is one figure, not a range: report the range of remaining terms with ' +
       'LesseeOperatingLeaseRemainingLeaseTerm or LesseeFinanceLeaseRemainingLeaseTerm instead.' AS message
ORDER BY filing_id, concept, f.fact_id
