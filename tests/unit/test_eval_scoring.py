"""The deterministic judge and the statistics, checked against the papers' own numbers."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from auditgraph.errors import ConfigError
from auditgraph.eval.cases import AuditCase, ReferenceAnswer, read_cases, read_queries, write_jsonl
from auditgraph.eval.judge import Label, judge, parse_number
from auditgraph.eval.metrics import (
    bootstrap_ci,
    by_family,
    clopper_pearson,
    detection,
    mcnemar_exact,
    paired,
    score_run,
    summarize,
    verifier_scores,
)
from auditgraph.eval.runs import RunRecord


# --- the four examples of the paper's annotation guidelines (appendix M), verbatim
@pytest.mark.parametrize(
    "true, pred, label",
    [
        ({"extracted_value": "-1,286", "calculated_value": "1,286"}, {"extracted_value": "-1286", "calculated_value": "0"}, "C"),
        ({"extracted_value": "5,000", "calculated_value": "5,000"}, {"extracted_value": "5000", "calculated_value": "5000"}, "A"),
        ({"extracted_value": "123", "calculated_value": "456"}, {"extracted_value": "124", "calculated_value": "456"}, "E"),
        ({"extracted_value": "100", "calculated_value": "200"}, {"wrong_key": "100", "calculate_value": "200"}, "S"),
    ],
)
def test_the_papers_four_judge_examples(true, pred, label):
    assert judge(true, pred).label == Label(label)


REF = {"extracted_value": "-1284000000", "calculated_value": "1284000000"}


@pytest.mark.parametrize(
    "extracted, calculated",
    [
        ("-1,284,000,000", "1,284,000,000"),  # thousands separators
        ("-1.284e9", "1.284E+9"),  # scientific notation
        ("(1,284,000,000)", "$1,284,000,000"),  # accounting parentheses, currency sign
        ("\u22121284000000", " 1284000000.00 "),  # unicode minus, trailing zeros, whitespace
        (-1284000000, 1284000000),  # JSON numbers
    ],
)
def test_numeric_meaning_not_string_form(extracted, calculated):
    assert judge(REF, {"extracted_value": extracted, "calculated_value": calculated}).label is Label.A


def test_negative_zero_equals_zero_and_calculated_is_exact():
    ref = {"extracted_value": "0", "calculated_value": "-0"}
    assert judge(ref, {"extracted_value": "-0", "calculated_value": "0.0"}).label is Label.A
    assert judge(REF, {"extracted_value": "-1284000000", "calculated_value": "1284000000.01"}).label is Label.C
    assert judge(REF, {"extracted_value": "-1284000000", "calculated_value": "1.284 billion"}).label is Label.C


def test_structure_missing_extra_keys_and_raw_text():
    assert judge(REF, {"extracted_value": "-1284000000"}).label is Label.S  # missing key
    assert judge(REF, {**REF, "verdict": "violation"}).label is Label.S  # exactly two keys
    assert judge(REF, "the value is -1284000000").label is Label.S  # not JSON
    assert judge(REF, ["-1284000000", "1284000000"]).label is Label.S
    assert judge(REF, {"extracted_value": ["-1284000000"], "calculated_value": "1"}).label is Label.S
    text = '```json\n{\n  "extracted_value": "-1,284,000,000",\n  "calculated_value": 1284000000\n}\n```'
    assert judge(REF, text).label is Label.A  # whitespace and a code fence are formatting


def test_structure_is_checked_before_values_and_extraction_before_calculation():
    wrong_both = {"extracted_value": "1", "calculated_value": "2"}
    assert judge(REF, wrong_both).label is Label.E  # not C: labels are sequential and exclusive
    assert judge(REF, {"extracted_value": None, "calculated_value": "1284000000"}).label is Label.E
    assert (
        judge({"extracted_value": "5", "calculated_value": None}, {"extracted_value": "5", "calculated_value": None}).label
        is Label.A
    )


def test_parse_number_refuses_ambiguous_text():
    assert parse_number("1,28,4") is None  # bad grouping is not a thousands separator
    assert parse_number("12%") is None and parse_number(True) is None and parse_number("") is None
    assert parse_number(0.1) == Decimal("0.1")  # floats by their shortest text, not binary value
    assert parse_number("-(5)") is None  # one negative marker, not two


# --- statistics
def test_exact_mcnemar_reproduces_the_papers_p_values():
    assert round(mcnemar_exact(11, 1).p_value, 3) == 0.006  # Sonnet vs checker-only
    assert mcnemar_exact(4, 1).p_value == 0.375  # GPT-4o vs checker-only
    assert mcnemar_exact(0, 0).p_value == 1.0 and mcnemar_exact(3, 3).p_value == 1.0


def test_clopper_pearson_reproduces_verifins_intervals():
    lo, hi = clopper_pearson(10, 10)
    assert (round(lo, 3), hi) == (0.692, 1.0)  # "[69.2%, 100%]"
    lo, hi = clopper_pearson(560, 560)
    assert round(lo, 3) == 0.993
    lo, hi = clopper_pearson(5, 10)  # textbook value: (0.187, 0.813)
    assert (round(lo, 3), round(hi, 3)) == (0.187, 0.813)
    assert clopper_pearson(0, 20)[0] == 0.0


def test_bootstrap_is_seeded_and_brackets_the_mean():
    values = [1.0] * 80 + [0.0] * 20
    assert bootstrap_ci(values, seed=1) == bootstrap_ci(values, seed=1)
    lo, hi = bootstrap_ci(values)
    assert lo < 0.8 < hi and hi - lo < 0.2


def test_verifier_scores_follow_verifin_definitions():
    s = verifier_scores(
        [("Verified", True)] * 8
        + [("Verified", False), ("Violated", False), ("Violated", True), ("Abstain", None), ("Abstain", True), ("Verified", None)]
    )
    assert (s.n, s.ta, s.fa, s.tr, s.fr, s.abstain, s.unlabelled) == (14, 8, 1, 1, 1, 2, 1)
    assert s.precision == 8 / 9 and s.decision_accuracy == 9 / 11 and s.coverage == 12 / 14
    assert s.intervals()["coverage"][0] < s.coverage < s.intervals()["coverage"][1]
    assert verifier_scores([]).precision is None  # no decided claims: no rate (JSON null, shown as –)


# --- cases and scoring a run
def _case(cid: str, rule: str, verdict: str, ext: str, calc: str) -> AuditCase:
    return AuditCase(
        case_id=cid,
        source="test",
        filing_id="f1",
        concept="us-gaap:Revenues",
        period="duration:2023-01-01/2023-12-31",
        reference_rule=rule,
        reference_verdict=verdict,
        reference_answer=ReferenceAnswer(extracted_value=ext, calculated_value=calc),
        origin="compliant" if verdict == "consistent" else "injected_calc_total",
    )


def test_reference_fields_never_reach_the_system(tmp_path):
    path = tmp_path / "cases.jsonl"
    write_jsonl(path, [_case("c1", "DQC.US.0126", "violation", "10", "12")])
    (query,) = read_queries(path)
    assert "reference_answer" not in query.model_dump() and "origin" not in query.model_dump()
    assert query.concept == "us-gaap:Revenues"
    (path.parent / "bad.jsonl").write_text('{"case_id": "x"}\n')
    with pytest.raises(ConfigError, match=r"bad.jsonl:1: field 'source'"):
        read_cases(path.parent / "bad.jsonl")


def test_score_run_per_family_detection_and_paired():
    cases = [
        _case("a", "DQC.US.0126", "violation", "10", "12"),
        _case("b", "DQC.US.0015", "violation", "-5", "5"),
        _case("c", "DQC.US.0117", "consistent", "7", "7"),
        _case("d", "DQC.US.0126", "consistent", "3", "3"),
    ]
    base = [
        RunRecord(case_id="a", verdict="violation", extracted_value="10", calculated_value="12"),
        RunRecord(case_id="b", verdict="consistent", extracted_value="-5", calculated_value="-5"),
        RunRecord(case_id="c", verdict="violation", extracted_value="7", calculated_value="8"),
    ]
    scored = score_run(cases, base)
    assert [s.label.value for s in scored] == ["A", "C", "C", "S"]  # d has no output: structural
    total = summarize(scored)
    assert (total.joint_acc, total.cer, total.ser, total.vacc) == (0.25, 0.5, 0.25, 0.25)
    assert {f: s.n for f, s in by_family(scored).items()} == {"0015": 1, "0117": 1, "0126": 2}
    det = detection(scored)
    assert (det.tp, det.fn, det.fp, det.tn, det.undecided) == (1, 1, 1, 0, 1)
    better = score_run(
        cases,
        [
            RunRecord(case_id=c.case_id, verdict=c.reference_verdict, answer=json.dumps(c.reference_answer.model_dump()))
            for c in cases
        ],
    )
    assert summarize(better).joint_acc == 1.0
    cmp = paired(scored, better)
    assert (cmp.wins, cmp.losses, cmp.p_value) == (3, 0, 0.25)


def test_report_writes_markdown_html_and_figures(tmp_path):
    from click.testing import CliRunner

    from auditgraph.cli import cli

    cases = [
        _case("a", "DQC.US.0126", "violation", "10", "12"),
        _case("b", "DQC.US.0015", "violation", "-5", "5"),
        _case("c", "DQC.US.0117", "consistent", "7", "7"),
    ]
    write_jsonl(tmp_path / "cases.jsonl", cases)
    write_jsonl(
        tmp_path / "base.jsonl",
        [RunRecord(case_id="a", system="checker-only", verdict="violation", extracted_value="10", calculated_value="11")],
    )
    write_jsonl(
        tmp_path / "other.jsonl",
        [
            RunRecord(case_id=c.case_id, system="oracle", verdict=c.reference_verdict, **c.reference_answer.model_dump())
            for c in cases
        ],
    )
    result = CliRunner().invoke(
        cli, ["eval", "report", str(tmp_path / "base.jsonl"), str(tmp_path / "other.jsonl"), "--out", str(tmp_path / "rep")]
    )
    assert result.exit_code == 0, result.output
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "| checker-only | 3 | 0.00 " in md and "| oracle | 3 | 100.00 " in md
    assert "3/0, p=0.25" in md  # oracle wins all three cases against the baseline
    assert (tmp_path / "rep" / "fig_joint_acc_errors.png").read_bytes()[:4] == b"\x89PNG"
    assert "<table>" in (tmp_path / "rep" / "report.html").read_text()
    scored = CliRunner().invoke(cli, ["eval", "score", "--json", str(tmp_path / "other.jsonl")])
    assert json.loads(scored.output.splitlines()[0])["joint_acc"] == 1.0


def test_verifier_command_scores_batch_decisions(tmp_path):
    from click.testing import CliRunner

    from auditgraph.cli import cli

    lines = [{"case_id": f"q{i}", "decision": "Verified", "correct": True} for i in range(10)]
    lines += [
        {"case_id": "w1", "decision": "Violated", "correct": False},
        {"case_id": "a1", "decision": "Abstain", "correct": True},
    ]
    (tmp_path / "dec.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    result = CliRunner().invoke(cli, ["eval", "verifier", "--json", str(tmp_path / "dec.jsonl"), "--out", str(tmp_path / "v.md")])
    assert result.exit_code == 0, result.output
    row = json.loads(result.output)
    assert (row["TA"], row["FA"], row["TR"], row["Abs"], row["precision"]) == (10, 0, 1, 1, 1.0)
    assert round(row["intervals"]["precision"][0], 3) == 0.692  # 10/10 accepted correct: [69.2%, 100%]
    assert "| dec | 12 | 10 | 0 | 1 | 0 | 1 |" in (tmp_path / "v.md").read_text()
