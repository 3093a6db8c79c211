// name: dqc.dqc_0001
// summary: DQC.US.0001 (axis with inappropriate members): for each checked axis, the members the filing's own dimensional networks put under it (domain and descendants, in every role where the axis is in a hypercube with primary items) that the rule does not allow there (the DQCRT member lists of the axis, named us-gaap/srt members, a few named extension members; on the axes that admit only extension members, every base-taxonomy member outside the list). One finding per fact reported with such a member on that axis, or one finding naming the member when no fact uses it.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
  AND EXISTS { MATCH (:DqcConstant {year: fl.us_gaap_year, name: 'MEM_RNG_AXS'}) }  // a us-gaap year with DQCRT member lists
// The filing's own XDT arcs, read once through the DEF owner index: matching them from the axis and its members
// instead expands the arcs of every filing and of the taxonomy that use those concepts.
WITH fl, COLLECT { MATCH (a:Concept)-[r:DEF]->(b:Concept)
                   WHERE r.owner = fl.id AND r.arc IN ['all', 'notAll', 'hypercube-dimension', 'dimension-domain', 'domain-member']
                   RETURN {arc: r.arc, role: r.role, target_role: r.target_role, a: a, b: b} } AS arcs
// the filing's hypercubes: "role|hypercube key" of each has-hypercube arc (the role its hypercube-dimension arcs are in)
WITH fl, arcs, [x IN arcs WHERE x.arc IN ['all', 'notAll'] | coalesce(x.target_role, x.role) + '|' + x.b.key] AS cubes
// One map per sub-rule: the axis (prefix, name); base: only base-taxonomy members are checked (the axis takes
// extension members freely); consts: DQCRT member lists allowed; names: further allowed base members; ext: allowed
// extension member names; kids: members whose domain-member descendants are allowed; within: the members NOT
// allowed are those in these lists (0001.71), instead of those outside them.
UNWIND [
  {code: '51', prefix: 'us-gaap', axis: 'FairValueByFairValueHierarchyLevelAxis', base: false, consts: ['MEMBER_USGAAP_FAIR_VALUE'],
   ext: ['FairValueInputsLevel1AndLevel2Member', 'FairValueInputsLevel2AndLevel3Member', 'FairValueInputsLevel1AndLevel3Member']},
  {code: '52', prefix: 'us-gaap', axis: 'ReclassificationOutOfAccumulatedOtherComprehensiveIncomeAxis', base: false,
   consts: ['MBR_RECL_OUT_ACCUM_CMP_INC_AXS']},
  {code: '53', prefix: 'us-gaap', axis: 'OtherOwnershipInterestsByNameAxis', base: true, names: ['us-gaap:OtherOwnershipInterestsNameDomain']},
  {code: '54', prefix: 'dei', axis: 'LegalEntityAxis', base: true, consts: ['MEM_LEG_ENT_AXS', 'MEM_FHLB_AXS'],
   names: ['us-gaap:CoVenturerMember', 'us-gaap:SpinoffMember', 'us-gaap:PartnershipMember', 'us-gaap:LimitedLiabilityCompanyMember',
           'us-gaap:TrustForBenefitOfEmployeesMember', 'dei:EntityDomain']},
  {code: '56', prefix: 'us-gaap', axis: 'NoncashOrPartNoncashDivestituresByUniqueNameAxis', base: true,
   names: ['us-gaap:NoncashOrPartNoncashDivestitureNameDomain']},
  {code: '57', prefix: 'srt', axis: 'ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis', base: true, consts: ['MBR_SCH_EQT_INV_NM_AXS']},
  {code: '58', prefix: 'srt', axis: 'CounterpartyNameAxis', base: true,
   names: ['srt:RepurchaseAgreementCounterpartyNameDomain', 'srt:AffiliatedEntityMember', 'us-gaap:InvestorMember',
           'us-gaap:VariableInterestEntityNotPrimaryBeneficiaryMember', 'srt:ChiefFinancialOfficerMember', 'us-gaap:IndividualMember',
           'us-gaap:GovernmentMember', 'srt:GuarantorSubsidiariesMember', 'srt:SubsidiaryIssuerMember', 'srt:DirectorMember',
           'srt:ChiefExecutiveOfficerMember', 'srt:ChiefOperatingOfficerMember', 'us-gaap:GeneralPartnerMember',
           'us-gaap:CorporateJointVentureMember', 'us-gaap:SubsidiaryOfCommonParentMember', 'us-gaap:IndividuallyImmaterialCounterpartiesMember']},
  {code: '59', prefix: 'us-gaap', axis: 'PlanNameAxis', base: true, consts: ['MBR_PLN_NM_AXS']},
  {code: '61', prefix: 'srt', axis: 'RangeAxis', base: false, consts: ['MEM_RNG_AXS']},
  {code: '62', prefix: 'srt', axis: 'CurrencyAxis', base: false, consts: ['MEM_SRT_CUR_AXS', 'MEM_CUR_AXS'],
   names: ['currency:VES', 'currency:SVC', 'currency:STN', 'currency:MRU'],
   ext: ['SICAD1Member', 'SICAD2Member', 'CENCOEXMember', 'SICADMember', 'SIMADIMember', 'DIPROMember', 'DICOMMember', 'XBT']},
  {code: '63', prefix: 'us-gaap', axis: 'PositionAxis', base: false, consts: ['MEM_POS_AXS'], ext: ['NetLongPositionMember', 'NetShortPositionMember']},
  {code: '64', prefix: 'us-gaap', axis: 'FairValueByMeasurementFrequencyAxis', base: false, consts: ['MEM_FAR_VAL_MSR_FRQ_AXS']},
  {code: '65', prefix: 'us-gaap', axis: 'FairValueByMeasurementBasisAxis', base: false, consts: ['MEM_FAR_VAL_MSR_BAS_AXS']},
  {code: '66', prefix: 'us-gaap', axis: 'HedgingDesignationAxis', base: false, consts: ['MEM_HDG_DSG_AXS']},
  {code: '69', prefix: 'srt', axis: 'ProductOrServiceAxis', base: true,
   consts: ['MEM_PRD_SVC_AXS', 'MEM_AIR_TP_AXS', 'MEM_SCH_MPR_INS_AXS', 'MEM_PPE_TP_AXS', 'MEM_RSV_QTY_RSV_AXS', 'MEM_PUB_UTL_INV_AXS'],
   names: ['us-gaap:AuctionRateSecuritiesMember', 'us-gaap:AutomobileLoanMember', 'us-gaap:CommercialLoanMember',
           'us-gaap:CommercialRealEstateMember', 'us-gaap:ConstructionLoansMember', 'us-gaap:ConsumerLoanMember', 'srt:CrudeOilMember',
           'srt:FuelMember', 'us-gaap:GeneralLiabilityMember', 'srt:HeatingOilMember', 'us-gaap:HomeEquityLoanMember', 'us-gaap:HomeEquityMember',
           'us-gaap:LetterOfCreditMember', 'us-gaap:LineOfCreditMember', 'us-gaap:LoansMember', 'srt:NaturalGasLiquidsReservesMember',
           'srt:NaturalGasReservesMember', 'srt:OilReservesMember', 'us-gaap:ProfessionalMalpracticeLiabilityMember',
           'us-gaap:RealEstateLoanMember', 'us-gaap:ResidentialMortgageMember', 'srt:SyntheticOilMember', 'us-gaap:ResidentialRealEstateMember',
           'us-gaap:PublicUtilitiesInventoryPropaneMember', 'us-gaap:PublicUtilitiesInventoryWaterMember', 'us-gaap:AutomobilesMember',
           'srt:HotelMember', 'us-gaap:RegionalCarrierMember', 'us-gaap:MainlineMember']},
  {code: '70', prefix: 'srt', axis: 'ConsolidationItemsAxis', base: false, consts: ['MEM_CON_ITM_AXS'],
   ext: ['CorporateReconcilingItemsAndEliminationsMember', 'CorporateAndReconcilingItemsMember', 'CorporateAndEliminationsMember',
         'EliminationsAndReconcilingItemsMember', 'OperatingSegmentsAndCorporateNonSegmentMember',
         'OperatingSegmentsExcludingIntersegmentEliminationMember', 'OtherOperatingSegmentsAndIntersegmentEliminationsMember',
         'OperatingSegmentsAfterReconcilingItemsAndEliminationsMember'],
   kids: ['us-gaap:MaterialReconcilingItemsMember', 'srt:ConsolidationEliminationsMember']},
  {code: '71', prefix: 'us-gaap', axis: 'DefinedBenefitPlanByPlanAssetCategoriesAxis', base: false, consts: ['MEM_NOT_ALLOWED_RET_TREE'], within: true},
  {code: '72', prefix: 'us-gaap', axis: 'AwardDateAxis', base: true, consts: ['MEM_AWD_DT_AXS']},
  {code: '74', prefix: 'us-gaap', axis: 'SubsequentEventTypeAxis', base: false, consts: ['MEM_SUB_EVT_AXS']},
  {code: '75', prefix: 'us-gaap', axis: 'StatementEquityComponentsAxis', base: true, consts: ['MBR_STM_EQY_CMP_AXS'],
   names: ['us-gaap:TrustForBenefitOfEmployeesMember',
           'us-gaap:AccumulatedNetGainLossFromCashFlowHedgesIncludingPortionAttributableToNoncontrollingInterestMember',
           'us-gaap:AccumulatedNetGainLossFromDesignatedOrQualifyingCashFlowHedgesMember',
           'us-gaap:AccumulatedNetGainLossFromCashFlowHedgesAttributableToNoncontrollingInterestMember']},
  {code: '76', prefix: 'srt', axis: 'StatementScenarioAxis', base: true, consts: ['MBR_STM_SCN_AXS']},
  {code: '77', prefix: 'us-gaap', axis: 'PreferredUnitsByNameAxis', base: true, consts: ['MBR_PRF_UNT_NM_AXS']},
  {code: '78', prefix: 'us-gaap', axis: 'RetirementPlanNameAxis', base: true, consts: ['MBR_RET_PLN_NM_AXS']},
  {code: '79', prefix: 'srt', axis: 'OwnershipAxis', base: true, consts: ['MBR_OWNRSHP_AXS'], exch: true},
  {code: '80', prefix: 'srt', axis: 'MajorCustomersAxis', base: true, consts: ['MBR_MAJ_CST_AXS']},
  {code: '9366', prefix: 'us-gaap', axis: 'BusinessAcquisitionAxis', base: true, consts: ['MBR_BUS_ACQ_AXS']},
  {code: '81', prefix: 'us-gaap', axis: 'StatementBusinessSegmentsAxis', base: true, consts: ['MBR_STM_BIS_SEG_AXS']},
  {code: '82', prefix: 'us-gaap', axis: 'AssetAcquisitionAxis', base: true, consts: ['MBR_AST_ACQ_AXS']},
  {code: '83', prefix: 'us-gaap', axis: 'RetirementPlanSponsorLocationAxis', base: true, consts: ['MBR_STM_GEO_AXS'],
   names: ['us-gaap:RetirementPlanSponsorLocationDomain', 'us-gaap:DomesticPlanMember', 'us-gaap:ForeignPlanMember']}
] AS s
WITH fl, arcs, cubes, s, {`us-gaap`: 'http://fasb.org/us-gaap/', srt: 'http://fasb.org/srt/', dei: 'http://xbrl.sec.gov/dei/',
             currency: 'http://xbrl.sec.gov/currency/'} AS ns,
     COLLECT { MATCH (k:DqcConstant {year: fl.us_gaap_year}) WHERE k.name IN coalesce(s.consts, []) UNWIND k.values AS v RETURN v } AS listed
// the axis in a hypercube of the filing's own networks: hypercube-dimension arc in the role the has-hypercube arc targets
UNWIND [x IN arcs WHERE x.arc = 'hypercube-dimension' AND x.b.name = s.axis AND x.b.namespace STARTS WITH ns[s.prefix]
                        AND x.role + '|' + x.a.key IN cubes] AS hd
UNWIND [x IN arcs WHERE x.arc = 'dimension-domain' AND x.a = hd.b AND x.role = coalesce(hd.target_role, hd.role)] AS dd
// the domain and its domain-member descendants in the domain's role, found in the filing's arcs read above: one step
// down per round until no new member turns up (a round per arc at most); walking the graph instead expands the arcs
// of every filing and of the taxonomy at each member
WITH fl, arcs, cubes, s, ns, listed, hd.b AS ax, dd.b AS dom, [x IN arcs WHERE x.arc = 'domain-member' AND x.role = coalesce(dd.target_role, dd.role)] AS links
WITH fl, cubes, s, ns, listed, ax,
     reduce(st = {seen: [dom], todo: [dom]}, i IN range(1, size(links)) |
       CASE WHEN size(st.todo) = 0 THEN st
       ELSE reduce(nx = {seen: st.seen, todo: []}, b IN [x IN links WHERE x.a IN st.todo | x.b] |
              CASE WHEN b IN nx.seen THEN nx ELSE {seen: nx.seen + b, todo: nx.todo + b} END) END).seen AS tree
UNWIND tree AS m
WITH DISTINCT fl, cubes, s, ns, listed, ax, m
WHERE NOT (s.base AND m:Extension)
WITH fl, cubes, s, ns, ax, m,
     (NOT m:Extension AND m.namespace + '#' + m.name IN listed) AS in_lists,
     (NOT m:Extension AND any(n IN coalesce(s.names, []) WHERE m.name = split(n, ':')[1] AND m.namespace STARTS WITH ns[split(n, ':')[0]])) AS named,
     (m:Extension AND m.name IN coalesce(s.ext, [])) AS ext_ok,
     (coalesce(s.exch, false) AND m.namespace STARTS WITH 'http://xbrl.sec.gov/exch/') AS exchange
WHERE CASE WHEN coalesce(s.within, false) THEN in_lists ELSE NOT (in_lists OR named OR ext_ok OR exchange) END
  AND (coalesce(s.within, false) OR NOT (size(coalesce(s.kids, [])) > 0 AND EXISTS {
        UNWIND s.kids AS kid
        MATCH (x:Concept {name: split(kid, ':')[1]})-[r0:DEF]->(c1:Concept)
        WHERE x.namespace STARTS WITH ns[split(kid, ':')[0]] AND r0.owner = fl.id AND r0.arc = 'domain-member'
          AND any(c IN cubes WHERE c STARTS WITH r0.role + '|')
        MATCH (c1) ((p:Concept)-[r:DEF]->(q:Concept) WHERE r.owner = fl.id AND r.arc = 'domain-member' AND r.role = r0.role){0,} (m)
     }))
// the facts reported with that member on that axis (nil facts too), else none
WITH fl, s, ax, m,
     COLLECT {
       MATCH (ctx:Context)-[:HAS_MEMBER]->(m)
       WHERE ctx.filing_id = fl.id AND any(i IN range(0, size(ctx.axis_keys) - 1) WHERE ctx.axis_keys[i] = ax.key AND ctx.member_keys[i] = m.key)
       MATCH (fl)-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(ctx)-[:FOR_PERIOD]->(p:Period)
       RETURN {fact_id: f.fact_id, concept: f.concept_qname, context_id: coalesce(f.context_id, ctx.context_ids[0]), value: f.value,
               decimals: f.decimals, unit: f.unit_key, period: p.key, dims: coalesce(ctx.dims, [])} AS fact
     } AS facts,
     CASE WHEN s.base THEN 'only extension members and the us-gaap members the rule lists for this axis'
          WHEN coalesce(s.within, false) THEN 'plan-asset categories, not the members that name kinds of pension plans'
          ELSE 'only the us-gaap members of this axis' + CASE WHEN size(coalesce(s.ext, [])) > 0
                 THEN ' (or the extension members ' + reduce(t = '', e IN s.ext | t + CASE WHEN t = '' THEN '' ELSE ', ' END + e) + ')' ELSE '' END
     END AS allowed
CALL (fl, s, ax, m, facts, allowed) {
  UNWIND facts AS fact
  RETURN fact.concept AS concept, [fact] AS used,
         'The fact ' + fact.concept + ' (value ' + coalesce(fact.value, 'nil') + ', context ' + fact.context_id + ', period ' + fact.period
           + CASE WHEN fact.unit IS NULL THEN '' ELSE ', unit ' + fact.unit END
           + ', dimensions ' + reduce(t = '', d IN fact.dims | t + CASE WHEN t = '' THEN '' ELSE '; ' END + d)
           + ') uses the member ' + m.qname + ' on the axis ' + ax.qname + ', which does not belong there; the axis takes '
           + allowed + '. Report the fact with an appropriate member.' AS text
  UNION
  WITH m, ax, facts, allowed
  WHERE size(facts) = 0
  RETURN m.qname AS concept, [] AS used,
         'The member ' + m.qname + ' is placed under the axis ' + ax.qname + ' in the filing\'s dimensional networks, which does not'
           + ' belong there (no fact uses it on that axis); the axis takes ' + allowed + '. Remove it from the axis or replace it.' AS text
}
RETURN fl.id AS filing_id, 'DQC.US.0001.' + s.code AS sub_rule, concept, used AS facts, null AS network, text AS message
ORDER BY filing_id, sub_rule, concept, CASE WHEN size(used) > 0 THEN used[0].context_id ELSE '' END
