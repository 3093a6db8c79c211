"""DQC.US.0077 "Satisfaction Period With No Satisfaction Start Date Axis".

Official logic (dqc_us_rules DQC_0077, compiled rule set 27): a value of
RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1 (a duration, so not in FilingData's numeric
facts; nil facts count) must carry RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis,
unless it carries srt:RangeAxis. A structural rule: cypher/dqc/dqc_0077.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0077",
    "DQC.US.0077",
    "Satisfaction Period With No Satisfaction Start Date Axis",
    ("DQC.US.0077.7654",),
    "dqc.dqc_0077",
    forms=frozenset(),  # the official rule names no document type
)
