// name: verify.member_contexts
// summary: The explicit members of every context of a filing's numeric facts that carries all the given members (which members always come with them).
// mode: read
// param filing_id: STRING the filing id
// param members: LIST<STRING> member QNames (cpk:UnregulatedEnergyMember)
// returns: context STRING, dims LIST<STRING>, typed INTEGER
MATCH (:Filing {id: $filing_id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:HAS_MEMBER]->(m0:Concept {qname: $members[0]})
WHERE f.numeric
WITH DISTINCT ctx
WHERE all(q IN $members WHERE EXISTS { MATCH (ctx)-[:HAS_MEMBER]->(:Concept {qname: q}) })
MATCH (ctx)-[hm:HAS_MEMBER]->(m:Concept)
WITH ctx, collect(hm.axis + '=' + m.qname) AS dims
RETURN ctx.key AS context, dims, size(ctx.axis_keys) - size(dims) AS typed
ORDER BY context
