// name: dqc.dqc_0202
// summary: DQC.US.0202 (annual report without cybersecurity disclosures): a filing whose non-dimensional dei:DocumentType is 10-K or 20-F and whose non-dimensional dei:DocumentPeriodEndDate is on or after 2024-12-15, that is not a transition report (DocumentTransitionReport = true) and reports no fact of the cybersecurity disclosure taxonomy of its year (namespace http://xbrl.sec.gov/cyd/<us-gaap year>); one finding per filing, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (tk:Concept {name: 'DocumentType'}) WHERE tk.namespace STARTS WITH 'http://xbrl.sec.gov/dei/'
MATCH (t:Fact {concept_key: tk.key})-[:IN_CONTEXT]->(tc:Context)
WHERE t.filing_id = fl.id AND NOT coalesce(tc.dimensional, false) AND t.value IN ['10-K', '20-F']
MATCH (ek:Concept {name: 'DocumentPeriodEndDate'}) WHERE ek.namespace STARTS WITH 'http://xbrl.sec.gov/dei/'
MATCH (e:Fact {concept_key: ek.key})-[:IN_CONTEXT]->(ec:Context)
WHERE e.filing_id = fl.id AND NOT coalesce(ec.dimensional, false) AND trim(e.value) >= '2024-12-15'
WITH DISTINCT fl, t.value AS form, trim(e.value) AS period_end
WHERE NOT EXISTS {
    MATCH (xk:Concept {name: 'DocumentTransitionReport'})
    MATCH (x:Fact {concept_key: xk.key})
    WHERE x.filing_id = fl.id AND toLower(trim(coalesce(x.value, ''))) IN ['true', '1']
  }
  AND NOT EXISTS {
    MATCH (c:Fact) WHERE c.concept_key STARTS WITH 'http://xbrl.sec.gov/cyd/' + toString(fl.us_gaap_year) + '#'
      AND c.filing_id = fl.id
  }
RETURN fl.id AS filing_id, 'DQC.US.0202.10702' AS sub_rule, null AS concept, [] AS facts, null AS network,
       'This ' + form + ' for the period ending ' + period_end + ' reports no cybersecurity disclosure (Item 1C) facts of'
         + ' the cyd ' + toString(fl.us_gaap_year) + ' taxonomy. Annual reports for fiscal years ending on or after'
         + ' 2024-12-15 must tag the cybersecurity risk management and governance disclosures with the cyd elements.'
         AS message
ORDER BY filing_id
