// name: dqc.dqc_0158
// summary: DQC.US.0158 (the RelatedAndNonrelatedPartyStatusAxis, deprecated for RelatedPartyTransactionsByRelatedPartyAxis): every fact (nil ones too) reported with a member on that axis is one finding. When one of those facts is a nil extensible enumeration the official engine's rule stops and reports nothing; the query then returns one row with sub_rule DQC.US.0158 (no code) saying so, which the rule reports as not evaluable.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WHERE any(d IN coalesce(ctx.dims, []) WHERE split(d, '=')[0] ENDS WITH ':RelatedAndNonrelatedPartyStatusAxis')
OPTIONAL MATCH (f)-[:REPORTS]->(c:Concept)
WITH fl, f, p, ctx, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims,
     coalesce(f.nil, false) AND coalesce(c.type, '') CONTAINS 'enumerationSet' AS stops
ORDER BY f.concept_qname, context_id, f.fact_id
WITH fl, collect({f: f, p: p, context_id: context_id, dims: dims, stops: stops}) AS rows
WITH fl, rows, [r IN rows WHERE r.stops] AS stoppers
UNWIND CASE WHEN size(stoppers) > 0 THEN [stoppers[0]] ELSE rows END AS r
WITH fl, r, size(stoppers) > 0 AS stopped, r.f AS f
RETURN fl.id AS filing_id,
       CASE WHEN stopped THEN 'DQC.US.0158' ELSE 'DQC.US.0158.10078' END AS sub_rule,
       f.concept_qname AS concept,
       CASE WHEN stopped THEN [] ELSE [{fact_id: f.fact_id, concept: f.concept_qname, context_id: r.context_id, value: f.value,
                                         decimals: f.decimals, unit: f.unit_key, period: r.p.key, dims: r.dims}] END AS facts,
       null AS network,
       CASE WHEN stopped
         THEN 'Not evaluable as the official rule runs: the fact ' + f.fact_id + ' of ' + f.concept_qname + ' (context '
              + r.context_id + ') on the RelatedAndNonrelatedPartyStatusAxis is a nil extensible enumeration, which stops the'
              + ' official engine\'s rule.'
         ELSE 'The fact ' + f.concept_qname + ' = ' + coalesce(left(f.value, 200), 'nil') + ' (context ' + r.context_id + ', period '
              + r.p.key + ', dimensions ' + reduce(s = '', d IN r.dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d)
              + CASE WHEN f.unit_key IS NULL THEN '' ELSE ', unit ' + f.unit_key END
              + ') uses the RelatedAndNonrelatedPartyStatusAxis, which the us-gaap 2024 taxonomy deprecates. Report it on the'
              + ' RelatedPartyTransactionsByRelatedPartyAxis instead (FASB taxonomy FAQ 2.19).'
       END AS message
ORDER BY filing_id, sub_rule, concept, CASE WHEN size(facts) > 0 THEN facts[0].context_id ELSE '' END
