// name: dqc.dqc_0179_facts
// summary: DQC.US.0179 rule data: the filing's dividend facts of every type (per-share amounts, declaration / record / payment dates, nil ones too), every fact on us-gaap DividendsAxis, and the dimensionless dei:DocumentPeriodEndDate, each with its period dates and its axes (concept key, QName, member).
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, concept_key STRING, qname STRING, value STRING, nil BOOLEAN, decimals STRING, unit STRING, context_id STRING, period_key STRING, start DATE, end DATE, dims LIST<STRING>, axes LIST<MAP> (key, qname, member)
MATCH (fl:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, ctx, p, split(f.concept_key, '#') AS parts,
     [(ctx)-[o:ON_AXIS]->(a:Concept) | {key: a.key, qname: a.qname, member: coalesce(o.member, 'typed:' + o.typed_value)}] AS axes
WHERE (parts[0] STARTS WITH 'http://fasb.org/us-gaap/' AND parts[1] IN [
         'DividendsPayableAmountPerShare', 'DividendsPayableDateOfRecordDayMonthAndYear',
         'DividendsPayableDateDeclaredDayMonthAndYear', 'DividendPayableDateToBePaidDayMonthAndYear',
         'DividendsPayableDateToBePaidMonthAndYear', 'CommonStockDividendsPerShareDeclared',
         'PreferredStockDividendsPerShareDeclared'])
   OR (parts[0] STARTS WITH 'http://xbrl.sec.gov/dei/' AND parts[1] = 'DocumentPeriodEndDate' AND NOT coalesce(ctx.dimensional, false))
   OR any(a IN axes WHERE a.key STARTS WITH 'http://fasb.org/us-gaap/' AND split(a.key, '#')[1] = 'DividendsAxis')
RETURN f.fact_id AS fact_id, f.concept_key AS concept_key, f.concept_qname AS qname, f.value AS value,
       coalesce(f.nil, false) AS nil, f.decimals AS decimals, f.unit_key AS unit,
       coalesce(f.context_id, ctx.context_ids[0]) AS context_id, p.key AS period_key, p.start AS start, p.end AS end,
       coalesce(ctx.dims, []) AS dims, axes
ORDER BY fact_id
