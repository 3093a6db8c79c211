// name: filing.pending
// summary: Ids of filings left with status "pending" by an interrupted or failed load.
// mode: read
// returns: id STRING
MATCH (f:Filing) WHERE f.status = 'pending'
RETURN f.id AS id
