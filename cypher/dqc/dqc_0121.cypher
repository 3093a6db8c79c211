// name: dqc.dqc_0121
// summary: DQC.US.0121 (transition elements): facts of the elements meant only for periods before ASU 2016-02 (leases), ASU 2017-12 (hedging) and ASU 2018-07 (stock compensation) (DQCRT TRANSITION_ELTS_2, less nine long-term debt maturity elements and the elements of the filer's own "prior to adoption of Topic 842" disclosure networks), reported for a period that ends on the document period end. 8-K/6-K and registration statements are not checked. One finding per fact (complete and consistent duplicates once).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// (a text value longer than 200 characters is shown cut, ending in '…', in the fact map and the message)
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
// the document type facts: their values decide whether the rule runs, the first one's period end is the date the facts must end on
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(dt:Fact)-[:IN_CONTEXT]->(:Context)-[:FOR_PERIOD]->(dp:Period)
  WHERE split(dt.concept_key, '#')[1] = 'DocumentType'
  WITH dt, dp ORDER BY dt.source_line, dt.fact_id
  RETURN collect(dt.value) AS doc_types, collect(dp.end)[0] AS doc_end
}
WITH fl, doc_types, doc_end
WHERE doc_end IS NOT NULL
  AND NONE(t IN doc_types WHERE t IN ['8-K', '6-K', 'S-1', 'S-3', 'S-4', 'S-6', 'S-8', 'S-11', 'S-20', 'S-1/A', 'S-3/A', 'S-4/A',
                                       'S-6/A', 'S-8/A', 'S-11/A', 'S-20/A', 'F-1', 'F-3', '10-12G', '10-12G/A'])
MATCH (k:DqcConstant {year: fl.us_gaap_year, name: 'TRANSITION_ELTS_2'})
// elements the filer presents in a disclosure network about the periods before Topic 842 are exempt
WITH fl, doc_end, k,
     COLLECT {
       MATCH (fl)-[:HAS_ROLE]->(r:Role)
       WHERE r.definition CONTAINS '- Disclosure -' AND toLower(r.uri) CONTAINS 'priortoadoptionoftopic842'
       MATCH (a:Concept)-[e:PRES]->(b:Concept)
       WHERE e.owner = fl.id AND e.role = r.uri
       UNWIND [a.key, b.key] AS key
       RETURN DISTINCT key
     } AS prior_adoption
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key IN k.values AND p.end = doc_end AND NOT f.concept_key IN prior_adoption
  AND NOT split(f.concept_key, '#')[1] IN [
    'LongTermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalRemainderOfFiscalYear',
    'LongTermDebtAndCapitalLeaseObligationsRepaymentsOfPrincipalInNextTwelveMonths',
    'LongTermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalInYearTwo',
    'LongTermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalInYearThree',
    'LongTermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalInYearsTwoAndThree',
    'LongTermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalInYearFour',
    'LongTermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalInYearFive',
    'LongtermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalInYearsFourAndFive',
    'LongTermDebtAndCapitalLeaseObligationsMaturitiesRepaymentsOfPrincipalAfterYearFive']
// a complete or consistent duplicate counts once, as the engine reads it: the most precise copy, else the first in the document
WITH fl, f, ctx, p,
     CASE WHEN f.decimals IS NULL THEN -1000 WHEN f.decimals = 'INF' THEN 1000 ELSE toInteger(f.decimals) END AS prec
WHERE f.duplicate IS NULL OR f.duplicate = 'inconsistent' OR NOT EXISTS {
  MATCH (fl)-[:HAS_FACT]->(g:Fact)
  WHERE g.duplicate_group = f.duplicate_group AND g <> f AND g.duplicate IN ['complete', 'consistent']
  WITH g, CASE WHEN g.decimals IS NULL THEN -1000 WHEN g.decimals = 'INF' THEN 1000 ELSE toInteger(g.decimals) END AS gprec
  WHERE gprec > prec OR (gprec = prec AND (g.source_line < f.source_line OR (g.source_line = f.source_line AND g.fact_id < f.fact_id)))
}
WITH fl, f, ctx, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims,
     CASE WHEN f.value IS NULL THEN 'nil'
          WHEN size(f.value) > 200 THEN substring(f.value, 0, 200) + '…'
          ELSE f.value END AS shown
RETURN fl.id AS filing_id, 'DQC.US.0121.9581' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: CASE WHEN f.numeric THEN f.value ELSE shown END,
         decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       'The filing reports ' + f.concept_qname + ' (value ' + shown + '; context ' + context_id + ', period ' + p.key
         + CASE WHEN size(dims) = 0 THEN '' ELSE ', dimensions ' + reduce(t = '', d IN dims | t + CASE WHEN t = '' THEN '' ELSE '; ' END + d) END
         + CASE WHEN f.unit_key IS NULL THEN '' ELSE ', unit ' + f.unit_key END
         + CASE WHEN f.decimals IS NULL THEN '' ELSE ', decimals ' + f.decimals END
         + '). It is a transition element, meant only for periods before the filer adopted ASU 2016-02 (leases, fiscal years'
         + ' beginning after 15 December 2018), ASU 2017-12 (derivatives and hedging, same date) or ASU 2018-07 (stock'
         + ' compensation, fiscal years beginning after 15 December 2019); a period ending on the document period end should'
         + ' use the element that replaced it'
         + CASE WHEN split(f.concept_key, '#')[1] = 'RepaymentsOfLongTermCapitalLeaseObligations' THEN ' (here FinanceLeasePrincipalPayments).' ELSE '.' END
         AS message
ORDER BY filing_id, concept, context_id, f.fact_id
