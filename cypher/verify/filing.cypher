// name: verify.filing
// summary: A loaded filing's identity and reporting focus (the verifier's period anchor).
// mode: read
// param filing_id: STRING the filing id (accession or folder name)
// returns: id STRING, accession STRING, entity_name STRING, ticker STRING, form STRING, period_end DATE, fiscal_year_focus ANY, fiscal_period_focus STRING, us_gaap_year INTEGER
MATCH (f:Filing {id: $filing_id})
WHERE f.status = 'loaded'
RETURN f.id AS id, f.accession AS accession, f.entity_name AS entity_name, f.ticker AS ticker, f.form AS form,
       f.period_end AS period_end, f.fiscal_year_focus AS fiscal_year_focus,
       f.fiscal_period_focus AS fiscal_period_focus, f.us_gaap_year AS us_gaap_year
