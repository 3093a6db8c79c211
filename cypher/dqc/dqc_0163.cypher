// name: dqc.dqc_0163
// summary: DQC.US.0163 (additions to PPE in the segment note): when PaymentsToAcquirePropertyPlantAndEquipment or PropertyPlantAndEquipmentAdditions is presented below a segment reporting table (ScheduleOfSegmentReportingInformationBySegmentTable or ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable) in a presentation network of the filing, and no network presents SegmentExpenditureAdditionToLongLivedAssets below such a table, every fact of that element is one finding (the segment note should use SegmentExpenditureAdditionToLongLivedAssets).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
WITH fl, ['ScheduleOfSegmentReportingInformationBySegmentTable', 'ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable'] AS tables
// no network presents the segment element below a segment table
WHERE NOT EXISTS {
  MATCH (t:Concept)-[e0:PRES]->(c1:Concept)
  WHERE e0.owner = fl.id AND t.name IN tables AND t.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  MATCH (c1) ((a:Concept)-[e:PRES]->(b:Concept) WHERE e.owner = fl.id AND e.role = e0.role){0,} (s:Concept)
  WHERE s.name = 'SegmentExpenditureAdditionToLongLivedAssets' AND s.namespace STARTS WITH 'http://fasb.org/us-gaap/'
}
UNWIND ['PaymentsToAcquirePropertyPlantAndEquipment', 'PropertyPlantAndEquipmentAdditions'] AS name
MATCH (x:Concept {name: name})
WHERE x.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND EXISTS { MATCH (fl)-[:HAS_FACT]->(:Fact)-[:REPORTS]->(x) }
// the segment tables x is presented below, in any network of the filing
WITH fl, x,
     COLLECT {
       MATCH (t:Concept)-[e0:PRES]->(c1:Concept)
       WHERE e0.owner = fl.id AND t.name IN tables AND t.namespace STARTS WITH 'http://fasb.org/us-gaap/'
         AND EXISTS { MATCH (c1) ((a:Concept)-[e:PRES]->(b:Concept) WHERE e.owner = fl.id AND e.role = e0.role){0,} (x) }
       RETURN DISTINCT t.qname
     } AS above
WHERE size(above) > 0
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(x)
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, x, above, f, p, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0163.10085' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       'The fact ' + f.concept_qname + ' = ' + coalesce(f.value, 'nil') + ' (context ' + context_id + ', period ' + p.key
         + CASE WHEN size(dims) > 0 THEN ', dimensions ' + reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d) ELSE '' END
         + ', decimals ' + coalesce(f.decimals, 'none') + ') reports additions to property, plant and equipment, and the element is'
         + ' presented in the segment note below ' + reduce(s = '', t IN above | s + CASE WHEN s = '' THEN '' ELSE ', ' END + t)
         + '. Additions to long-lived assets in the segment disclosure take us-gaap:SegmentExpenditureAdditionToLongLivedAssets,'
         + ' even when the amount equals the PPE additions.' AS message
ORDER BY filing_id, concept, context_id, f.fact_id
