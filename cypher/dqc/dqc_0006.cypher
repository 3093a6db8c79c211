// name: dqc.dqc_0006
// summary: DQC.US.0006 DEI and block tag date contexts: a text block fact or a dei cover fact (DocumentType, DocumentPeriodEndDate, EntityRegistrantName...) whose period length does not fit the DocumentFiscalPeriodFocus (FY/Q4/H2 340-390 days, Q1 65-115, Q2/H1 155-205, Q3 245-295); one finding per fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// A period's length counts both ends (an instant: 0 days). The rule stays silent for transition reports and filings
// the official rule leaves out: more than one DocumentType fact, a DocumentType containing "T" or among the
// registration forms, an extension TransitionReport or InceptionDate fact, DocumentTransitionReport true, or more
// than one DocumentPeriodEndDate. Elements of the ecd taxonomy of the rule set's year are left out.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
CALL (fl) {
  MATCH (fl)-[:HAS_FACT]->(x:Fact)
  WHERE split(x.concept_key, '#')[1] IN ['DocumentFiscalPeriodFocus', 'DocumentType', 'DocumentPeriodEndDate',
                                        'DocumentTransitionReport', 'TransitionReport', 'InceptionDate']
  WITH split(x.concept_key, '#')[1] AS name, size(split(x.concept_key, '|')) > 1 AS extension, trim(coalesce(x.value, '')) AS v
  RETURN head(collect(CASE WHEN name = 'DocumentFiscalPeriodFocus' THEN v END)) AS focus,
         collect(CASE WHEN name = 'DocumentType' THEN v END) AS doc_types,
         size(collect(DISTINCT CASE WHEN name = 'DocumentPeriodEndDate' THEN left(v, 10) END)) AS period_ends,
         any(n IN collect(CASE WHEN name = 'DocumentTransitionReport' THEN toLower(v) END) WHERE n IN ['true', '1']) AS transition_flag,
         size([e IN collect(CASE WHEN extension AND name IN ['TransitionReport', 'InceptionDate'] THEN 1 END) WHERE e IS NOT NULL]) AS transition_ext
}
WITH fl, focus, doc_types, period_ends, transition_flag, transition_ext,
     {FY: [340, 390], Q1: [65, 115], Q3: [245, 295], Q2: [155, 205], Q4: [340, 390], H1: [155, 205], H2: [340, 390]}[focus] AS range
WHERE range IS NOT NULL AND size(doc_types) <= 1 AND NOT any(t IN doc_types WHERE t CONTAINS 'T' OR t IN
    ['S-1', 'S-3', 'S-4', 'S-6', 'S-8', 'S-11', 'S-20', 'S-1/A', 'S-3/A', 'S-4/A', 'S-6/A', 'S-8/A', 'S-11/A', 'S-20/A',
     'F-1', 'F-3', '10-12G', '10-12G/A'])
  AND transition_ext = 0 AND NOT transition_flag AND period_ends <= 1
MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:REPORTS]->(c:Concept)
WHERE (c.type ENDS WITH ':textBlockItemType'
       OR (c.namespace STARTS WITH 'http://xbrl.sec.gov/dei/' AND c.name IN ['AmendmentDescription', 'AmendmentFlag',
           'CurrentFiscalYearEndDate', 'DocumentPeriodEndDate', 'DocumentFiscalYearFocus', 'DocumentFiscalPeriodFocus',
           'DocumentType', 'EntityRegistrantName', 'EntityCentralIndexKey', 'EntityFilerCategory']))
  AND c.namespace <> 'http://xbrl.sec.gov/ecd/' + toString(fl.us_gaap_year)
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
WITH fl, focus, range, f, c, ctx, p,
     CASE WHEN p.kind = 'duration' THEN duration.inDays(p.start, p.end).days + 1 ELSE 0 END AS days
WHERE days < range[0] OR days > range[1]
RETURN fl.id AS filing_id, 'DQC.US.0006.14' AS sub_rule, f.concept_qname AS concept,
       [{fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]),
         value: CASE WHEN size(f.value) > 200 THEN left(f.value, 200) + '...' ELSE f.value END, decimals: f.decimals,
         unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])}] AS facts,
       null AS network,
       f.concept_qname + ' is reported for ' + p.key + ' (' + toString(days) + ' days), which does not fit the fiscal period focus ' +
       focus + ': text blocks and cover page elements of such a report cover ' + toString(range[0]) + ' to ' + toString(range[1]) +
       ' days. Report it in the context of the document period.' AS message
ORDER BY filing_id, concept, f.fact_id
