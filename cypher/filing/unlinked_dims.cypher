// name: filing.unlinked_dims
// summary: Dimension rows of contexts that lost ON_AXIS/HAS_MEMBER edges (their concepts were reloaded), for filing.relink_dims.
// mode: read
// returns: context_key STRING, axis_key STRING, axis_qname STRING, member_key STRING, member_qname STRING, typed_value STRING
MATCH (c:Context) WHERE size(coalesce(c.axis_keys, [])) > COUNT { (c)-[:ON_AXIS]->() }
UNWIND range(0, size(c.axis_keys) - 1) AS i
WITH c, i, split(c.dims[i], '=') AS parts
WITH c, i, parts[0] AS axis_qname, substring(c.dims[i], size(parts[0]) + 1) AS rhs
RETURN c.key AS context_key, c.axis_keys[i] AS axis_key, axis_qname,
       CASE WHEN c.member_keys[i] = '' THEN null ELSE c.member_keys[i] END AS member_key,
       CASE WHEN c.member_keys[i] = '' THEN null ELSE rhs END AS member_qname,
       CASE WHEN c.member_keys[i] = '' THEN substring(rhs, 6) ELSE null END AS typed_value
