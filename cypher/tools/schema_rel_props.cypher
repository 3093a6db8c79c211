// name: tools.schema_rel_props
// summary: Relationship types and their property types, sampled by APOC (the graph schema an agent reads).
// mode: read
// returns: output MAP {type STRING, properties LIST<MAP {property, type}>}
CALL apoc.meta.data({sample: 1000})
YIELD label, other, elementType, type, property
WHERE NOT type = 'RELATIONSHIP' AND elementType = 'relationship'
  AND NOT label IN ['_Bloom_HAS_SCENE_']
WITH label AS relType, collect({property: property, type: type}) AS properties
RETURN {type: relType, properties: properties} AS output
