// name: dqc.dqc_0159
// summary: DQC.US.0159 (a basic financial statement header is missing): when the filing's statement presentation networks ("- Statement -" roles, not parenthetical) hold abstract elements but none of them is IncomeStatementAbstract (or StatementOfIncomeAndComprehensiveIncomeAbstract), StatementOfFinancialPositionAbstract or StatementOfCashFlowsAbstract, one finding per missing header. Not for proxy statements and 11-K, nor for filings with a liquidation-basis presentation (DQCRT LIQUIDATION_BASIS_CONCEPTS); the cash flow header is not required on a 10-Q, nor with a schedule of investments and no positive Level 3 fair value. Each finding names the dei:DocumentType fact, as the official engine does.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
  AND EXISTS { MATCH (:DqcConstant {year: fl.us_gaap_year, name: 'LIQUIDATION_BASIS_CONCEPTS'}) }
OPTIONAL MATCH (fl)-[:HAS_FACT]->(doc:Fact)-[:IN_CONTEXT]->(dctx:Context)-[:FOR_PERIOD]->(dp:Period)
WHERE doc.concept_qname ENDS WITH ':DocumentType' AND NOT coalesce(dctx.dimensional, size(coalesce(dctx.dims, [])) > 0)
WITH fl, doc, dctx, dp ORDER BY doc.fact_id
WITH fl, collect({f: doc, ctx: dctx, p: dp})[0] AS d
WITH fl, d, d.f.value AS form
WHERE NOT coalesce(form IN ['PRE-14A', 'PRE 14A', 'DEF-14A', 'DEF 14A', 'DEF-14C', 'DEF 14C', '11-K', '11-K/A'], false)
// no liquidation-basis presentation network
MATCH (k:DqcConstant {year: fl.us_gaap_year, name: 'LIQUIDATION_BASIS_CONCEPTS'})
WITH fl, d, form, k.values AS liquidation
WHERE NOT EXISTS { MATCH (c:Concept)-[e:PRES]-() WHERE e.owner = fl.id AND c.namespace + '#' + c.name IN liquidation }
// the abstract elements of the statement presentation networks (us-gaap ones by name; any, to know there are some)
WITH fl, d, form, COLLECT {
  MATCH (fl)-[:HAS_ROLE]->(r:Role)
  WHERE r.definition CONTAINS '- Statement -' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
  MATCH (c:Concept)-[e:PRES]-() WHERE e.owner = fl.id AND e.role = r.uri AND c.abstract = true
  RETURN DISTINCT CASE WHEN c.namespace STARTS WITH 'http://fasb.org/us-gaap/' THEN c.name ELSE c.key END
} AS abstracts
WHERE size(abstracts) > 0
UNWIND ['IncomeStatementAbstract', 'StatementOfFinancialPositionAbstract', 'StatementOfCashFlowsAbstract'] AS header
WITH fl, d, form, abstracts, header
WHERE NOT header IN abstracts
  AND NOT (header = 'IncomeStatementAbstract' AND 'StatementOfIncomeAndComprehensiveIncomeAbstract' IN abstracts)
  AND NOT (header = 'StatementOfCashFlowsAbstract' AND (
        coalesce(form IN ['10-Q', '10-Q/A'], false)
        OR ('ScheduleOfInvestmentsAbstract' IN abstracts AND NOT EXISTS {
              MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)
              WHERE f.num > 0 AND any(x IN coalesce(ctx.dims, []) WHERE split(x, '=')[0] ENDS WITH ':FairValueByFairValueHierarchyLevelAxis'
                                                                   AND split(x, '=')[1] ENDS WITH ':FairValueInputsLevel3Member') })))
RETURN fl.id AS filing_id, 'DQC.US.0159.10081' AS sub_rule, 'us-gaap:' + header AS concept,
       CASE WHEN d.f IS NULL THEN [] ELSE
         [{fact_id: d.f.fact_id, concept: d.f.concept_qname, context_id: coalesce(d.f.context_id, d.ctx.context_ids[0]), value: d.f.value,
           decimals: d.f.decimals, unit: d.f.unit_key, period: d.p.key, dims: coalesce(d.ctx.dims, [])}] END AS facts,
       null AS network,
       'The financial statements of this ' + coalesce(form, 'filing') + ' do not present us-gaap:' + header
         + CASE WHEN header = 'IncomeStatementAbstract' THEN ' (nor StatementOfIncomeAndComprehensiveIncomeAbstract)' ELSE '' END
         + ', the header of a basic financial statement. Add it to the presentation of that statement.' AS message
ORDER BY filing_id, concept
