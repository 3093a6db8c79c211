"""A filing's own narrative against its own numbers (`verify --narrative`, issue 35), and the
filer-narrative dev set's labels, on Netflix's 10-K for 2023 (EDGAR) in a real Neo4j.

Values are the filing's own, read off nflx-20231231_htm.xml: us-gaap:NotesPayable at 2023-12-31 is
14,543,000,000 (fact f-612 in the graph), the options vested in 2023 had a fair value of 311,000,000
(us-gaap:SharebasedCompensationArrangementBySharebasedPaymentAwardOptionsVestedInPeriodFairValue1)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from shared_filings import loaded_graph

from auditgraph.config import Connection
from auditgraph.errors import ConfigError
from auditgraph.eval import narrative_devset
from auditgraph.verifier import Verifier, narrative
from auditgraph.verifier.narrative import CONSISTENT, INCONSISTENT, NarrativeSentence
from auditgraph.verifier.types import Decision

NFLX = "0001065280-24-000030"
NOTES = "As of December 31, 2023, the Company had aggregate outstanding notes of $14,543 million"
VESTED = "us-gaap:SharebasedCompensationArrangementBySharebasedPaymentAwardOptionsVestedInPeriodFairValue1"


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(neo4j_connection, shared_dir, "edgar/nflx-10k-2023-12-31", years=(2023,))
    try:
        yield Verifier(g)
    finally:
        g.close()


@pytest.fixture(scope="module")
def report(verifier: Verifier) -> narrative.NarrativeReport:
    return narrative.check(verifier, NFLX)


def _figure(report: narrative.NarrativeReport, sentence_start: str, figure: str) -> narrative.Figure:
    ids = {ns.id for ns, _ in report.sentences if ns.text.startswith(sentence_start)}
    (f,) = [f for f in report.figures if f.sentence_id in ids and figure in f.text]
    return f


def test_the_notes_are_read_as_sentences_and_tables_are_left_out(verifier: Verifier):
    blocks = list(narrative.blocks(verifier.graph, NFLX))
    debt = next(b for b in blocks if b.concept == "us-gaap:LongTermDebtTextBlock")
    assert debt.tables == 1  # the schedule of notes: detail facts, not prose
    assert any(p.startswith(NOTES) for p in debt.paragraphs)
    sentences = list(narrative.sentences(blocks))
    texts = [s.text for s in sentences]
    assert len(texts) == len(set(texts))  # a policy repeated in its note is read once
    notes = next(s for s in sentences if s.text.startswith(NOTES))
    assert notes.block == "us-gaap:LongTermDebtTextBlock" and notes.id.startswith("n")


def test_block_text_keeps_paragraphs_apart_and_drops_tables():
    paras, tables, cut = narrative.block_text(
        "<div><p>Revenue was $10 million.</p><table><tr><td>Revenue</td><td>10</td></tr></table>"
        "after the table<p>Second&#160;paragraph.</p></div>"
    )
    assert paras == ("Revenue was $10 million.", "after the table", "Second paragraph.")
    assert tables == 1 and not cut
    assert narrative.block_text("&lt;p&gt;Escaped twice: $5 million.&lt;/p&gt;")[0] == ("Escaped twice: $5 million.",)
    # a whole document pasted into one fact is read up to the bound and said to be cut, never unbounded
    para = "<p>Revenue was $10 million in 2023.</p>"
    paras, _, cut = narrative.block_text(para * (narrative.MAX_BLOCK_CHARS // len(para) + 10))
    assert cut and len(paras) <= narrative.MAX_BLOCK_CHARS // len(para) + 1


def test_a_note_states_its_scale_once_for_its_bare_amounts():
    note = (
        "<p>Advertising expenses were $313 and $290 in 2023 and 2022.</p>"
        "<table><tr><td>(Dollars in millions, except per share amounts)</td></tr></table>"
    )
    paras = narrative.block_text(note)[0]
    assert narrative.block_scale(note, paras) == "(in millions)"
    # escaped HTML, as some filers' tools write it
    assert narrative.block_scale(note.replace("<", "&lt;").replace(">", "&gt;"), paras) == "(in millions)"
    # two scales: which one a bare amount is in is not said
    assert narrative.block_scale(note + "<p>(in thousands)</p>", paras) == ""
    # prose that writes whole dollars is not in the tables' scale
    whole = "<p>The Company recognized $1,735,714 as expenses.</p><p>(in thousands)</p>"
    assert narrative.block_scale(whole, narrative.block_text(whole)[0]) == ""
    assert narrative.block_scale("<p>Revenue grew in millions of homes.</p>", ()) == ""


def test_consistent_figures_name_the_fact_they_were_checked_on(report: narrative.NarrativeReport):
    notes = _figure(report, NOTES, "$14,543 million")
    assert (notes.outcome, notes.concept, notes.period, notes.members) == (
        CONSISTENT,
        "us-gaap:NotesPayable",
        "instant:2023-12-31",
        (),  # the company's notes, the non-dimensional fact
    )
    assert notes.filed == 14_543_000_000 and notes.unit == "iso4217:USD"
    vested = _figure(report, "The total fair value of stock options that vested", "$311 million")
    assert (vested.outcome, vested.concept, vested.period, vested.members) == (
        CONSISTENT,
        VESTED,
        "duration:2023-01-01/2023-12-31",
        (),
    )
    c = report.counts()
    assert report.tables_left_out > 0 and len(report.sentences) > 40
    assert sum(c.values()) == len(report.figures) and c[CONSISTENT] >= 2


def test_a_misstated_figure_is_inconsistent_with_the_fact_and_the_difference(verifier: Verifier):
    wrong = "As of December 31, 2023, the Company had aggregate outstanding notes of $14,453 million."
    ns = NarrativeSentence("n1", wrong, "us-gaap:LongTermDebtTextBlock", "f-1", 1)
    (f,) = narrative.figures(ns, verifier.verify_sentence(NFLX, wrong))
    assert (f.outcome, f.concept, f.period, f.members) == (INCONSISTENT, "us-gaap:NotesPayable", "instant:2023-12-31", ())
    assert f.filed == 14_543_000_000 and f.difference == -90_000_000


CARRYFORWARDS = (
    "As of December 31, 2023, for tax return purposes, the Company had $582 million of California R&D tax credit "
    "carryforwards which can be carried forward indefinitely, {} of state net operating loss carryforwards which will "
    "begin to expire in 2026, $19 million of foreign tax credit carryforwards which will begin to expire in 2033, "
    "and $421 million of foreign net operating loss carryforwards which will begin to expire in 2024."
)


def test_what_will_become_of_a_balance_dates_neither_it_nor_the_figures_after_it(verifier: Verifier):
    # "which will begin to expire in 2026" is the carryforwards' future, not the period of the $838 million,
    # and "which can be carried forward" makes no figure after its comma a possibility: each balance is
    # the year-end's
    sv = verifier.verify_sentence(NFLX, CARRYFORWARDS.format("$838 million"))
    got = {
        s.claim: (s.decision, [(b.concept, b.period, b.members) for b in s.bindings if b.stage == "target"]) for s in sv.subclaims
    }
    year_end = "instant:2023-12-31"
    assert got["$838 million"] == (
        Decision.VERIFIED,
        [("us-gaap:DeferredTaxAssetsOperatingLossCarryforwardsStateAndLocal", year_end, ())],
    )
    assert got["$421 million"] == (
        Decision.VERIFIED,
        [("us-gaap:DeferredTaxAssetsOperatingLossCarryforwardsForeign", year_end, ())],
    )
    changed = verifier.verify_sentence(NFLX, CARRYFORWARDS.format("$883 million"))
    assert "$883 million" not in {s.claim for s in changed.subclaims if s.decision is Decision.VERIFIED}


def test_narrative_command_table_at_80_columns_and_jsonl(verifier: Verifier, neo4j_connection: Connection, monkeypatch):
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("COLUMNS", "80")
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "--narrative"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), r.stdout
    assert lines[0].startswith(f"Narrative of {NFLX}: ")
    for token in ("us-gaap:NotesPayable", "instant:2023-12-31", "fact f-612", "$14,543 million", "consistent figures"):
        assert any(token in line for line in lines), f"{token!r} not whole on one line:\n{r.stdout}"
    assert "…" not in r.stdout

    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "--narrative", "--json"])
    assert r.exit_code == 0, r.output
    summary, *sentences = [json.loads(x) for x in r.stdout.splitlines()]
    assert summary["record"] == "summary" and summary["sentences_with_figures"] == len(sentences)
    assert sum(summary["figures"].values()) == sum(len(s["figures"]) for s in sentences)
    notes = next(s for s in sentences if s["sentence"].startswith(NOTES))
    assert notes["block"] == "us-gaap:LongTermDebtTextBlock"
    fig = next(f for f in notes["figures"] if "$14,543 million" in f["figure"])
    assert (fig["outcome"], fig["concept"], fig["period"], fig["filed"]) == (
        "consistent",
        "us-gaap:NotesPayable",
        "instant:2023-12-31",
        "14543000000",
    )

    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "--narrative", "--text", "-"])
    assert r.exit_code == 2 and "not --text and --narrative" in r.output
    r = CliRunner().invoke(cli, ["verify", "--narrative"])
    assert r.exit_code == 2 and "--filing" in r.output


def test_audit_html_page_has_the_narrative_section(verifier: Verifier, neo4j_connection: Connection, monkeypatch):
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    r = CliRunner().invoke(cli, ["audit", NFLX, "--format", "html", "--narrative"])
    assert r.exit_code in (0, 1), r.output
    page = r.stdout
    assert page.startswith("<!doctype html>") and page.rstrip().endswith("</html>")
    section = page.split("<h2 id='narrative'>", 1)[1]
    assert "us-gaap:NotesPayable instant:2023-12-31" in section and "$14,543 million" in section
    r = CliRunner().invoke(cli, ["audit", NFLX, "--narrative"])  # main() prints it as one `error:` line, exit 2
    assert isinstance(r.exception, ConfigError) and "verify --filing FILING_ID --narrative" in str(r.exception)


def test_narrative_progress_on_a_terminal_and_never_with_json(verifier: Verifier, neo4j_connection, monkeypatch):
    import io

    from rich.console import Console

    from auditgraph.cli import cli
    from auditgraph.verifier import cli as verifier_cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    for extra, expect in (((), True), (("--json",), False)):
        err = Console(file=io.StringIO(), force_terminal=True, width=120)
        monkeypatch.setattr(verifier_cli, "err", err)
        monkeypatch.setattr(verifier_cli, "out", Console(file=io.StringIO(), force_terminal=True, width=120))
        r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "--narrative", *extra])
        assert r.exit_code == 0, r.output
        shown = err.file.getvalue()  # type: ignore[attr-defined]
        # one bar: a spinner while the blocks are read, then the sentences counted up
        assert ("narrative sentences" in shown) is expect, shown


# ---------------------------------------------------------------- Q&A and sentence tables (issue 37)
def test_question_and_answer_tables_keep_ids_whole_at_80_columns(verifier: Verifier, neo4j_connection, monkeypatch):
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("COLUMNS", "80")
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "-q", "What was revenue in 2023?", "-c", "$33.7 billion"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in r.stdout, r.stdout
    for token in ("us-gaap:Revenues", "duration:2023-01-01/2023-12-31", "iso4217:USD", "33,723,297,000", NFLX):
        assert any(token in line for line in lines), f"{token!r} cut:\n{r.stdout}"


def test_sentence_table_shows_the_filed_value_whole(verifier: Verifier, neo4j_connection, monkeypatch):
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("COLUMNS", "80")
    sentence = "Revenue rose about 7% to $3.7 billion in 2023, and operating margin was 20.6%"
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, sentence])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), r.stdout
    # revenue as filed (33,723,297 thousand), not the interval its rounding allows
    row = next(line for line in lines if "to $3.7 billion │" in line)  # the table row of the level figure
    assert "Violated" in row and row.rstrip("│ ").endswith("33,723,297,000"), r.stdout


def test_a_comparison_shows_the_filed_values_it_compares(verifier: Verifier, neo4j_connection, monkeypatch):
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("COLUMNS", "80")
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "Revenue doubled in 2023"])
    assert r.exit_code == 0, r.output
    row = next(line for line in r.stdout.splitlines() if "doubled" in line and "comparison" in line)
    # 2023's and 2022's revenue as filed, never the ratio or the expression the solver checks on them
    assert "Violated" in row and row.rstrip("│ ").endswith("33,723,297,000 vs 31,615,550,000"), r.stdout


# ---------------------------------------------------------------- the dev set's labels
def test_devset_labels_figures_from_the_instance(shared_dir: Path, monkeypatch):
    monkeypatch.setattr(narrative_devset, "FILINGS", shared_dir / "filings")  # the shared folder this run found
    manifest = json.loads((shared_dir / "filings" / "manifest.json").read_text())
    rec = next(r for r in manifest["filings"] if r["id"] == "nflx-10k-2023-12-31")
    rows = narrative_devset.build_filing(rec, per_filing=1000, untagged=0)
    true = next(r for r in rows if r["text"].startswith(NOTES) and r["label"] == "true")
    assert true["style"] == "note" and true["block"] == "us-gaap:LongTermDebtTextBlock"
    notes = next(f for f in true["figures"] if f["text"] == "$14,543 million")
    assert (notes["kind"], notes["value"], notes["half_unit"], notes["truth"], notes["scale"]) == (
        "money",
        "14543000000",
        "500000",
        "true",
        "word",
    )
    assert [(f["qname"], f["period"], f["dims"]) for f in notes["facts"]] == [("us-gaap:NotesPayable", "instant:2023-12-31", {})]
    assert notes["scope"] == "entity" and true["shape"] == "several"
    false = next(r for r in rows if r["id"] == true["id"] + "f")
    assert false["label"] == "false" and false["error"] in ("transposed", "pct_off", "wrong_scale")
    (changed,) = [f for f in false["figures"] if f["truth"] == "false"]
    assert changed["text"] in false["text"] and changed["original"] not in false["text"].replace(changed["text"], "", 1)
    assert changed["facts"]  # the facts the true figure states: what it must be checked against
    # a percentage is a fraction of a pure fact; the split is by filing, stable
    assert narrative_devset.split_of("nflx-10k-2023-12-31") == narrative_devset.split_of("nflx-10k-2023-12-31")
    (pct,) = narrative_devset.find_figures("an effective tax rate of 12.5% in 2023")
    assert (pct.kind, pct.written, pct.places) == ("percent", 12.5, 1)
