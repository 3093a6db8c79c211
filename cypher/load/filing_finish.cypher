// name: load.filing_finish
// summary: Set the Filing properties read from its facts, link it to the loaded releases it references (USES_RELEASE) and flip it to status "loaded".
// mode: write
// param filing_id: STRING the filing's id
// param props: MAP Filing properties read from the instance (cik, ticker, form, period_end, ..., facts, releases, us_gaap_year)
// returns: id STRING, releases LIST
// The Filing was created in this transaction (load.filing_begin) and its releases are distinct: CREATE USES_RELEASE.
MATCH (fl:Filing {id: $filing_id})
SET fl += $props
WITH fl
CALL (fl) {
  UNWIND coalesce(fl.releases, []) AS rk
  MATCH (r:Release {key: rk, status: 'loaded'})
  CREATE (fl)-[:USES_RELEASE]->(r)
  RETURN collect(r.key) AS linked
}
SET fl.status = 'loaded', fl.loaded_at = datetime()
RETURN fl.id AS id, linked AS releases
