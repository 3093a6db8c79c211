// name: db.user_functions
// summary: Names of the server's non-built-in (plug-in) functions, which the ad-hoc Cypher guard checks plans against.
// mode: read
// returns: name STRING
SHOW FUNCTIONS YIELD name, isBuiltIn
WHERE NOT isBuiltIn
RETURN name ORDER BY name
