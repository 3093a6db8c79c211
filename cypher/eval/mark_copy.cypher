// name: eval.mark_copy
// summary: Put a loaded injected copy in the eval namespace (label EvalCopy, scope 'eval') so user listings never show it.
// mode: write
// param filing_id: STRING  the copy's filing id
// returns: marked INTEGER
MATCH (f:Filing {id: $filing_id})
SET f:EvalCopy, f.scope = 'eval'
RETURN count(f) AS marked
