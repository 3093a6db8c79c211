// name: verify.filings
// summary: Every loaded filing with its reporting focus (dev-set builder, CLI hints).
// mode: read
// returns: id STRING, entity_name STRING, form STRING, period_end DATE, fiscal_year_focus ANY, fiscal_period_focus STRING
MATCH (f:Filing)
WHERE f.status = 'loaded' AND NOT f:EvalCopy
RETURN f.id AS id, f.entity_name AS entity_name, f.form AS form, f.period_end AS period_end,
       f.fiscal_year_focus AS fiscal_year_focus, f.fiscal_period_focus AS fiscal_period_focus
ORDER BY f.id
