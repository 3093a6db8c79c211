// name: verify.fixture_filing
// summary: Test fixture: a loaded Filing node shaped like docs/graph-model.md (tests build small filings with it).
// mode: write
// param filing: MAP id, accession, entity_name, form, period_end (ISO date), fiscal_year_focus, fiscal_period_focus, us_gaap_year
// returns: id STRING
MERGE (f:Filing {id: $filing.id})
SET f.accession = $filing.accession, f.entity_name = $filing.entity_name, f.form = $filing.form,
    f.period_end = date($filing.period_end), f.fiscal_year_focus = $filing.fiscal_year_focus,
    f.fiscal_period_focus = $filing.fiscal_period_focus, f.us_gaap_year = $filing.us_gaap_year,
    f.status = 'loaded'
RETURN f.id AS id
