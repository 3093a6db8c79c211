// name: taxonomy.delete_release
// summary: Delete a release's Role and DqcRule nodes and the Release node itself (after its edges, labels and concepts).
// mode: write
// param release: STRING release key
// returns: nothing
OPTIONAL MATCH (role:Role {owner: $release})
DETACH DELETE role
WITH count(*) AS _
OPTIONAL MATCH (rule:DqcRule {release: $release})
DETACH DELETE rule
WITH count(*) AS _
OPTIONAL MATCH (r:Release {key: $release})
DETACH DELETE r
