// name: dqc.dqc_0155
// summary: DQC.US.0155 (the cash change including exchange-rate effects lacks its exchange-rate addend): the filing reports an effect of exchange rates on cash (EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents or its disposal-group variants) and, in its cash flow statement roles, CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect has calculation descendants, none of which is an exchange-rate element. One finding naming one exchange-rate fact (the earliest period; the official engine names one of them).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
WITH fl, ['EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsIncludingDisposalGroupAndDiscontinuedOperations',
          'EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
          'EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsDisposalGroupIncludingDiscontinuedOperations'] AS fx
// the cash flow statement roles (official CASH_FLOW_ROLES): statement presentation networks, not parenthetical, holding
// StatementOfCashFlowsAbstract or named "cashflow"
WITH fl, fx, COLLECT {
  MATCH (fl)-[:HAS_ROLE]->(r:Role)
  WHERE r.definition CONTAINS '- Statement ' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
    AND EXISTS { MATCH ()-[e:PRES]->() WHERE e.owner = fl.id AND e.role = r.uri }
    AND (toLower(r.uri) CONTAINS 'cashflow'
         OR EXISTS { MATCH (a:Concept {name: 'StatementOfCashFlowsAbstract'})-[e:PRES]-() WHERE e.owner = fl.id AND e.role = r.uri })
  RETURN DISTINCT r.uri
} AS cf_roles
WHERE size(cf_roles) > 0
WITH fl, fx, cf_roles, COLLECT {
  MATCH (t:Concept {name: 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect'})-[k0:CALC]->(c1:Concept)
  WHERE k0.owner = fl.id AND k0.role IN cf_roles AND t.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  MATCH (c1) ((a:Concept)-[k:CALC]->(b:Concept) WHERE k.owner = fl.id AND k.role = k0.role){0,} (d:Concept)
  RETURN DISTINCT d
} AS below
WHERE size(below) > 0 AND NOT any(d IN below WHERE d.name IN fx AND d.namespace STARTS WITH 'http://fasb.org/us-gaap/')
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Concept)
WHERE c.name IN fx AND c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, p, ctx, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
ORDER BY p.end, coalesce(p.start, p.end), f.fact_id
WITH fl, collect({f: f, p: p, context_id: context_id, dims: dims})[0] AS named, count(*) AS n
WITH fl, named, n, named.f AS f
RETURN fl.id AS filing_id, 'DQC.US.0155.10072' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: named.context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: named.p.key, dims: named.dims}] AS facts,
       null AS network,
       'The filing reports the effect of exchange rates on cash (' + toString(n) + ' fact(s), e.g. ' + f.concept_qname + ' = '
         + coalesce(f.value, 'nil') + ', context ' + named.context_id + ') and its cash flow statement calculates'
         + ' CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect,'
         + ' but no exchange-rate element flows into that total. Add the exchange-rate effect to its calculation, or, if the'
         + ' total is before exchange-rate effects, use CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect.' AS message
