// name: dqc.dqc_0142
// summary: DQC.US.0142 (investment identifier facts with extra axes): each fact whose context has a member of one of the six us-gaap schedule-of-investments identifier axes (InvestmentIdentifierAxis, SecuritySoldShortIdentifierAxis, OpenOptionContractIdentifierAxis, OpenFuturesContractIdentifierAxis, OpenForwardForeignCurrencyContractIdentifierAxis, OpenSwapContractIdentifierAxis) and, besides InvestmentCompanyNonconsolidatedSubsidiaryAxis, srt:RangeAxis and dei:LegalEntityAxis, more than one axis in all; one finding per fact and identifier axis.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
// Nil and text facts count too. The official rule set (DQCRT 27) tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[:ON_AXIS]->(id:Concept)
WHERE id.name IN ['InvestmentIdentifierAxis', 'SecuritySoldShortIdentifierAxis', 'OpenOptionContractIdentifierAxis',
                  'OpenFuturesContractIdentifierAxis', 'OpenForwardForeignCurrencyContractIdentifierAxis', 'OpenSwapContractIdentifierAxis']
  AND id.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH fl, ctx, id, COLLECT {
  MATCH (ctx)-[:ON_AXIS]->(a:Concept)
  WHERE NOT ((a.name = 'InvestmentCompanyNonconsolidatedSubsidiaryAxis' AND a.namespace STARTS WITH 'http://fasb.org/us-gaap/')
          OR (a.name = 'RangeAxis' AND a.namespace STARTS WITH 'http://fasb.org/srt/')
          OR (a.name = 'LegalEntityAxis' AND a.namespace STARTS WITH 'http://xbrl.sec.gov/dei/'))
  RETURN DISTINCT a.qname
} AS counted
WHERE size(counted) > 1
MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact {filing_id: fl.id})
MATCH (ctx)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, p, id, counted, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0142.9864' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' = ' + coalesce(left(f.value, 200), 'nil') + ' (context ' + context_id + ', period ' + p.key
         + ') is reported for one investment on ' + id.qname + ' together with '
         + reduce(s = '', a IN [x IN counted WHERE x <> id.qname] | s + CASE WHEN s = '' THEN '' ELSE ', ' END + a)
         + '. A fact of the schedule of investments needs only the identifier axis (with, at most, the nonconsolidated'
         + ' subsidiary, range or legal entity axis): remove the other axes.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id, id.qname
