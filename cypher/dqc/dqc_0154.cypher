// name: dqc.dqc_0154
// summary: DQC.US.0154 (income tax reconciliation items on extension or other elements): in each of the filing's disclosure presentation networks that presents one of the four income tax reconciliation anchors (the statutory rate and amount, IncomeTaxExpenseBenefit, EffectiveIncomeTaxRateContinuingOperations), each numeric element whose filer label (in a label role the network's arcs prefer; the standard label where an arc names none) speaks of FDII (10068), GILTI (10069), BEAT (10070) or a foreign rate differential (10071) without being the us-gaap element made for it, and without also naming another of those items, "other", "and" or " net of". One finding per network, element and preferred label role, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, network_definition STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
// the networks that present an income tax reconciliation anchor (found from the anchors: a filing has hundreds of networks)
CALL (fl) {
  UNWIND ['IncomeTaxReconciliationIncomeTaxExpenseBenefitAtFederalStatutoryIncomeTaxRate',
          'EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate', 'IncomeTaxExpenseBenefit',
          'EffectiveIncomeTaxRateContinuingOperations'] AS anchor
  MATCH (a:Concept {key: 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' + anchor})-[e:PRES]-(:Concept)
  WHERE e.owner = fl.id
  RETURN DISTINCT e.role AS role
}
MATCH (r:Role {key: fl.id + '|' + role})
WHERE r.definition CONTAINS '- Disclosure -'
WITH fl, r,
     COLLECT { MATCH (a:Concept)-[e:PRES {owner: fl.id, role: r.uri}]->(b:Concept) UNWIND [a, b] AS c RETURN DISTINCT c } AS concepts,
     COLLECT { MATCH ()-[e:PRES {owner: fl.id, role: r.uri}]->() RETURN DISTINCT coalesce(e.preferred_label, '') AS lr } AS label_roles
UNWIND [c IN concepts WHERE c.numeric] AS x
UNWIND label_roles AS lr
// the label the engine reads: of the preferred role; without one, the first of the standard, terse and verbose labels
CALL (fl, x, lr) {
  MATCH (fl)-[l:FILER_LABEL]->(x)
  WITH l, CASE WHEN lr <> '' THEN CASE WHEN l.role = lr THEN 0 ELSE null END
               ELSE CASE l.role_name WHEN 'label' THEN 1 WHEN 'terseLabel' THEN 2 WHEN 'verboseLabel' THEN 3 WHEN 'totalLabel' THEN 4
                                     ELSE 10 END END AS rank
  WHERE rank IS NOT NULL
  RETURN l.text AS label ORDER BY rank, l.lang, l.text LIMIT 1
}
WITH fl, r, x, lr, label, toLower(label) AS low
UNWIND [
  {code: '10068', what: 'foreign-derived intangible income (FDII)', hit: low CONTAINS 'fdii' OR low CONTAINS 'foreign-derived intangible income'
     OR low CONTAINS 'foreign derived intangible income', right: ['EffectiveIncomeTaxRateReconciliationFdiiPercent', 'EffectiveIncomeTaxRateReconciliationFdiiAmount'],
   not: ['gilti', 'other', 'beat', 'and', ' net of']},
  {code: '10069', what: 'global intangible low-taxed income (GILTI)', hit: low CONTAINS 'gilti' OR low CONTAINS 'global intangible low-taxed income'
     OR low CONTAINS 'global intangible low taxed income', right: ['EffectiveIncomeTaxRateReconciliationGiltiPercent', 'EffectiveIncomeTaxRateReconciliationGiltiAmount'],
   not: ['fdii', 'other', 'beat', 'and', ' net of']},
  {code: '10070', what: 'the base erosion and anti-abuse tax (BEAT)', hit: low CONTAINS 'beat' OR low CONTAINS 'base erosion and anti-abuse'
     OR low CONTAINS 'base erosion and anti abuse', right: ['EffectiveIncomeTaxRateReconciliationBeatAmount', 'EffectiveIncomeTaxRateReconciliationBeatPercent'],
   not: ['fdii', 'other', 'gilti', 'and', ' net of']},
  {code: '10071', what: 'the foreign income tax rate differential', hit: low CONTAINS 'foreign' AND low CONTAINS 'rate' AND low CONTAINS 'differential',
   right: ['IncomeTaxReconciliationForeignIncomeTaxRateDifferential', 'EffectiveIncomeTaxRateReconciliationForeignIncomeTaxRateDifferential'],
   not: ['fdii', 'other', 'gilti', 'beat', 'and', ' net of']}
] AS s
WITH fl, r, x, lr, label, low, s
WHERE s.hit AND NOT (x.name IN s.right AND x.namespace STARTS WITH 'http://fasb.org/us-gaap/') AND NONE(w IN s.not WHERE low CONTAINS w)
RETURN fl.id AS filing_id, 'DQC.US.0154.' + s.code AS sub_rule, x.qname AS concept, [] AS facts, r.uri AS network,
       r.definition AS network_definition,
       'The disclosure "' + r.definition + '" presents ' + x.qname + ' with the label "' + label + '"'
         + CASE WHEN lr = '' THEN '' ELSE ' (label role ' + lr + ')' END + ', which reports ' + s.what
         + ' on an element not made for it. us-gaap has ' + s.right[0] + ' and ' + s.right[1] + ' for this item; use the one that fits.' AS message
ORDER BY filing_id, sub_rule, network, concept
