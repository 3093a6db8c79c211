// name: db.memory_settings
// summary: The server's heap and page cache sizes, for benchmark reports.
// mode: read
// returns: name STRING, value STRING
SHOW SETTINGS YIELD name, value
WHERE name IN ['server.memory.heap.max_size', 'server.memory.pagecache.size']
RETURN name, value ORDER BY name
