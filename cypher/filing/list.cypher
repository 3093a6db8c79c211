// name: filing.list
// summary: Every filing with its metadata and counts, loaded or pending.
// mode: read
// returns: id STRING, status STRING, form STRING, ticker STRING, entity_name STRING, cik STRING, period_end DATE, fiscal_year_focus STRING, fiscal_period_focus STRING, us_gaap_year INTEGER, facts INTEGER, contexts INTEGER, errors INTEGER, placeholder_facts INTEGER, coverage FLOAT (share of the facts on real concepts, not placeholders; null without facts), source STRING, accession STRING
MATCH (f:Filing) WHERE NOT f:EvalCopy
WITH f, COUNT { (f)-[:HAS_FACT]->(:Fact)-[:REPORTS]->(:Placeholder) } AS placeholder_facts
RETURN f.id AS id, f.status AS status, f.form AS form, f.ticker AS ticker, f.entity_name AS entity_name,
       f.cik AS cik, f.period_end AS period_end, f.fiscal_year_focus AS fiscal_year_focus,
       f.fiscal_period_focus AS fiscal_period_focus, f.us_gaap_year AS us_gaap_year, f.facts AS facts,
       f.contexts AS contexts, f.errors AS errors,
       placeholder_facts, CASE WHEN f.facts > 0 THEN round(1.0 - toFloat(placeholder_facts) / f.facts, 4) END AS coverage,
       f.source AS source,
       f.accession AS accession
ORDER BY f.id
