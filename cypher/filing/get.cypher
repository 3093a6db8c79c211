// name: filing.get
// summary: A filing's id, status and content hash (to decide whether a load is a no-op).
// mode: read
// param filing_id: STRING the filing's id
// returns: id STRING, status STRING, content_hash STRING
MATCH (f:Filing {id: $filing_id})
RETURN f.id AS id, f.status AS status, f.content_hash AS content_hash
