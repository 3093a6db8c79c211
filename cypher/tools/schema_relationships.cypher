// name: tools.schema_relationships
// summary: Relationship patterns (start label, type, end label), sampled by APOC (the graph schema an agent reads).
// mode: read
// returns: output MAP {start STRING, type STRING, end STRING}
CALL apoc.meta.data({sample: 1000})
YIELD label, other, elementType, type, property
WHERE type = 'RELATIONSHIP' AND elementType = 'node'
UNWIND other AS other_node
WITH * WHERE NOT label IN ['_Bloom_Perspective_', '_Bloom_Scene_', '__Entity__', '__KGBuilder__']
  AND NOT other_node IN ['_Bloom_Perspective_', '_Bloom_Scene_', '__Entity__', '__KGBuilder__']
RETURN {start: label, type: property, end: toString(other_node)} AS output
