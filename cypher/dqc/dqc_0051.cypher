// name: dqc.dqc_0051
// summary: DQC.US.0051 Before tax items: an income tax element (the rule's list: IncomeTaxExpenseBenefit, current/deferred federal, state, foreign...) that is a calculation descendant, with an overall negative weight, of a before-tax total: IncomeLossIncludingPortionAttributableToNoncontrollingInterest (7484), IncomeLossAttributableToParent (7485) or IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest (7486); one finding per calculation path, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// A path runs from the total down to the tax element within one network of the filing; its weight is the product of
// the weights on the way.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
UNWIND [['DQC.US.0051.7484', 'IncomeLossIncludingPortionAttributableToNoncontrollingInterest'],
        ['DQC.US.0051.7485', 'IncomeLossAttributableToParent'],
        ['DQC.US.0051.7486', 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest']] AS spec
MATCH (top:Concept {name: spec[1]})-[r:CALC {owner: fl.id}]->()
WHERE top.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH DISTINCT fl, spec, top, r.role AS role
MATCH (top) (()-[x:CALC WHERE x.owner = fl.id AND x.role = role]->(n))+ (tax:Concept)
WHERE tax.namespace STARTS WITH 'http://fasb.org/us-gaap/'
  AND tax.name IN ['IncomeTaxExpenseBenefit', 'CurrentIncomeTaxExpenseBenefit', 'CurrentForeignTaxExpenseBenefit',
    'CurrentFederalStateAndLocalTaxExpenseBenefit', 'CurrentFederalTaxExpenseBenefit', 'CurrentStateAndLocalTaxExpenseBenefit',
    'DeferredIncomeTaxExpenseBenefit', 'DeferredForeignIncomeTaxExpenseBenefit', 'DeferredFederalStateAndLocalTaxExpenseBenefit',
    'DeferredFederalIncomeTaxExpenseBenefit', 'DeferredStateAndLocalIncomeTaxExpenseBenefit', 'OtherTaxExpenseBenefit']
  AND NOT tax IN n[..-1]  // the path ends at the first tax element of that name it meets
  AND reduce(w = 1.0, e IN x | w * e.weight) < 0
RETURN fl.id AS filing_id, spec[0] AS sub_rule, tax.qname AS concept, [] AS facts, role AS network,
       tax.qname + ' rolls up into ' + top.qname + ' with a negative weight (path ' + top.name +
       reduce(s = '', c IN n | s + ' > ' + c.name) + ', network ' + role + '). ' + top.name +
       ' is an amount before income tax, so the tax expense should not be deducted in its calculation: use the ' +
       'after-tax total (e.g. ProfitLoss or NetIncomeLoss) or take the tax out of this calculation.' AS message
ORDER BY filing_id, sub_rule, network, concept
