// name: dqc.dqc_0149
// summary: DQC.US.0149 (NoncurrentAssets used outside the geographic long-lived assets table): 9943, one finding when a statement presentation network (the official STATEMENT_PRES_NETWORKS: a "- Statement -" role that is not parenthetical, equity, capital, ...) holds NoncurrentAssets; 10075, every fact of NoncurrentAssets when no presentation network of the filing puts NoncurrentAssets below ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
CALL (fl) {
  // 9943: the element on the face of a statement
  MATCH (fl)-[:HAS_ROLE]->(r:Role)
  WHERE r.definition CONTAINS '- Statement -'
    AND NOT any(w IN ['parenthetical', 'equity', 'deficit', 'stockholders', 'capital', 'investment', 'changes', 'shareholder',
                      'convertible', 'preferred', 'temporaryequity', 'redeemable', 'netproceedsfromallsources', 'membersinterest',
                      'membershipinterest', 'highlights', 'employee', 'ebp'] WHERE toLower(r.uri) CONTAINS w)
    AND NOT toLower(r.definition) CONTAINS 'schedule iii' AND NOT toLower(r.definition) CONTAINS 'schedule iv'
  MATCH (n:Concept {name: 'NoncurrentAssets'})
  WHERE n.namespace STARTS WITH 'http://fasb.org/us-gaap/'
    AND EXISTS { MATCH (n)-[e:PRES]-() WHERE e.owner = fl.id AND e.role = r.uri }
  WITH n, collect(r.definition) AS statements
  RETURN 'DQC.US.0149.9943' AS sub_rule, n.qname AS concept, [] AS facts, null AS network,
         'The statement network(s) ' + reduce(s = '', d IN statements | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d)
           + ' present us-gaap:NoncurrentAssets, an element for long-lived assets by geographic area in the segment note.'
           + ' Use us-gaap:AssetsNoncurrent on the balance sheet.' AS message
  UNION
  // 10075: facts of the element while no network puts it below the geographic long-lived assets table. The facts come
  // first, so the path checks run once per filing and element that has facts (not once per filing, nor once per fact).
  MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(n:Concept {name: 'NoncurrentAssets'})
  WHERE n.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  WITH fl, n, collect(f) AS nfacts
  // the concepts above the element in the filing's presentation networks (a path within one role), walked up from the
  // element role by role: walking down from every table, or up without a role, expands far more arcs
  WITH fl, n, nfacts, COLLECT { MATCH ()-[e1:PRES]->(n) WHERE e1.owner = fl.id RETURN DISTINCT e1.role } AS roles
  WITH fl, n, nfacts,
       COLLECT { UNWIND roles AS role
                 MATCH (t:Concept) ((a:Concept)-[e:PRES]->(b:Concept) WHERE e.owner = fl.id AND e.role = role){1,} (n)
                 RETURN DISTINCT t } AS above
  WHERE none(t IN above WHERE t.name = 'ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable'
                              AND t.namespace STARTS WITH 'http://fasb.org/us-gaap/')
  WITH fl, n, nfacts, [t IN above WHERE t.substitution_group = 'xbrldt:hypercubeItem' | t.qname] AS tables
  UNWIND nfacts AS f
  MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
  WITH fl, n, f, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims, tables
  RETURN 'DQC.US.0149.10075' AS sub_rule, f.concept_qname AS concept,
         [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
           unit: f.unit_key, period: p.key, dims: dims}] AS facts, null AS network,
         'The fact ' + f.concept_qname + ' = ' + coalesce(f.value, 'nil') + ' (context ' + context_id + ', period ' + p.key
           + CASE WHEN size(dims) > 0 THEN ', dimensions ' + reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d) ELSE '' END
           + ', decimals ' + coalesce(f.decimals, 'none') + ') reports long-lived assets by geographic area, but no presentation'
           + ' network puts NoncurrentAssets below us-gaap:ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable'
           + CASE WHEN size(tables) > 0 THEN ' (it is presented below ' + reduce(s = '', t IN tables | s + CASE WHEN s = '' THEN '' ELSE ', ' END + t)
               + '; present it in that table instead)' ELSE '; present it in that table' END + '.' AS message
}
RETURN fl.id AS filing_id, sub_rule, concept, facts, network, message
ORDER BY filing_id, sub_rule, concept, CASE WHEN size(facts) > 0 THEN facts[0].context_id ELSE '' END
