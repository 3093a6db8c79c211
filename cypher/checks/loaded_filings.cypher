// name: checks.loaded_filings
// summary: Ids of every loaded filing with its numeric fact count, largest first.
// mode: read
// returns: id STRING, form STRING, facts INTEGER
MATCH (fl:Filing {status: 'loaded'}) WHERE NOT fl:EvalCopy
RETURN fl.id AS id, fl.form AS form, fl.facts AS facts
ORDER BY facts DESC, id
