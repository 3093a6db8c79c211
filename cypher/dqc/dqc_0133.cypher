// name: dqc.dqc_0133
// summary: DQC.US.0133 (equity method investment reporting): which investee axis equity method facts use. 9831: EquityMethodInvestmentOwnershipPercentage / EquityMethodInvestmentDescriptionOfPrincipalActivities without srt:ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis; 9832: an investee's financial data (DQCRT FINANCIAL_DATA_EQUITY_METHOD_INVESTMENTS) on that axis; 9833: the investor's own equity method data (DQCRT NON_FINANCIAL_DATA_EMI) on EquityMethodInvestmentNonconsolidatedInvesteeAxis. Nil facts are left out. One finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
OPTIONAL MATCH (fin:DqcConstant {year: fl.us_gaap_year, name: 'FINANCIAL_DATA_EQUITY_METHOD_INVESTMENTS'})
OPTIONAL MATCH (own:DqcConstant {year: fl.us_gaap_year, name: 'NON_FINANCIAL_DATA_EMI'})
WITH fl, coalesce(fin.values, []) AS financial, coalesce(own.values, []) AS investor,
     ['EquityMethodInvestmentOwnershipPercentage', 'EquityMethodInvestmentDescriptionOfPrincipalActivities'] AS investee_items,
     'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS gaap
MATCH (fl)-[:HAS_FACT]->(f:Fact)
WHERE NOT coalesce(f.nil, false)
  AND (f.concept_key IN financial OR f.concept_key IN investor
       OR any(n IN investee_items WHERE f.concept_key = gaap + n))
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, f, ctx, p, financial, investor, investee_items, gaap, [(ctx)-[:ON_AXIS]->(a:Concept) | a.key] AS axes
WITH fl, f, ctx, p, financial, investor, investee_items, gaap,
     any(k IN axes WHERE k STARTS WITH 'http://fasb.org/srt/' AND k ENDS WITH '#ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis') AS on_name_axis,
     any(k IN axes WHERE k = gaap + 'EquityMethodInvestmentNonconsolidatedInvesteeAxis') AS on_nonconsolidated_axis
UNWIND [
  CASE WHEN any(n IN investee_items WHERE f.concept_key = gaap + n) AND NOT on_name_axis THEN '9831' END,
  CASE WHEN f.concept_key IN financial AND on_name_axis THEN '9832' END,
  CASE WHEN f.concept_key IN investor AND on_nonconsolidated_axis THEN '9833' END
] AS code
WITH fl, f, ctx, p, code, coalesce(f.context_id, ctx.context_ids[0]) AS context_id, coalesce(ctx.dims, []) AS dims
WHERE code IS NOT NULL
RETURN fl.id AS filing_id, 'DQC.US.0133.' + code AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: context_id, value: f.value, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: dims}] AS facts,
       null AS network,
       f.concept_qname + ' (value ' + left(f.value, 120) + CASE WHEN size(f.value) > 120 THEN '...' ELSE '' END
         + ', period ' + p.key
         + ', dimensions ' + CASE WHEN size(dims) = 0 THEN 'none' ELSE reduce(s = '', d IN dims | s + CASE WHEN s = '' THEN '' ELSE '; ' END + d) END
         + CASE WHEN f.unit_key IS NULL THEN '' ELSE ', unit ' + f.unit_key END + ', context ' + context_id + '): '
         + CASE code
             WHEN '9831' THEN 'this describes one equity method investee, so it must be reported on srt:ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis with a member naming the investee.'
             WHEN '9832' THEN 'this is financial data of the investee itself, so it belongs on us-gaap:EquityMethodInvestmentNonconsolidatedInvesteeAxis, not on srt:ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis.'
             ELSE 'this is data of the investor about its equity method investment, so it belongs on srt:ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis, not on us-gaap:EquityMethodInvestmentNonconsolidatedInvesteeAxis.'
           END
         + ' See the FASB implementation guide on dimensional modeling of consolidated and nonconsolidated entities.' AS message
ORDER BY filing_id, sub_rule, concept, context_id, f.fact_id
