"""DQC.US.0033 "Document Period End Date Context".

Official logic (dqc_us_rules DQC_0033, compiled rule set 27, the same in 2023-2025; the compiled rule has no form
test): the first dei:DocumentPeriodEndDate fact of the filing fixes the document's period end (the end of its
context). Every other dei fact (nils included, any further dimensions) must end on that date, unless

- it is one of the cover facts that are reported at another date by nature: EntityCommonStockSharesOutstanding,
  EntityPublicFloat, EntityNumberOfEmployees, EntityListingDepositoryReceiptRatio, AuditorName, AuditorLocation,
  AuditorFirmId (and DocumentPeriodEndDate itself);
- it carries us-gaap:SubsequentEventTypeAxis;
- the document period end date itself is off its own context by more than the DQC.US.0036 window (0036 reports that
  instead), or the filing has no DocumentPeriodEndDate at all;
- the filing is an amended 8-K (a DocumentType 8-K and AmendmentFlag true).

One finding (2) per offending dei fact.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from auditgraph.checks.dqc.dqc_0036 import DEI_FACTS, date_value, end_date, finding, in_window, off_context
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0033"
CODE = f"{RULE_ID}.2"
EXCEPTIONS = frozenset(
    {
        "EntityCommonStockSharesOutstanding",
        "EntityPublicFloat",
        "DocumentPeriodEndDate",
        "EntityNumberOfEmployees",
        "AuditorLocation",
        "AuditorName",
        "AuditorFirmId",
        "EntityListingDepositoryReceiptRatio",
    }
)
SUBSEQUENT_AXIS = "us-gaap:SubsequentEventTypeAxis"  # the rule's *: prefix is its default namespace, us-gaap


def _true(row: Mapping[str, Any]) -> bool:
    return not row["nil"] and str(row["value"]).strip() in ("true", "1")


def amended_8k(rows: list[Mapping[str, Any]]) -> bool:
    eight_k = any(r["name"] == "DocumentType" and not r["nil"] and str(r["value"]).strip() == "8-K" for r in rows)
    return eight_k and any(r["name"] == "AmendmentFlag" and _true(r) for r in rows)


def _has_subsequent_axis(row: Mapping[str, Any]) -> bool:
    return any(d.partition("=")[0] == SUBSEQUENT_AXIS for d in row["dims"])


def check(inp: RuleInput) -> list[CheckResult]:
    # the filing header holds the DocumentPeriodEndDate facts: without a usable one there is nothing to read
    dates = [r for r in inp.data.dei if r["name"] == "DocumentPeriodEndDate"]
    if all(date_value(r) is None or off_context(r) for r in dates):
        return []
    rows: list[Mapping[str, Any]] = list(inp.rows(DEI_FACTS))
    document = next((r for r in rows if r["name"] == "DocumentPeriodEndDate"), None)  # the first, in document order
    if document is None or amended_8k(rows):
        return []
    doc_end, doc_value = end_date(document), date_value(document)
    if doc_end is None or doc_value is None or not in_window(doc_value, doc_end):
        return []  # no usable document period end date (0036 reports one off its context)
    out = []
    for row in rows:
        if row["name"] in EXCEPTIONS or _has_subsequent_axis(row) or end_date(row) == doc_end:
            continue
        end = end_date(row)
        dims = ", ".join(row["dims"]) or "none"
        out.append(
            finding(
                RULE_ID,
                CODE,
                row,
                f"{row['concept']} ({row['value'] if not row['nil'] else 'nil'}) is reported for a period ending "
                f"{end or 'never (forever)'} (context {row['context_id']}, period {row['period_key']}, dimensions {dims}), "
                f"but the document period end date is {doc_end} (context {document['context_id']}). Cover page facts "
                "belong to the document period: report it in a context ending on that date, or correct the document "
                "period end date.",
            )
        )
    return out


FAMILY = Rule(
    key="0033",
    rule_id=RULE_ID,
    name="Document Period End Date Context",
    codes=(CODE,),
    check=check,
    queries=(DEI_FACTS,),
    forms=frozenset(),  # the compiled rule has no form test: any form
)
