// name: dqc.dqc_0062
// summary: DQC.US.0062 sub-rule 7501: the filing has a cash flow statement (a presentation network containing us-gaap StatementOfCashFlowsAbstract whose role URI contains "cashflow" (any case) but not "parenthetical" and whose definition contains "- Statement ") and reports no fact at all (nil or dimensional facts count) of any change-in-cash element of its us-gaap year's rule set; one finding per filing, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP> (fact_id, concept, context_id, value, decimals, unit, period, dims), network STRING, message STRING
// The 2023 and 2024 rule sets accept four older change-in-cash elements besides the five of 2025.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy AND fl.us_gaap_year IN [2023, 2024, 2025]
WITH fl, 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' AS ns,
     ['CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect',
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect',
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffectContinuingOperations',
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffectDisposalGroupIncludingDiscontinuedOperations',
      'NetCashProvidedByUsedInContinuingOperations'] +
     CASE WHEN fl.us_gaap_year < 2025
          THEN ['CashAndCashEquivalentsPeriodIncreaseDecrease', 'CashPeriodIncreaseDecreaseExcludingExchangeRateEffect',
                'CashAndCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect', 'CashPeriodIncreaseDecrease']
          ELSE [] END AS names
MATCH (fl)-[:HAS_ROLE]->(r:Role)
WHERE toLower(r.uri) CONTAINS 'cashflow' AND NOT toLower(r.uri) CONTAINS 'parenthetical'
  AND coalesce(r.definition, '') CONTAINS '- Statement '
  AND EXISTS {
    MATCH (a:Concept)-[:PRES {owner: fl.id, role: r.uri}]->(b:Concept)
    WHERE a.key = ns + 'StatementOfCashFlowsAbstract' OR b.key = ns + 'StatementOfCashFlowsAbstract'
  }
WITH fl, ns, names, r ORDER BY r.uri
WITH fl, ns, names, collect(r) AS roles
WHERE NOT EXISTS {
  MATCH (fl)-[:HAS_FACT]->(f:Fact)
  WHERE f.concept_key IN [n IN names | ns + n]
}
RETURN fl.id AS filing_id, 'DQC.US.0062.7501' AS sub_rule,
       'us-gaap:' + names[0] AS concept, [] AS facts, roles[0].uri AS network,
       'The filing has a cash flow statement (' +
       reduce(s = '', x IN roles | s + CASE WHEN s = '' THEN '' ELSE '; ' END + x.definition) +
       ') but no value for the change in cash with any of ' +
       reduce(s = '', n IN names | s + CASE WHEN s = '' THEN '' ELSE ', ' END + n) +
       ' (NetCashProvidedByUsedInContinuingOperations only together with NetCashProvidedByUsedInDiscontinuedOperations). ' +
       'Tag the change in cash with one of them, without dimensions and with a standard element (a zero change as 0).' AS message
ORDER BY filing_id
