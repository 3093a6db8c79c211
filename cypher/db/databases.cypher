// name: db.databases
// summary: The databases the server lets this user see, with their aliases and type, to name them when NEO4J_DATABASE is not one.
// mode: read
// returns: name STRING, aliases LIST<STRING>, type STRING
SHOW DATABASES YIELD name, aliases, type
RETURN DISTINCT name, aliases, type ORDER BY name
