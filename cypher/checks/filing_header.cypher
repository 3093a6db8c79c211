// name: checks.filing_header
// summary: A filing's header for the rules: form, period end, us-gaap year, the dei DocumentType / DocumentPeriodEndDate facts and their periods, Chapter 11 text blocks.
// mode: read
// param filing_id: STRING  the filing's id
// returns: id STRING, status STRING, form STRING, period_end DATE, us_gaap_year INTEGER, cik STRING, dei LIST<MAP> (name, value, period_key, kind, start, end, dimensional), chapter11 LIST<STRING>
MATCH (fl:Filing {id: $filing_id})
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
  WHERE f.concept_key STARTS WITH 'http://xbrl.sec.gov/dei/'
    AND split(f.concept_key, '#')[1] IN ['DocumentType', 'DocumentPeriodEndDate']
  RETURN collect({name: split(f.concept_key, '#')[1], value: f.value, period_key: p.key, kind: p.kind,
                  start: p.start, end: p.end, dimensional: coalesce(ctx.dimensional, false)}) AS dei
}
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(f:Fact)
  WHERE split(f.concept_key, '#')[1] STARTS WITH 'ReorganizationUnderChapter11' AND split(f.concept_key, '#')[1] ENDS WITH 'TextBlock'
  RETURN collect(DISTINCT f.concept_key) AS chapter11
}
RETURN fl.id AS id, fl.status AS status, fl.form AS form, fl.period_end AS period_end,
       fl.us_gaap_year AS us_gaap_year, fl.cik AS cik, dei, chapter11
