// name: taxonomy.releases
// summary: Every Release (loaded or pending) with its package, hash and counts, for `taxonomy list` and the loader's skip check.
// mode: read
// returns: key STRING, taxonomy STRING, year INTEGER, status STRING, package STRING, content_hash STRING, sample BOOLEAN, concepts INTEGER, relationships INTEGER, labels INTEGER, dqc_rules INTEGER, loaded_at STRING, package_releases LIST<STRING> (every release its package load wrote; null before 2026-12)
MATCH (r:Release)
RETURN r.key AS key, r.taxonomy AS taxonomy, r.year AS year, r.status AS status, r.package AS package,
       r.content_hash AS content_hash, coalesce(r.sample, false) AS sample, r.concepts AS concepts,
       r.relationships AS relationships, r.labels AS labels, r.dqc_rules AS dqc_rules,
       toString(r.loaded_at) AS loaded_at, r.package_releases AS package_releases
ORDER BY r.taxonomy, r.year
