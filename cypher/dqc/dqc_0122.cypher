// name: dqc.dqc_0122
// summary: DQC.US.0122 (equity components axis in the balance sheet): the filing's first balance sheet (its presentation networks whose definition contains "- Statement " and whose URI is not parenthetical, that either present us-gaap:StatementOfFinancialPositionAbstract or have "balancesheet" or "financialposition" in the URI; the first by definition, then URI), and each hypercube of that role's definition network with us-gaap:StatementEquityComponentsAxis or PartnerCapitalComponentsAxis as a dimension; one finding per hypercube and axis, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING, network_definition STRING
// The official rule set (DQCRT 27) tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_ROLE]->(r:Role)
WHERE r.definition CONTAINS '- Statement ' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
  AND EXISTS { MATCH ()-[e:PRES]->() WHERE e.owner = fl.id AND e.role = r.uri }
  AND (toLower(r.uri) CONTAINS 'balancesheet' OR toLower(r.uri) CONTAINS 'financialposition'
       OR EXISTS { MATCH (s:Concept {name: 'StatementOfFinancialPositionAbstract'})-[e:PRES]-()
                   WHERE e.owner = fl.id AND e.role = r.uri AND s.namespace STARTS WITH 'http://fasb.org/us-gaap/' })
WITH fl, r ORDER BY r.definition, r.uri
WITH fl, collect(r)[0] AS bs
MATCH (p:Concept)-[a:DEF {owner: fl.id, role: bs.uri, arc: 'all'}]->(h:Concept)
MATCH (h)-[hd:DEF {owner: fl.id, arc: 'hypercube-dimension'}]->(ax:Concept)
WHERE hd.role = coalesce(a.target_role, bs.uri)
  AND ax.name IN ['StatementEquityComponentsAxis', 'PartnerCapitalComponentsAxis']
  AND ax.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH DISTINCT fl, bs, h, ax
RETURN fl.id AS filing_id, 'DQC.US.0122.9582' AS sub_rule, ax.qname AS concept, [] AS facts, bs.uri AS network,
       'The balance sheet "' + bs.definition + '" has the table ' + h.qname + ' with the axis ' + ax.qname
         + ', which belongs to the statement of changes in equity. Balance sheet amounts are not broken down by equity'
         + ' component: remove the axis from the balance sheet table (report the components in the equity statement).'
         AS message,
       bs.definition AS network_definition
ORDER BY filing_id, concept, h.qname
