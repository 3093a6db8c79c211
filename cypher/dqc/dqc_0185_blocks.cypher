// name: dqc.dqc_0185_blocks
// summary: For DQC.US.0185: how many facts the filing reports of us-gaap:SummaryOfIncomeTaxContingenciesTextBlock and of us-gaap:ScheduleOfUnrecognizedTaxBenefitsRollForwardTableTextBlock (any context, nils too).
// mode: read
// param filing_id: STRING  the filing's id
// returns: contingencies INTEGER, rollforward INTEGER
MATCH (fl:Filing {id: $filing_id})
WITH fl, 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS gaap
RETURN COUNT { MATCH (f:Fact {concept_key: gaap + 'SummaryOfIncomeTaxContingenciesTextBlock'}) WHERE f.filing_id = fl.id }
         AS contingencies,
       COUNT { MATCH (f:Fact {concept_key: gaap + 'ScheduleOfUnrecognizedTaxBenefitsRollForwardTableTextBlock'})
               WHERE f.filing_id = fl.id } AS rollforward
