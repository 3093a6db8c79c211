// name: dqc.dqc_0145
// summary: DQC.US.0145 (cash flow elements in the wrong section): 9867, an element that us-gaap never puts in financing activities (NON_FINANCING_DESCENDANTS less ALLOWABLE_FINANCING_ITEMS) presented below NetCashProvidedByUsedInFinancingActivitiesAbstract in one of the filing's presentation networks; 9868, the same for investing activities (NON_INVESTING_DESCENDANTS less three items allowed there) below NetCashProvidedByUsedInInvestingActivitiesAbstract; 9869, an income statement component that us-gaap treats as a change in operating capital (FILIN_COMPONENTS_OF_NET_INC_LOSS and CHG_IN_OP_CAPTL, both DQCRT constants). One finding per element (not per network or fact).
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (nonfin:DqcConstant {year: fl.us_gaap_year, name: 'NON_FINANCING_DESCENDANTS'}),
      (allowed:DqcConstant {year: fl.us_gaap_year, name: 'ALLOWABLE_FINANCING_ITEMS'}),
      (noninv:DqcConstant {year: fl.us_gaap_year, name: 'NON_INVESTING_DESCENDANTS'})
WITH fl, 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS gaap, nonfin, allowed, noninv
UNWIND [{code: '9867', abstract: 'NetCashProvidedByUsedInFinancingActivitiesAbstract', section: 'financing'},
        {code: '9868', abstract: 'NetCashProvidedByUsedInInvestingActivitiesAbstract', section: 'investing'}] AS s
MATCH (top:Concept {key: gaap + s.abstract})-[first:PRES {owner: fl.id}]->(:Concept)
WITH DISTINCT fl, gaap, nonfin, allowed, noninv, s, top, first.role AS role
// descendants of the abstract within one network (a path never leaves its role)
MATCH (top) (()-[p:PRES WHERE p.owner = fl.id AND p.role = role]->())+ (c:Concept)
// the lists are tested per element reached, not filtered into new lists per filing (that cost seconds);
// the official rule takes three items out of the non-investing list by name
WITH DISTINCT fl, gaap, nonfin, allowed, noninv, s, c, role
WHERE CASE s.code
        WHEN '9867' THEN c.key IN nonfin.values AND NOT c.key IN allowed.values
        ELSE c.key IN noninv.values AND NOT c.key IN [n IN ['PaymentsForProceedsFromOtherDeposits', 'IncreaseDecreaseOfRestrictedInvestments',
               'ProceedsFromPaymentsForInSecuritiesSoldUnderAgreementsToRepurchase'] | gaap + n]
      END
WITH fl, s, c, min(role) AS network
RETURN fl.id AS filing_id, 'DQC.US.0145.' + s.code AS sub_rule, c.qname AS concept, [] AS facts, network,
       c.qname + ' is presented under ' + s.abstract + ' (network ' + network + '), but us-gaap never counts it among ' +
       s.section + ' activities; present it outside the ' + s.section + ' section of the cash flow statement.' AS message
UNION ALL
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (income:DqcConstant {year: fl.us_gaap_year, name: 'FILIN_COMPONENTS_OF_NET_INC_LOSS'}),
      (capital:DqcConstant {year: fl.us_gaap_year, name: 'CHG_IN_OP_CAPTL'})
UNWIND [k IN income.values WHERE k IN capital.values] AS key
MATCH (c:Concept {key: key})
RETURN fl.id AS filing_id, 'DQC.US.0145.9869' AS sub_rule, c.qname AS concept, [] AS facts, null AS network,
       c.qname + ' is presented in the income statement, but us-gaap treats it as a change in operating capital of ' +
       'the cash flow statement; present it there instead.' AS message
