"""`--llm none` over eval cases (issue 17): the agents keep the checkers' Joint ACC and a case no
checker could evaluate stays "not evaluable" at every level: the artifact, the eval run record, the
scorer and the report's Table 3. Over the bundled sample filing smpl-20251231 in a real Neo4j (three
planted findings: 0015 on capital expenditure, 0126 on Assets, 0117 on Revenues)."""

from __future__ import annotations

import pytest

pytest.importorskip("auditgraph.tools.catalog", reason="the tool catalog (issue 5) has not landed")

from auditgraph.agents.session import audit_cases, filing_cases  # noqa: E402
from auditgraph.eval.cases import AuditCase, CaseQuery, ReferenceAnswer  # noqa: E402
from auditgraph.eval.metrics import score_run, summarize  # noqa: E402
from auditgraph.eval.report import ScoredRun, tables  # noqa: E402
from auditgraph.eval.systems import run_agents, run_checker  # noqa: E402

FILING = "smpl-20251231"


def _eval_cases(graph) -> list[AuditCase]:
    """The filing's three findings as eval cases, reference = the checkers' numbers."""
    cases = filing_cases(graph, FILING)
    arts = audit_cases(graph, cases, "none")
    out = []
    for case, art in zip(cases, arts):
        assert art.verdict == "violation", case.case_id
        out.append(
            AuditCase(
                **case.model_dump(mode="json"),
                source="sample",
                reference_rule=art.rules[0],
                reference_verdict="violation",
                reference_answer=ReferenceAnswer(extracted_value=art.extracted_value, calculated_value=art.calculated_value),
                origin="checker_finding",
            )
        )
    return out


def test_llm_none_over_eval_cases_keeps_joint_acc_and_reports_not_evaluable_as_such(sample_filing_graph):
    cases = _eval_cases(sample_filing_graph)
    queries = [CaseQuery(**{k: getattr(c, k) for k in CaseQuery.model_fields}) for c in cases]
    full = run_agents(sample_filing_graph, queries, "none")
    checker = run_checker(sample_filing_graph, queries)
    assert summarize(score_run(cases, full)).joint_acc == summarize(score_run(cases, checker)).joint_acc == 1.0
    # limited sign coverage: the 0015 rule no longer applies to capital expenditure; no checker evaluates it
    limited = run_agents(sample_filing_graph, queries, "none", sign_coverage="limited")
    by_id = {r.case_id: r for r in limited}
    sign = next(c for c in cases if c.reference_rule == "DQC.US.0015")
    assert by_id[sign.case_id].verdict == "not_evaluable" and by_id[sign.case_id].decision is None
    scored = score_run(cases, limited)
    (ne,) = [s for s in scored if s.outcome]
    assert (ne.case_id, ne.outcome, ne.verdict) == (sign.case_id, "not_evaluable", None)
    assert [s.verdict for s in scored if s.case_id != sign.case_id] == ["violation", "violation"]
    # the report counts it under "not evaluable / inconclusive", never as consistent
    table3 = tables([ScoredRun("limited", "run.jsonl", tuple(scored))])[2]
    assert table3.rows[0][-1] == "1 / 0" and table3.rows[0][1] == "2/3"


def test_a_fact_no_checker_evaluates_is_not_evaluable_for_the_agents_and_checker_only_in_eval(sample_filing_graph):
    ecik = AuditCase(
        case_id="ecik",
        source="sample",
        filing_id=FILING,
        concept="dei:EntityCentralIndexKey",
        period="duration:2025-01-01/2025-12-31",
        reference_rule="DQC.US.0126",
        reference_verdict="consistent",
        reference_answer=ReferenceAnswer(extracted_value="0000999999", calculated_value="0000999999"),
        origin="compliant",
    )
    query = CaseQuery(**{k: getattr(ecik, k) for k in CaseQuery.model_fields})
    runs = {"agents": run_agents(sample_filing_graph, [query], "none"), "checker-only": run_checker(sample_filing_graph, [query])}
    for name, (rec,) in runs.items():
        assert (rec.verdict, rec.decision) == ("not_evaluable", None), name
        (scored,) = score_run([ecik], [rec])
        assert (scored.outcome, scored.verdict) == ("not_evaluable", None), name
    table3 = tables([ScoredRun(n, "run.jsonl", tuple(score_run([ecik], r))) for n, r in runs.items()])[2]
    # "no verdict on compliant" 1 and "not evaluable / inconclusive" 1 / 0 for both systems: never consistent
    assert [(r[0], r[-2], r[-1]) for r in table3.rows] == [("agents", "1", "1 / 0"), ("checker-only", "1", "1 / 0")]
