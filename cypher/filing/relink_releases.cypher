// name: filing.relink_releases
// summary: Link every loaded filing to the loaded releases it references but is not linked to yet (USES_RELEASE).
// mode: write
// returns: linked INTEGER
MATCH (fl:Filing {status: 'loaded'})
UNWIND coalesce(fl.releases, []) AS rk
MATCH (r:Release {key: rk, status: 'loaded'})
WHERE NOT EXISTS { (fl)-[:USES_RELEASE]->(r) }
CREATE (fl)-[:USES_RELEASE]->(r)
RETURN count(*) AS linked
