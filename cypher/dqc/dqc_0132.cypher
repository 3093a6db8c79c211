// name: dqc.dqc_0132
// summary: DQC.US.0132 Extension element for operating lease right-of-use asset amortization: an extension element (debit, duration) whose name says operating lease right-of-use asset expense / amortization / depreciation (and none of the words the rule excludes: financ, liabilit, current, income, impairment...), where OperatingLeaseRightOfUseAssetAmortizationExpense should be used; one finding per element, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The element counts whether or not a fact reports it (the official rule reads the extension taxonomy).
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (fl)-[:DEFINES]->(c:Concept)
WITH fl, c, toLower(c.name) AS n
WHERE n CONTAINS 'operating' AND n CONTAINS 'lease' AND n CONTAINS 'rightofuseasset'
  AND (n CONTAINS 'expense' OR n CONTAINS 'amortiz' OR n CONTAINS 'depreci')
  AND NONE(w IN ['financ', 'increasedecrease', 'excluding', 'relatedparty', 'liabilit', 'accumulated', 'rent', 'reversa',
                 'propertyplantandequipment', 'restructuring', 'remeasurement', 'disposal', 'credit', 'current', 'noncurrent',
                 'impairment', 'writeoff', 'abandonment', 'accelerated', 'accretion', 'reduction', 'income'] WHERE n CONTAINS w)
  AND c.period_type = 'duration' AND c.balance = 'debit'
RETURN fl.id AS filing_id, 'DQC.US.0132.9730' AS sub_rule, c.qname AS concept, [] AS facts, null AS network,
       'The extension element ' + c.qname + ' reports the amortization of operating lease right-of-use assets; the us-gaap ' +
       'element OperatingLeaseRightOfUseAssetAmortizationExpense (since the 2020 taxonomy) says the same: use it instead.' AS message
ORDER BY filing_id, concept
