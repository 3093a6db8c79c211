// name: taxonomy.begin_release
// summary: Create or reset Release nodes under the pending marker before any of their content is written.
// mode: write
// param rows: LIST of maps key, taxonomy, year, namespaces, content_hash, package, package_releases, sample
// returns: nothing
UNWIND $rows AS row
MERGE (r:Release {key: row.key})
SET r.taxonomy = row.taxonomy, r.year = row.year, r.namespaces = row.namespaces, r.content_hash = row.content_hash,
    r.package = row.package, r.package_releases = row.package_releases, r.sample = row.sample, r.status = 'pending', r.loaded_at = null,
    r.concepts = 0, r.relationships = 0, r.labels = 0, r.dqc_rules = 0
