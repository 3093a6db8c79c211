// name: dqc.dqc_0047
// summary: DQC.US.0047 (operating cash flow with items that have no balance type): a base-taxonomy element without a balance attribute (other than NetCashProvidedByUsedInOperatingActivitiesContinuingOperations and InvestmentCompanyNetAssetsFromOperationsIncreaseDecrease) below NetCashProvidedByUsedInOperatingActivities or NetCashProvidedByUsedInOperatingActivitiesContinuingOperations in any of the filing's calculation networks. One finding per (total, element); it names no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
WITH fl, 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS gaap
UNWIND ['NetCashProvidedByUsedInOperatingActivities', 'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'] AS total
MATCH (top:Concept {key: gaap + total})-[first:CALC {owner: fl.id}]->(:Concept)
WITH DISTINCT fl, top, first.role AS role
// descendants within one network (a path never leaves its role)
MATCH (top) (()-[r:CALC WHERE r.owner = fl.id AND r.role = role]->())+ (x:Concept)
WHERE x.balance IS NULL AND NOT x:Extension
  AND NOT x.name IN ['NetCashProvidedByUsedInOperatingActivitiesContinuingOperations', 'InvestmentCompanyNetAssetsFromOperationsIncreaseDecrease']
  // base taxonomies of the rule: us-gaap (with srt and ebp), exch, stpr, naics, sic, ecd, cyd; not dei
  AND any(ns IN ['http://fasb.org/us-gaap/', 'http://fasb.org/srt/', 'http://fasb.org/us-gaap-ebp/', 'http://xbrl.sec.gov/exch/',
                 'http://xbrl.sec.gov/stpr/', 'http://xbrl.sec.gov/naics/', 'http://xbrl.sec.gov/sic/', 'http://xbrl.sec.gov/ecd/',
                 'http://xbrl.sec.gov/cyd/'] WHERE x.namespace STARTS WITH ns)
WITH fl, top, x, min(role) AS network
RETURN fl.id AS filing_id, 'DQC.US.0047.7481' AS sub_rule, x.qname AS concept, [] AS facts, network,
       x.qname + ' is a calculation descendant of ' + top.name + ' (network ' + network + '), but it has no balance type: ' +
       'an Increase (Decrease) element without a balance belongs in a roll forward, not among the adjustments to ' +
       'operating cash flow; use an element with a debit or credit balance there.' AS message
ORDER BY filing_id, concept
