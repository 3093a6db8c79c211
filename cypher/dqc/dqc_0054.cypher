// name: dqc.dqc_0054
// summary: DQC.US.0054 (StatementGeographicalAxis on a retirement plan table): 7490, 7491, 7492, the filing's definition linkbase makes srt:StatementGeographicalAxis a dimension (hypercube-dimension arc, any role) of ScheduleOfDefinedBenefitPlansDisclosuresTable, DefinedContributionPlanTable or DefinedBenefitPlansAndOtherPostretirementBenefitPlansDisclosuresTable (us-gaap: the rule's *: prefix is its default namespace). One finding per table; it names no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The official rule set tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
UNWIND [{code: '7490', table: 'ScheduleOfDefinedBenefitPlansDisclosuresTable'},
        {code: '7491', table: 'DefinedContributionPlanTable'},
        {code: '7492', table: 'DefinedBenefitPlansAndOtherPostretirementBenefitPlansDisclosuresTable'}] AS s
MATCH (t:Concept {name: s.table})-[r:DEF {owner: fl.id, arc: 'hypercube-dimension'}]->(ax:Concept {name: 'StatementGeographicalAxis'})
WHERE ax.namespace STARTS WITH 'http://fasb.org/srt/' AND t.namespace STARTS WITH 'http://fasb.org/us-gaap/'
WITH fl, s, t, ax, r.role AS role ORDER BY role
WITH fl, s, t, ax, collect(DISTINCT role) AS roles
RETURN fl.id AS filing_id, 'DQC.US.0054.' + s.code AS sub_rule, t.qname AS concept, [] AS facts, roles[0] AS network,
       'The filing\'s definition linkbase makes ' + ax.qname + ' a dimension of ' + t.qname + ' (' +
       reduce(x = '', role IN roles | x + CASE WHEN x = '' THEN '' ELSE ', ' END + role) + '). The us-gaap taxonomy and ' +
       'the retirement benefits implementation guide prohibit that axis on this table: use RetirementPlanSponsorLocationAxis ' +
       'for the plan sponsor location instead.' AS message
ORDER BY filing_id, sub_rule
