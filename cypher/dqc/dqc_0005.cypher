// name: dqc.dqc_0005
// summary: DQC.US.0005 Context dates after the period end date: EntityCommonStockSharesOutstanding dated before the latest period end (17); a fact on the SubsequentEventTypeAxis (48) or on the StatementScenarioAxis ScenarioForecastMember (49) whose period ends on or before it; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The latest period end is the later of the DocumentPeriodEndDate values and the day after their contexts end (the
// official rule compares end-of-day instants: a fact "ends" the day after its last day). Registration forms are
// left out, and 48 is skipped when the filing gives more than one DocumentPeriodEndDate. 48 names the
// DocumentPeriodEndDate fact, as the official engine does; 17 and 49 name the fact itself.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(x:Fact)-[:IN_CONTEXT]->(xc:Context)-[:FOR_PERIOD]->(xp:Period)
  WHERE split(x.concept_key, '#')[1] IN ['DocumentPeriodEndDate', 'DocumentType']
  WITH x, xc, xp, split(x.concept_key, '#')[1] AS name, trim(coalesce(x.value, '')) AS v
  RETURN any(t IN collect(CASE WHEN name = 'DocumentType' THEN v END) WHERE t IN
           ['S-1', 'S-3', 'S-4', 'S-6', 'S-8', 'S-11', 'S-20', 'S-1/A', 'S-3/A', 'S-4/A', 'S-6/A', 'S-8/A', 'S-11/A', 'S-20/A',
            'F-1', 'F-3', '10-12G', '10-12G/A']) AS excluded,
         collect(DISTINCT CASE WHEN name = 'DocumentPeriodEndDate' THEN left(v, 10) END) AS end_values,
         collect(CASE WHEN name = 'DocumentPeriodEndDate' THEN
           {fact_id: x.fact_id, concept: x.concept_qname, context_id: coalesce(x.context_id, xc.context_ids[0]), value: x.value,
            decimals: x.decimals, unit: x.unit_key, period: xp.key, dims: coalesce(xc.dims, []), end: xp.end} END) AS end_facts
}
WITH fl, end_values, end_facts
WHERE NOT excluded AND size(end_facts) > 0
// the latest end as an end-of-day instant: a value dated D counts as D, a context ending on D as D + 1
WITH fl, end_values, end_facts,
     reduce(m = date('0001-01-01'), d IN [v IN end_values | date(v)] + [f IN end_facts | f.end + duration('P1D')] |
            CASE WHEN d > m THEN d ELSE m END) AS latest
CALL (fl, latest, end_values, end_facts) {
  MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
  WHERE split(f.concept_key, '#')[1] = 'EntityCommonStockSharesOutstanding' AND f.concept_key STARTS WITH 'http://xbrl.sec.gov/dei/'
    AND p.end + duration('P1D') < latest
  RETURN 'DQC.US.0005.17' AS sub_rule, f, ctx, p, null AS named
  UNION ALL
  MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[:ON_AXIS]->(ax:Concept {name: 'SubsequentEventTypeAxis'})
  WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND size(end_values) <= 1
  MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact), (ctx)-[:FOR_PERIOD]->(p:Period)
  WHERE p.end + duration('P1D') <= latest
  RETURN 'DQC.US.0005.48' AS sub_rule, f, ctx, p, head(end_facts) AS named
  UNION ALL
  MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[hm:HAS_MEMBER]->(m:Concept {name: 'ScenarioForecastMember'})
  WHERE m.namespace STARTS WITH 'http://fasb.org/srt/' AND split(hm.axis, ':')[-1] = 'StatementScenarioAxis'
  MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact), (ctx)-[:FOR_PERIOD]->(p:Period)
  WHERE p.end + duration('P1D') <= latest
  RETURN 'DQC.US.0005.49' AS sub_rule, f, ctx, p, null AS named
}
WITH fl, latest, sub_rule, f, ctx, p,
     coalesce(named, {fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]),
       value: f.value, decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}) AS shown
RETURN fl.id AS filing_id, sub_rule, f.concept_qname AS concept,
       [{fact_id: shown.fact_id, concept: shown.concept, context_id: shown.context_id, value: shown.value, decimals: shown.decimals,
         unit: shown.unit, period: shown.period, dims: shown.dims}] AS facts,
       null AS network,
       f.concept_qname + ' (value ' + coalesce(f.value, 'nil') + ', period ' + p.key + ', dimensions ' +
       CASE WHEN size(coalesce(ctx.dims, [])) = 0 THEN 'none' ELSE reduce(s = '', d IN ctx.dims | s + CASE WHEN s = '' THEN '' ELSE ', ' END + d) END +
       ') ' + CASE sub_rule
         WHEN 'DQC.US.0005.17' THEN 'is dated before the end of the reporting period (' + toString(latest - duration('P1D')) +
           '); shares outstanding on the cover page are reported as of the latest practicable date after it.'
         WHEN 'DQC.US.0005.48' THEN 'is a subsequent event but its period ends on or before the end of the reporting period (' +
           toString(latest - duration('P1D')) + '): remove the SubsequentEventTypeAxis or correct the date.'
         ELSE 'is a forecast but its period ends on or before the end of the reporting period (' +
           toString(latest - duration('P1D')) + '): remove the ScenarioForecastMember or correct the date.' END AS message
ORDER BY filing_id, sub_rule, concept, f.fact_id
