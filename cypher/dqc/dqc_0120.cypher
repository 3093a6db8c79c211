// name: dqc.dqc_0120
// summary: DQC.US.0120 (lease location elements naming a line item missing from the balance sheet): the filing's balance sheet is the first (by definition, then URI) statement presentation network ("- Statement " in its definition, not parenthetical) that uses StatementOfFinancialPositionAbstract or has "balancesheet" / "financialposition" in its URI; each element a finance / operating lease StatementOfFinancialPosition extensible list fact names that is not a monetary descendant of the balance sheet's StatementOfFinancialPositionAbstract, AssetsAbstract, LiabilitiesAbstract or LiabilitiesAndStockholdersEquityAbstract is one finding on that fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
CALL (fl) {
  MATCH (fl)-[:HAS_ROLE]->(r:Role)
  WHERE r.definition CONTAINS '- Statement ' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
    AND EXISTS { MATCH ()-[x:PRES]->() WHERE x.owner = fl.id AND x.role = r.uri }
    AND (toLower(r.uri) CONTAINS 'balancesheet' OR toLower(r.uri) CONTAINS 'financialposition'
         OR EXISTS { MATCH (a:Concept)-[x:PRES]-() WHERE x.owner = fl.id AND x.role = r.uri
                       AND a.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND a.name = 'StatementOfFinancialPositionAbstract' })
  RETURN r ORDER BY r.definition, r.uri LIMIT 1
}
CALL (fl, r) {
  OPTIONAL MATCH (top:Concept)-[x0:PRES]->()
  WHERE x0.owner = fl.id AND x0.role = r.uri AND top.namespace STARTS WITH 'http://fasb.org/us-gaap/'
    AND top.name IN ['StatementOfFinancialPositionAbstract', 'AssetsAbstract', 'LiabilitiesAbstract', 'LiabilitiesAndStockholdersEquityAbstract']
  WITH DISTINCT fl, r, top
  OPTIONAL MATCH (top) (()-[x:PRES WHERE x.owner = fl.id AND x.role = r.uri]->()){1,30} (d:Concept)
  WITH DISTINCT d WHERE d.base_type = 'monetary'
  RETURN collect(DISTINCT coalesce(split(d.key, '|')[1], d.key)) AS items
}
WITH fl, r, items, [n IN [
    'FinanceLeaseLiabilityCurrentStatementOfFinancialPositionExtensibleList',
    'FinanceLeaseLiabilityNoncurrentStatementOfFinancialPositionExtensibleList',
    'FinanceLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList',
    'OperatingLeaseLiabilityNoncurrentStatementOfFinancialPositionExtensibleList',
    'OperatingLeaseLiabilityCurrentStatementOfFinancialPositionExtensibleList',
    'OperatingLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList'] | 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' + n] AS lists
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE f.concept_key IN lists
  AND f.value IS NOT NULL
UNWIND [t IN split(replace(replace(trim(f.value), '\n', ' '), '\t', ' '), ' ') WHERE t <> ''] AS named
WITH fl, r, items, f, ctx, p, named
WHERE NOT named IN items
WITH fl, r, f, ctx, p, named, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0120.9578' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       r.uri AS network,
       f.concept_qname + ' (period ' + p.key + ', context ' + context_id + ') places the lease amount in the balance sheet line '
         + named + ', but that element is not a monetary line item of the balance sheet "' + r.definition
         + '". Name the balance sheet element that holds the amount (written namespace#name, e.g.'
         + ' http://fasb.org/us-gaap/2025#OtherAssetsNoncurrent), or present that element in the balance sheet.' AS message
ORDER BY filing_id, concept, context_id, named
