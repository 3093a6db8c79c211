// name: tools.schema_node_props
// summary: Node labels and their property types, sampled by APOC (the graph schema an agent reads; as langchain-neo4j's Neo4jGraph reads it).
// mode: read
// returns: output MAP {label STRING, properties LIST<MAP {property, type}>}
CALL apoc.meta.data({sample: 1000})
YIELD label, other, elementType, type, property
WHERE NOT type = 'RELATIONSHIP' AND elementType = 'node'
  AND NOT label IN ['_Bloom_Perspective_', '_Bloom_Scene_', '__Entity__', '__KGBuilder__']
WITH label AS nodeLabel, collect({property: property, type: type}) AS properties
RETURN {label: nodeLabel, properties: properties} AS output
