// name: tools.filing
// summary: A filing's identity for the tools: id, status, form, period end, us-gaap year, CIK.
// mode: read
// param filing_id: STRING  the filing's id
// returns: id STRING, status STRING, form STRING, period_end DATE, us_gaap_year INTEGER, cik STRING
MATCH (fl:Filing {id: $filing_id})
RETURN fl.id AS id, fl.status AS status, fl.form AS form, fl.period_end AS period_end,
       fl.us_gaap_year AS us_gaap_year, fl.cik AS cik
