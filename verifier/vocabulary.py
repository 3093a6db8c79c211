"""The verifier's shared words: what every stage of reading a claim (numbers, periods, metric
names, questions) agrees on, in one public module so that no stage imports another's private names.

    MONTHS["may"] == 5;  SCALE_CONTEXT.search("(in thousands)");  QNAME_IN_BRACKETS.search("[us-gaap:Revenues]")
    role_name("us-gaap:Revenues") == "us_gaap_Revenues";  HEDGE_WORDS: ("about|approximately|…", "about"), …
"""

from __future__ import annotations

import re
from decimal import Decimal

MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}

_CUR_WORDS = r"(?:usd|us\$|u\.s\.\s+dollars|us\s+dollars|u\.s\.\s+\$|dollars|\$)"
# "(in thousands)", "in millions of USD", ", in billions": the scale a whole question, table or note is written in
SCALE_CONTEXT = re.compile(
    r"\(\s*(?:[^()]*?\b)?(thousands|millions|billions)\b[^)]*\)"
    rf"|\b(?:in\s+|,\s*)(?:{_CUR_WORDS}\s+)?(?:in\s+)?(thousands|millions|billions)\b(?:\s+of\s+(?:{_CUR_WORDS}|shares)(?!\w))?",
    re.I,
)
CONTEXT_SCALES = {"thousands": Decimal(10) ** 3, "millions": Decimal(10) ** 6, "billions": Decimal(10) ** 9}

# a concept the user names outright: "[us-gaap:ComprehensiveIncomeNetOfTax]"
QNAME_IN_BRACKETS = re.compile(r"\[\s*([a-z][a-z0-9-]*):([A-Za-z][\w.-]*)\s*\]")

# hedge words in front of a number, by class (numbers.Hedge values)
HEDGE_WORDS: list[tuple[str, str]] = [
    (r"approximately|approx\.?|about|roughly|around|some|circa|ca\.|~|an estimated|estimated", "about"),
    (
        r"just over|just above|more than|over|above|exceeding|in excess of|upwards of|at least|north of|greater than|topping",
        "over",
    ),
    (r"nearly|almost|close to|just under|just shy of|nearing", "nearly"),
    (r"less than|under|below|at most|no more than|fewer than|south of", "under"),
]
HEDGE_PATTERN = "|".join(p for p, _ in HEDGE_WORDS)

# one number as an answer writes it: "383,285", "383.3", "3.8e11", ".5"
CLAIM_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+"


def role_name(qname: str) -> str:
    """A formula-safe role name for a QName operand (us-gaap:Revenues -> us_gaap_Revenues)."""
    return re.sub(r"\W", "_", qname)
