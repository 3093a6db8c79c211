// name: dqc.dqc_0152
// summary: DQC.US.0152 (a list of years reported with the TaxPeriodAxis): each fact of a us-gaap element of type dtr-types:gYearListItemType (open tax years and the like) whose context has a member on us-gaap:TaxPeriodAxis (nil facts too); one finding per fact. The years belong in the value, not on the axis.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
// The official rule set (DQCRT 27) tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Concept {type: 'dtr-types:gYearListItemType'})
WHERE c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
MATCH (ctx)-[ax:ON_AXIS]->(axis:Concept {name: 'TaxPeriodAxis'})
WHERE axis.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH fl, f, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims,
     coalesce(ax.member, ax.typed_value) AS member
RETURN fl.id AS filing_id, 'DQC.US.0152.10116' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' lists the years "' + coalesce(f.value, 'nil') + '" (context ' + context_id + ', period ' + p.key
         + ') with the member ' + coalesce(member, '?') + ' of the TaxPeriodAxis. The element already holds a list of years:'
         + ' report it without the TaxPeriodAxis.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
