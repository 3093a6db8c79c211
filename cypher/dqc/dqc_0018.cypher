// name: dqc.dqc_0018
// summary: DQC.US.0018 (deprecated element): the elements the filing's own presentation networks use (as parent or child, in any role) that the filing's us-gaap year deprecates (DQCRT DEP_CONCEPTS: sub-rule 34; the employee benefit plan taxonomy's DEP_EBP_CONCEPTS: sub-rule 35, from us-gaap 2025). One finding per element, naming no fact; the message lists the networks that present it.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
// sub-rule 35 (and its constant) is in the rule set from us-gaap 2025 on
UNWIND [{code: '34', constant: 'DEP_CONCEPTS', since: 2023}, {code: '35', constant: 'DEP_EBP_CONCEPTS', since: 2025}] AS s
WITH fl, s WHERE fl.us_gaap_year >= s.since
MATCH (k:DqcConstant {year: fl.us_gaap_year, name: s.constant})
CALL (fl, k) {
  MATCH (a:Concept)-[e:PRES]->(b:Concept)
  WHERE e.owner = fl.id AND (a.key IN k.values OR b.key IN k.values)
  UNWIND [x IN [a, b] WHERE x.key IN k.values] AS c
  RETURN c, collect(DISTINCT e.role) AS roles
}
WITH fl, s, c, roles
ORDER BY fl.id, s.code, c.qname
UNWIND roles AS role
WITH fl, s, c, role ORDER BY role
WITH fl, s, c, collect(role) AS roles
RETURN fl.id AS filing_id, 'DQC.US.0018.' + s.code AS sub_rule, c.qname AS concept, [] AS facts, null AS network,
       'The element ' + c.qname + ' is deprecated in the us-gaap ' + toString(fl.us_gaap_year) + ' taxonomy the filing uses, yet the'
         + ' filing still presents it (in ' + toString(size(roles)) + CASE WHEN size(roles) = 1 THEN ' network: ' ELSE ' networks: ' END
         + reduce(t = '', r IN roles | t + CASE WHEN t = '' THEN '' ELSE ', ' END + r)
         + '). Replace it with the element the taxonomy now provides for that meaning.' AS message
ORDER BY filing_id, sub_rule, concept
