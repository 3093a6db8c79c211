// name: dqc.dqc_0109_members
// summary: DQC.US.0109 rule data: each explicit dimension member a filing's contexts use, as "axisQName=memberQName" with the member's concept key (an extension member's key starts with the filing id), so the rule can tell us-gaap members from extension ones and compare them with the DQCRT member sets.
// mode: read
// param filing_id: STRING  the filing's id
// returns: dim STRING, member_key STRING
MATCH (:Filing {id: $filing_id})-[:HAS_CONTEXT]->(ctx:Context)
WHERE ctx.dimensional = true
UNWIND ctx.dims AS dim
WITH ctx, dim, split(dim, '=')[0] AS axis
MATCH (ctx)-[:HAS_MEMBER {axis: axis}]->(m:Concept)
RETURN DISTINCT dim, m.key AS member_key
