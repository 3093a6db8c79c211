// name: dqc.dqc_0143
// summary: DQC.US.0143 (derivative position enumeration without call or put): each fact of us-gaap:DerivativePositionExtensibleEnumeration whose value names neither us-gaap:CallOptionMember nor us-gaap:PutOptionMember; one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
// The value of an extensible enumeration is stored as space-separated "{namespace}#{LocalName}" members. A nil fact
// has no value to test (the engine cannot intersect it), so it is left out. The official rule set (DQCRT 27) tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (f:Fact {concept_key: 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#DerivativePositionExtensibleEnumeration'})
WHERE f.filing_id = fl.id AND f.value IS NOT NULL
WITH fl, f, [m IN split(trim(f.value), ' ') WHERE m <> ''] AS members
WHERE none(m IN members WHERE m STARTS WITH 'http://fasb.org/us-gaap/'
                          AND (m ENDS WITH '#CallOptionMember' OR m ENDS WITH '#PutOptionMember'))
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, p, members, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
RETURN fl.id AS filing_id, 'DQC.US.0143.9865' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' (context ' + context_id + ', period ' + p.key + ') names '
         + CASE WHEN size(members) = 0 THEN 'no member' ELSE reduce(s = '', m IN members | s + CASE WHEN s = '' THEN '' ELSE ', ' END + m) END
         + '. The derivative position is either a call or a put: the value should be us-gaap:CallOptionMember or'
         + ' us-gaap:PutOptionMember.' AS message
ORDER BY filing_id, context_id, f.fact_id
