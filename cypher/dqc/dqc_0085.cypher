// name: dqc.dqc_0085
// summary: DQC.US.0085 sub-rule 9361: the footnote-only deferred tax elements DeferredTaxAssetsNet, DeferredTaxAssetsLiabilitiesNet and DeferredTaxLiabilities placed in a statement's presentation network (a role whose definition contains "- Statement "); one finding per element, named on the DocumentType fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The other 0085 sub-rules compare facts with calculation ancestors and are decided in checks/dqc/dqc_0085.py.
// 8-K filings are left out, as the official rule does; a filing without a DocumentType fact has nothing to name.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(dt:Fact)-[:IN_CONTEXT]->(dc:Context)-[:FOR_PERIOD]->(dp:Period)
WHERE split(dt.concept_key, '#')[1] = 'DocumentType' AND NOT coalesce(dc.dimensional, false) AND trim(coalesce(dt.value, '')) <> '8-K'
MATCH (fl)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement '
MATCH (a:Concept)-[p:PRES {owner: fl.id, role: r.uri}]->(b:Concept)
UNWIND [a, b] AS c
WITH DISTINCT fl, dt, dc, dp, c, r
WHERE c.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  AND c.name IN ['DeferredTaxAssetsNet', 'DeferredTaxAssetsLiabilitiesNet', 'DeferredTaxLiabilities']
WITH fl, dt, dc, dp, c, collect(r.uri) AS roles
RETURN fl.id AS filing_id, 'DQC.US.0085.9361' AS sub_rule, c.qname AS concept,
       [{fact_id: dt.fact_id, concept: dt.concept_qname, context_id: coalesce(dt.context_id, dc.context_ids[0]),
         value: dt.value, decimals: dt.decimals, unit: dt.unit_key, period: dp.key, dims: coalesce(dc.dims, [])}] AS facts,
       roles[0] AS network,
       c.qname + ' is a footnote (income tax disclosure) element but appears in the statement network(s) ' +
       reduce(s = '', x IN roles | s + CASE WHEN s = '' THEN '' ELSE ', ' END + x) +
       '. On the face statements report deferred taxes with DeferredIncomeTaxAssetsNet or DeferredIncomeTaxLiabilitiesNet ' +
       '(asset or liability); if ' + c.name + ' has the same value, use that balance sheet element there instead.' AS message
ORDER BY filing_id, concept
