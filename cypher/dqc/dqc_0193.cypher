// name: dqc.dqc_0193
// summary: DQC.US.0193 DividendsAxis member names: a member used on the DividendsAxis whose name does not follow the pattern O|S + year + period (Q1-Q4, H1-H2, M1-M13, A) + ...DividendsMember, or S + year + ...DividendsMember for a special dividend; one finding per member, naming its first fact in the instance.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_CONTEXT]->(ctx:Context)-[oa:ON_AXIS]->(ax:Concept {name: 'DividendsAxis'})
WHERE ax.namespace STARTS WITH 'http://fasb.org/us-gaap/' AND oa.member IS NOT NULL
WITH fl, ctx, oa.member AS member, split(oa.member, ':')[-1] AS name
WHERE NOT name =~ '^[OS][2-9][0-9][0-9][0-9]((Q[1-4])|(H[1-2])|(M[1-9])|(M10)|(M11)|(M12)|(M13)|A)[a-zA-Z0-9]*[Dd]ividendsMember$'
  AND NOT name =~ '^[S][2-9][0-9][0-9][0-9][a-zA-Z0-9]*[Dd]ividendsMember$'
MATCH (ctx)<-[:IN_CONTEXT]-(f:Fact), (ctx)-[:FOR_PERIOD]->(p:Period)
WITH fl, member, f, ctx, p ORDER BY coalesce(f.source_line, 0), f.fact_id
WITH fl, member, head(collect({f: f, ctx: ctx, p: p})) AS first
WITH fl, member, first.f AS f, first.ctx AS ctx, first.p AS p
RETURN fl.id AS filing_id, 'DQC.US.0193.10153' AS sub_rule, member AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
         decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       'The DividendsAxis member ' + member + ' (first used by ' + f.concept_qname + ' = ' + coalesce(f.value, 'nil') + ', ' + p.key +
       ') does not follow the naming the rule expects: O (ordinary) or S (special), the 4-digit year, the period ' +
       '(Q1-Q4, H1-H2, M1-M13 or A; may be left out for a special dividend), then a name ending in DividendsMember, ' +
       'e.g. O2024Q3DividendsMember.' AS message
ORDER BY filing_id, concept
