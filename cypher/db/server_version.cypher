// name: db.server_version
// summary: Name, version and edition of the connected Neo4j server.
// mode: read
// returns: name STRING, version STRING, edition STRING
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions[0] AS version, edition
