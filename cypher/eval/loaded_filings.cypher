// name: eval.loaded_filings
// summary: Every loaded filing with the metadata an audit case carries (Table 10: ticker, form, dates) and its source path.
// mode: read
// returns: id STRING, ticker STRING, form STRING, filing_date DATE, period_end DATE, source STRING, facts INTEGER, accession STRING
MATCH (f:Filing {status: 'loaded'}) WHERE NOT f:EvalCopy
RETURN f.id AS id, f.ticker AS ticker, f.form AS form, f.filing_date AS filing_date, f.period_end AS period_end,
       f.source AS source, f.facts AS facts, f.accession AS accession
ORDER BY id
