// name: dqc.dqc_0199
// summary: DQC.US.0199 (schedule of investments details missing): facts whose context has InvestmentIdentifierAxis as its only dimension; 10653: a fact of InvestmentBasisSpreadVariableRate with no fact of InvestmentVariableInterestRateTypeExtensibleEnumeration in the same context (investment and period); 10654: a fact of InvestmentBasisSpreadVariableRate, InvestmentInterestRate, InvestmentInterestRatePaidInKind or InvestmentInterestRatePaidInCash with no fact of InvestmentMaturityDate in the same context. One finding per fact (nil facts too).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
// The engine aligns the facts on the investment member and the period: an instant rate and a duration maturity date
// never meet, so an instant InvestmentInterestRate is reported whatever the maturity date. The rule set tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[:ON_AXIS]->(id:Concept {name: 'InvestmentIdentifierAxis'})
WHERE id.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND size(ctx.dims) = 1
MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact {filing_id: fl.id})
WITH fl, ctx, f, split(f.concept_key, '#')[-1] AS name
WHERE f.concept_key STARTS WITH 'http://fasb.org/us-gaap/'
  AND name IN ['InvestmentBasisSpreadVariableRate', 'InvestmentInterestRate', 'InvestmentInterestRatePaidInKind',
               'InvestmentInterestRatePaidInCash']
WITH fl, ctx, f, name,
     EXISTS { MATCH (ctx)<-[:IN_CONTEXT]-(g:Fact) WHERE g.concept_key STARTS WITH 'http://fasb.org/us-gaap/'
              AND split(g.concept_key, '#')[1] = 'InvestmentVariableInterestRateTypeExtensibleEnumeration' } AS has_basis,
     EXISTS { MATCH (ctx)<-[:IN_CONTEXT]-(g:Fact) WHERE g.concept_key STARTS WITH 'http://fasb.org/us-gaap/'
              AND split(g.concept_key, '#')[1] = 'InvestmentMaturityDate' } AS has_maturity
UNWIND [x IN [['DQC.US.0199.10653', name = 'InvestmentBasisSpreadVariableRate' AND NOT has_basis,
               'no InvestmentVariableInterestRateTypeExtensibleEnumeration says which reference rate the spread is over'],
              ['DQC.US.0199.10654', NOT has_maturity, 'no InvestmentMaturityDate is reported for it']] WHERE x[1]] AS hit
MATCH (ctx)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, p, hit, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, hit[0] AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' = ' + coalesce(f.value, 'nil') + ' is reported for the investment ' + dims[0] + ' (period '
         + p.key + ', context ' + context_id + '), but ' + hit[2] + ' for that investment and period. Report it, with'
         + ' the same investment member and period.' AS message
ORDER BY filing_id, sub_rule, concept, context_id, f.fact_id
