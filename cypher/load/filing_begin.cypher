// name: load.filing_begin
// summary: Create a Filing node with status "pending" (the loader flips it to "loaded" last).
// mode: write
// param props: MAP Filing properties known before parsing (id, accession, filing_date, content_hash, source)
// returns: id STRING
CREATE (f:Filing)
SET f = $props, f.status = 'pending'
RETURN f.id AS id
