"""The natural-claims dev set (eval/datasets/claims/natural_dev.jsonl) and its scorer (eval/claims_score.py).

No Neo4j: the file is checked for shape and internal consistency, a few records against the
instances through Arelle, and the scorer on hand-made verdict dicts.
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from auditgraph.eval import claims_score as cs

REPO = Path(__file__).resolve().parent.parent
DEVSET = REPO / "eval" / "datasets" / "claims" / "natural_dev.jsonl"

STYLES = {"analyst", "news", "earnings", "workpaper", "template"}
KINDS = {"level", "change", "growth", "margin", "ratio", "difference", "comparison"}


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return [json.loads(line) for line in DEVSET.read_text(encoding="utf-8").splitlines() if line.strip()]


# ---------------------------------------------------------------- the file
def test_size_filings_and_balance(records):
    assert len(records) >= 450
    assert len({r["filing"] for r in records}) >= 12
    labels = Counter(r["label"] for r in records)
    assert labels["undecidable"] >= 0.12 * len(records)
    decidable = labels["true"] + labels["false"]
    assert abs(labels["true"] - labels["false"]) <= 0.1 * decidable  # about half true, half false
    wrong_entity = [r for r in records if r["expected_abstain_reason"] == "wrong_entity"]
    assert len(wrong_entity) >= 10 and all(r["label"] == "undecidable" for r in wrong_entity)
    assert {r["style"] for r in records} == STYLES


def test_record_shape(records, shared_dir):
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    for r in records:
        assert set(r) >= {
            "id",
            "filing",
            "style",
            "text",
            "question",
            "answer",
            "label",
            "error",
            "expected_abstain_reason",
            "subclaims",
        }
        assert (shared_dir / "filings" / r["filing"]).is_dir(), r["filing"]
        assert r["label"] in ("true", "false", "undecidable")
        if r["style"] == "template":
            assert r["text"] is None and r["question"] and r["answer"], r["id"]
        else:
            assert r["text"] and r["question"] is None and r["answer"] is None, r["id"]
        if r["label"] == "undecidable":
            assert not r["subclaims"]
            continue
        assert r["subclaims"], r["id"]
        truths = [s["truth"] for s in r["subclaims"]]
        assert (r["label"] == "true") == all(truths), r["id"]  # true only if every sub-claim is
        assert (r["label"] == "false") == (r["error"] is not None), r["id"]
        for s in r["subclaims"]:
            assert s["kind"] in KINDS, s["kind"]
            assert s["arithmetic"] and s["expected"] is not None and s["facts"]
            for f in s["facts"]:
                assert set(f) == {"qname", "period", "value", "decimals", "unit"}
                assert f["value"] not in (None, "")
                Decimal(f["value"])
                assert f["qname"].split(":")[0] in ("us-gaap", "dei", "srt") or ":" in f["qname"]
                kind, _, dates = f["period"].partition(":")
                assert kind in ("instant", "duration") and dates, f["period"]


def test_numbers_agree_with_labels(records):
    """True numeric sub-claims state the reference value to their written precision; false ones miss
    it by more than twice that precision (no reading of the rounding saves them)."""
    checked = 0
    for r in records:
        for s in r["subclaims"]:
            if s["claimed_value"] is None or s["half_unit"] is None or s["kind"] == "comparison":
                continue
            claimed, half = Decimal(s["claimed_value"]), Decimal(s["half_unit"])
            expected = Decimal(s["expected"])
            diff = abs(claimed - expected)
            if s["truth"]:
                if s["hedge"] in ("more than", "over"):
                    assert claimed < expected, r["id"]
                elif s["hedge"] == "at least":
                    assert claimed <= expected, r["id"]
                elif s["hedge"] in ("nearly", "almost"):
                    assert claimed > expected, r["id"]
                # growth and margins are exact quotients; the facts' own rounding is already inside
                assert diff <= half + Decimal("1e-9"), (r["id"], s["text"], claimed, expected, half)
            else:
                assert diff > 2 * half, (r["id"], s["text"])
                if s["hedge"]:
                    assert diff >= Decimal("0.05") * abs(expected), r["id"]
            checked += 1
    assert checked > 500


def test_level_facts_are_the_expected_values(records):
    levels = [(r["id"], s) for r in records for s in r["subclaims"] if s["kind"] == "level"]
    assert len(levels) >= 400  # 579 in the committed set: the loop below is not vacuous
    for rid, s in levels:
        assert len(s["facts"]) == 1
        assert Decimal(s["facts"][0]["value"]) == Decimal(s["expected"]), rid


def test_wrong_period_errors_differ_by_two_percent(records):
    wrong = [(r["id"], s) for r in records for s in r["subclaims"] if s["error"] == "wrong_period"]
    assert len(wrong) >= 15  # 22 in the committed set
    for rid, s in wrong:
        claimed, expected = Decimal(s["claimed_value"]), Decimal(s["expected"])
        assert abs(claimed - expected) >= Decimal("0.02") * abs(expected) - 2 * Decimal(s["half_unit"]), rid


# ---------------------------------------------------------------- against the instances
@pytest.fixture(scope="module")
def nflx_facts(shared_dir: Path) -> dict[tuple[str, str], str]:
    """(qname, period key) -> value of the non-dimensional numeric facts of NFLX's 10-K, read by Arelle."""
    from datetime import timedelta

    from auditgraph.loader.facts import fact_value
    from auditgraph.loader.filing import filing_session
    from auditgraph.loader.filing_source import filing_input

    packages = sorted((shared_dir / "taxonomies").glob("*-2023.zip"))
    assert [p.name for p in packages] == ["sec-2023.zip", "srt-2023.zip", "us-gaap-2023.zip"]
    session = filing_session(packages)
    try:
        model = session.load(filing_input(shared_dir / "filings" / "edgar" / "nflx-10k-2023-12-31").entry)
        out = {}
        for f in model.facts:
            ctx = f.context
            if f.isNil or not f.isNumeric or ctx is None or ctx.qnameDims or ctx.isForeverPeriod:
                continue
            if ctx.isInstantPeriod:  # all NFLX dates are plain dates: Arelle's midnight is the next day
                key = f"instant:{(ctx.instantDatetime - timedelta(days=1)).date()}"
            else:
                key = f"duration:{ctx.startDatetime.date()}/{(ctx.endDatetime - timedelta(days=1)).date()}"
            out[(f"{f.qname.prefix}:{f.qname.localName}", key)] = fact_value(f)
        model.close()
    finally:
        session.close()
    return out


def test_nflx_records_match_the_instance(records, nflx_facts):
    nflx = [r for r in records if r["filing"] == "edgar/nflx-10k-2023-12-31" and r["subclaims"]]
    assert len(nflx) >= 20
    for r in nflx:
        for s in r["subclaims"]:
            for f in s["facts"]:
                assert nflx_facts.get((f["qname"], f["period"])) == f["value"], (r["id"], f)
    revenue = nflx_facts[("us-gaap:Revenues", "duration:2023-01-01/2023-12-31")]
    assert revenue == "33723297000"


# ---------------------------------------------------------------- scorer
def _claim(label: str, facts=(("us-gaap:Revenues", "duration:2023-01-01/2023-12-31"),), style="news", reason=None, cid="x"):
    return cs.dev_claim(
        {
            "id": cid,
            "filing": "edgar/f",
            "style": style,
            "label": label,
            "error": None if label != "false" else "pct_off",
            "expected_abstain_reason": reason,
            "subclaims": [
                {"facts": [{"qname": q, "period": p, "value": "1", "decimals": "-3", "unit": "iso4217:USD"} for q, p in facts]}
            ]
            if label != "undecidable"
            else [],
        }
    )


def _out(decision: str, bindings=(("us-gaap:Revenues", "duration:2023-01-01/2023-12-31"),), sub=False, abstain_reason=None):
    b = [{"concept": c, "period": p, "value": "1"} for c, p in bindings]
    if sub:
        return {
            "decision": decision,
            "reason": "",
            "abstain_reason": abstain_reason,
            "subclaims": [{"decision": decision, "bindings": b}],
        }
    return {"decision": decision, "reason": "", "abstain_reason": abstain_reason, "bindings": b}


def test_scorer_counts_each_outcome():
    pairs = [
        (_claim("true", cid="a"), _out("Verified")),  # TA
        (_claim("false", cid="b"), _out("Verified")),  # FA
        (_claim("false", cid="c"), _out("Violated", sub=True)),  # TR, bindings from the sub-claims
        (_claim("true", cid="d"), _out("Violated")),  # FR
        (_claim("true", cid="e"), _out("Abstain", bindings=())),  # Abstain
        (_claim("undecidable", cid="f"), _out("Abstain", bindings=())),  # handled
        (_claim("undecidable", cid="g"), _out("Verified")),  # decided an undecidable claim
        (_claim("undecidable", reason="wrong_entity", cid="h"), _out("Abstain", bindings=(), abstain_reason="wrong_entity")),
        (_claim("undecidable", reason="wrong_entity", cid="i"), _out("Abstain", bindings=(), abstain_reason="no_metric")),
        (_claim("true", cid="j", style="template"), None),  # not run
    ]
    outcomes = [cs.judge(c, o) for c, o in pairs]
    assert [o.outcome for o in outcomes] == [
        "TA",
        "FA",
        "TR",
        "FR",
        "Abstain",
        "handled",
        "decided_undecidable",
        "handled",
        "handled",
        "not_run",
    ]
    s = cs.score(outcomes)
    assert (s.ta, s.fa, s.tr, s.fr, s.abstain, s.not_run) == (1, 1, 1, 1, 1, 1)
    assert s.decidable == 5 and s.coverage == 4 / 5 and s.accuracy == 2 / 4
    assert (s.undecidable, s.undecidable_abstained, s.wrong_entity, s.wrong_entity_named) == (4, 3, 2, 1)
    assert s.wrong_grounding == 0
    assert [o.failure for o in outcomes] == [
        None,
        "FA",
        None,
        "FR",
        None,
        None,
        "decided_undecidable",
        None,
        "abstain_reason",
        None,
    ]
    by = cs.score_by(outcomes)
    assert by["template"].not_run == 1 and by["news"].n == 9


def test_scorer_wrong_grounding():
    growth = _claim(
        "true",
        facts=(("us-gaap:Revenues", "duration:2023-01-01/2023-12-31"), ("us-gaap:Revenues", "duration:2022-01-01/2022-12-31")),
    )
    # the right answer from the wrong fact: prior period bound to another concept
    o = cs.judge(
        growth,
        _out(
            "Verified",
            bindings=(
                ("us-gaap:Revenues", "duration:2023-01-01/2023-12-31"),
                ("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "duration:2022-01-01/2022-12-31"),
            ),
        ),
    )
    assert o.outcome == "TA" and o.wrong_grounding and o.missing == ("us-gaap:Revenues@duration:2022-01-01/2022-12-31",)
    assert o.failure == "wrong_grounding"
    # same local name in another us-gaap year's namespace, given as Clark notation: not wrong
    ok = cs.judge(
        growth,
        _out(
            "Violated",
            bindings=(
                ("{http://fasb.org/us-gaap/2023}Revenues", "duration:2023-01-01/2023-12-31"),
                ("us-gaap:Revenues", "duration:2022-01-01/2022-12-31"),
            ),
        ),
    )
    assert ok.outcome == "FR" and not ok.wrong_grounding
    # a wrong period is wrong grounding too; an abstention never is
    bad = cs.judge(
        growth,
        _out(
            "Violated",
            bindings=(
                ("us-gaap:Revenues", "duration:2023-01-01/2023-12-31"),
                ("us-gaap:Revenues", "duration:2021-01-01/2021-12-31"),
            ),
        ),
    )
    assert bad.wrong_grounding
    assert not cs.judge(growth, _out("Abstain", bindings=())).wrong_grounding
    assert cs.score([o, ok, bad]).wrong_grounding == 2
    # a sentence refuted by a rightly grounded sub-claim, another left open: right for the right reason
    two = _claim("false", facts=(("us-gaap:Assets", "instant:2023-12-31"), ("us-gaap:StockholdersEquity", "instant:2023-12-31")))
    out = {
        "decision": "Violated",
        "subclaims": [
            {
                "decision": "Violated",
                "bindings": [
                    {"concept": "us-gaap:Assets", "period": "instant:2023-12-31", "stage": "target"},
                    {"concept": "us-gaap:AssetsCurrent", "period": "instant:2023-12-31", "stage": "calc"},
                ],
            },
            {"decision": "Abstain", "bindings": []},
        ],
    }
    assert not cs.judge(two, out).wrong_grounding
    out["subclaims"][0]["bindings"][0]["concept"] = "us-gaap:Liabilities"  # refuted by a misread neighbour
    assert cs.judge(two, out).wrong_grounding


def test_family():
    assert cs.family("us-gaap") == "us-gaap"
    assert cs.family("http://fasb.org/us-gaap/2024") == "us-gaap"
    assert cs.family("http://xbrl.sec.gov/dei/2023") == "dei"
    assert cs.family("nflx") == "nflx"


def test_bench_runs_sentences_only_when_the_verifier_can(records):
    """scripts/bench_claims.py: templates through verify(), sentences through verify_sentence() when present."""
    import importlib.util
    from types import SimpleNamespace

    spec = importlib.util.spec_from_file_location("bench_claims", REPO / "scripts" / "bench_claims.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    template = next(r for r in records if r["style"] == "template")
    sentence = next(r for r in records if r["style"] == "news" and r["label"] == "true")
    seen = []

    class Old:  # the verifier before sentence mode
        def verify(self, filing_id, question, claim, case_id=None):
            seen.append((filing_id, question, claim))
            return SimpleNamespace(to_json=lambda: {"decision": "Abstain", "bindings": []})

    class New(Old):
        def verify_sentence(self, filing_id, text):
            facts = [b for s in sentence["subclaims"] for b in s["facts"]]
            sub = {
                "decision": "Verified",
                "kind": "level",
                "span": "x",
                "bindings": [{"concept": f["qname"], "period": f["period"], "value": f["value"]} for f in facts],
            }
            return SimpleNamespace(
                to_json=lambda: {
                    "sentence": text,
                    "filing_id": filing_id,
                    "decision": "Verified",
                    "reason": "",
                    "abstain_reason": None,
                    "subclaims": [sub],
                }
            )

    assert bench.run_one(Old(), "F", sentence) is None
    assert bench.run_one(Old(), "F", template)["decision"] == "Abstain"
    assert seen == [("F", template["question"], template["answer"])]
    out = bench.run_one(New(), "F", sentence)
    o = cs.judge(cs.dev_claim(sentence), out)
    assert o.outcome == "TA" and not o.wrong_grounding
