// name: dqc.dqc_0170
// summary: DQC.US.0170 Insider trading arrangements: the four ecd 10b5-1 adoption/termination flags and the TrdArrAdoptionDate / TrdArrTerminationDate facts must agree (10-K, 10-KT, 10-Q for periods ending on or after 2023-12-31).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The finding is reported on the filing's DocumentType fact (the one the official engine names). Flags and dates are
// counted in every context (dimensional too: a flag is often reported per insider); DocumentType, DocumentPeriodEndDate
// and the filer's own NoInsiderTradingFlag only without dimensions. A boolean is true when written 'true' or '1'.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(dt:Fact)-[:IN_CONTEXT]->(dc:Context)-[:FOR_PERIOD]->(dp:Period)
WHERE split(dt.concept_key, '#')[1] = 'DocumentType' AND NOT coalesce(dc.dimensional, false)
  AND trim(coalesce(dt.value, '')) IN ['10-K', '10-KT', '10-Q']
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(x:Fact)-[:IN_CONTEXT]->(xc:Context)
  WHERE split(x.concept_key, '#')[1] IN ['DocumentPeriodEndDate', 'NoInsiderTradingFlag', 'TrdArrAdoptionDate', 'TrdArrTerminationDate']
     OR (x.concept_key STARTS WITH 'http://xbrl.sec.gov/ecd/' AND split(x.concept_key, '#')[1] ENDS WITH 'Flag')
  WITH split(x.concept_key, '#')[1] AS name, x.concept_key STARTS WITH 'http://xbrl.sec.gov/ecd/' AS ecd,
       coalesce(xc.dimensional, false) AS dimensional, toLower(trim(coalesce(x.value, ''))) AS v
  RETURN
    max(CASE WHEN name = 'DocumentPeriodEndDate' AND NOT dimensional THEN v END) AS period_end,
    any(n IN collect(CASE WHEN name = 'NoInsiderTradingFlag' AND NOT dimensional THEN v END) WHERE n IN ['true', '1']) AS no_disclosure,
    collect(DISTINCT CASE WHEN ecd AND v IN ['true', '1'] THEN name END) AS true_flags,
    collect(DISTINCT CASE WHEN ecd AND v IN ['false', '0'] THEN name END) AS false_flags,
    any(n IN collect(name) WHERE n = 'TrdArrAdoptionDate') AS has_adoption_date,
    any(n IN collect(name) WHERE n = 'TrdArrTerminationDate') AS has_termination_date
}
WITH fl, dt, dc, dp, period_end, no_disclosure, true_flags, false_flags, has_adoption_date, has_termination_date,
     ['Rule10b51ArrAdoptedFlag', 'NonRule10b51ArrAdoptedFlag', 'Rule10b51ArrTrmntdFlag', 'NonRule10b51ArrTrmntdFlag'] AS four
WHERE period_end >= '2023-12-31'
WITH fl, dt, dc, dp, period_end, four, has_adoption_date, has_termination_date,
     trim(dt.value) IN ['10-K', '10-KT'] AND NOT no_disclosure
       AND NOT any(n IN true_flags WHERE n IN four) AND NOT all(n IN four WHERE n IN false_flags) AS flags_missing,
     any(n IN true_flags WHERE n IN ['Rule10b51ArrAdoptedFlag', 'NonRule10b51ArrAdoptedFlag']) AS adopted,
     any(n IN true_flags WHERE n IN ['Rule10b51ArrTrmntdFlag', 'NonRule10b51ArrTrmntdFlag']) AS terminated
UNWIND [
  CASE WHEN flags_missing THEN ['DQC.US.0170.10103', 'ecd:Rule10b51ArrAdoptedFlag',
    'The ' + trim(dt.value) + ' for the period ending ' + period_end + ' neither sets one of the insider trading flags ' +
    'ecd:Rule10b51ArrAdoptedFlag, ecd:NonRule10b51ArrAdoptedFlag, ecd:Rule10b51ArrTrmntdFlag, ecd:NonRule10b51ArrTrmntdFlag ' +
    'to true nor reports all four as false. Report true for the flags that apply or false for all four; a filing with no ' +
    'insider trading disclosure should add an extension boolean NoInsiderTradingFlag set to true.'] END,
  CASE WHEN has_termination_date AND NOT terminated THEN ['DQC.US.0170.10129', 'ecd:TrdArrTerminationDate',
    'TrdArrTerminationDate is reported, but neither ecd:Rule10b51ArrTrmntdFlag nor ecd:NonRule10b51ArrTrmntdFlag is true. ' +
    'A termination date belongs only to a terminated arrangement: set the flag that applies to true, or remove the date.']
  WHEN terminated AND NOT has_termination_date THEN ['DQC.US.0170.10129', 'ecd:Rule10b51ArrTrmntdFlag',
    'ecd:Rule10b51ArrTrmntdFlag or ecd:NonRule10b51ArrTrmntdFlag is true, but no TrdArrTerminationDate is reported. ' +
    'Report the termination date of each terminated arrangement.'] END,
  CASE WHEN has_adoption_date AND NOT adopted THEN ['DQC.US.0170.10131', 'ecd:TrdArrAdoptionDate',
    'TrdArrAdoptionDate is reported, but neither ecd:Rule10b51ArrAdoptedFlag nor ecd:NonRule10b51ArrAdoptedFlag is true. ' +
    'An adoption date belongs only to an adopted arrangement: set the flag that applies to true, or remove the date.']
  WHEN adopted AND NOT has_adoption_date THEN ['DQC.US.0170.10131', 'ecd:Rule10b51ArrAdoptedFlag',
    'ecd:Rule10b51ArrAdoptedFlag or ecd:NonRule10b51ArrAdoptedFlag is true, but no TrdArrAdoptionDate is reported. ' +
    'Report the adoption date of each adopted arrangement.'] END
] AS hit
WITH fl, dt, dc, dp, hit WHERE hit IS NOT NULL
RETURN fl.id AS filing_id, hit[0] AS sub_rule, hit[1] AS concept,
       [{fact_id: dt.fact_id, concept: dt.concept_qname, context_id: coalesce(dt.context_id, dc.context_ids[0]),
         value: dt.value, decimals: dt.decimals, unit: dt.unit_key, period: dp.key, dims: coalesce(dc.dims, [])}] AS facts,
       null AS network, hit[2] + ' (DocumentType fact ' + coalesce(dt.context_id, dc.context_ids[0]) + ')' AS message
ORDER BY filing_id, sub_rule
