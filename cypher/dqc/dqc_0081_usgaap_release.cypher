// name: dqc.dqc_0081_usgaap_release
// summary: The loaded releases whose calculation networks dqc.dqc_0081_usgaap_calc reads for the filing's us-gaap year, each stamped with when and from which package it was loaded (a reader may keep those networks while the stamps stay the same).
// mode: read
// param filing_id: STRING  the filing's id
// returns: year INTEGER, stamps LIST<STRING> ("us-gaap/2025@<loaded_at>#<content_hash>")
MATCH (f:Filing {id: $filing_id})
OPTIONAL MATCH (r:Release {status: 'loaded'})
WHERE r.key IN [t IN ['us-gaap/', 'us-gaap-ebp/', 'srt/'] | t + toString(f.us_gaap_year)] AND r.loaded_at IS NOT NULL
RETURN f.us_gaap_year AS year, collect(r.key + '@' + toString(r.loaded_at) + '#' + coalesce(r.content_hash, '')) AS stamps
