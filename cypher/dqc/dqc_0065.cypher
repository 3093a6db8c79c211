// name: dqc.dqc_0065
// summary: DQC.US.0065 Interest Paid Net: InterestPaid reported (non-zero) while the filer's supplemental cash flow presentation lists InterestPaid but neither InterestPaidNet nor InterestPaidCapitalized; one row per non-dimensional InterestPaid fact and sub-rule (7502: below SupplementalCashFlowInformationAbstract; 9593: below any of five supplemental cash flow abstracts).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (f:Filing)
WHERE ($filing_id IS NULL OR f.id = $filing_id) AND f.status = 'loaded' AND NOT f:EvalCopy
UNWIND [
  {code: 'DQC.US.0065.7502', roots: ['SupplementalCashFlowInformationAbstract']},
  {code: 'DQC.US.0065.9593', roots: ['SupplementalCashFlowInformationAbstract', 'SupplementalCashFlowElementsAbstract',
    'NoncashInvestingAndFinancingItemsAbstract', 'AdditionalCashFlowElementsAndSupplementalCashFlowInformationAbstract',
    'CashFlowNoncashInvestingAndFinancingActivitiesDisclosureAbstract']}
] AS sub
// the local names of every presentation descendant of a us-gaap root abstract, each network walked on its own
CALL (f, sub) {
  OPTIONAL MATCH (root:Concept)-[first:PRES {owner: f.id}]->()
  WHERE root.name IN sub.roots AND root.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  WITH DISTINCT root, first.role AS role
  OPTIONAL MATCH (root)-[rels:PRES*1..30]->(d:Concept)
  WHERE all(r IN rels WHERE r.owner = f.id AND r.role = role)
  RETURN collect(DISTINCT d.name) AS below
}
WITH f, sub, below
WHERE 'InterestPaid' IN below AND NOT 'InterestPaidNet' IN below AND NOT 'InterestPaidCapitalized' IN below
MATCH (f)-[:HAS_FACT]->(x:Fact)-[:REPORTS]->(c:Concept {name: 'InterestPaid'})
WHERE c.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND NOT coalesce(x.nil, false) AND x.value IS NOT NULL
  AND toFloat(x.value) <> 0.0
MATCH (x)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE size(coalesce(ctx.dims, [])) = 0  // the rule's factset is closed: facts without dimensions only
WITH f, sub, x, ctx, p, coalesce(x.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN f.id AS filing_id, sub.code AS sub_rule, x.concept_qname AS concept,
       [{fact_id: x.fact_id, concept: x.concept_qname, context_id: context_id, value: x.value, decimals: x.decimals,
         unit: x.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       x.concept_qname + ' is reported as ' + x.value + ' (' + p.key + ', ' +
         CASE WHEN size(dims) = 0 THEN 'no dimensions' ELSE reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE ', ' END + d) END +
         ', unit ' + coalesce(x.unit_key, 'none') + ') and the supplemental cash flow section presents InterestPaid, which includes '
         + 'capitalized interest, without InterestPaidNet or InterestPaidCapitalized. Report the interest paid net of the capitalized '
         + 'part with InterestPaidNet (or use InterestPaidNet outright when nothing was capitalized).' AS message
ORDER BY filing_id, sub_rule, context_id
