// name: eval.copies
// summary: Every injected copy in the eval namespace (what eval commands read; user listings hide them).
// mode: read
// returns: id STRING, status STRING, source STRING
MATCH (f:EvalCopy)
RETURN f.id AS id, f.status AS status, f.source AS source
ORDER BY id
