// name: checks.build_filing
// summary: Hand-built filings (tests, examples): write the Filing node of the graph model, loaded.
// mode: write
// param filing_id: STRING  the filing's id
// param props: MAP  Filing properties (form, period_end, us_gaap_year, cik, ...)
// returns: id STRING
MERGE (fl:Filing {id: $filing_id})
SET fl += $props, fl.status = 'loaded'
RETURN fl.id AS id
