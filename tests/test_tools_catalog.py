"""The agents' tool catalog on the sample filing loaded by the real loaders: typed arguments in,
JSON-serialisable observations out, errors as observations."""

from __future__ import annotations

import json

from auditgraph.graph import Graph
from auditgraph.tools.catalog import DYNAMIC_TOOLS, STATIC_TOOLS, call_tool

F = "smpl-20251231"


def call(g: Graph, name: str, **args) -> dict:
    out = call_tool(g, name, args)
    json.dumps(out)  # every observation is JSON as is
    return out


def test_catalog_has_the_papers_tools_with_schemas():
    assert set(STATIC_TOOLS) >= {
        "get_concept_metadata",
        "get_calc_children",
        "get_calc_parents",
        "get_presentation_context",
        "get_dimensions",
        "get_candidate_rules",
        "get_fact",
        "check_sign",
        "check_calc_tree",
        "check_dim_consistency",
    }
    assert set(DYNAMIC_TOOLS) >= {
        "get_fact_history",
        "compare_periods",
        "get_dimensional_breakdown",
        "get_siblings",
        "check_unit_decimals",
        "analyze_magnitude",
        "run_cypher",
    }
    assert all(t.kind == "static" for t in STATIC_TOOLS.values()) and all(t.kind == "dynamic" for t in DYNAMIC_TOOLS.values())
    assert "filing_id" in STATIC_TOOLS["get_fact"].schema()["properties"]


def test_taxonomy_tools(sample_filing_graph: Graph):
    g = sample_filing_graph
    meta = call(g, "get_concept_metadata", filing_id=F, concept="us-gaap:GrossProfit")["rows"][0]["metadata"]
    assert (meta["balance"], meta["period_type"], meta["base_type"]) == ("credit", "duration", "monetary")
    kids = call(g, "get_calc_children", filing_id=F, concept="us-gaap:OperatingExpenses")
    assert kids["message"] == "from the filing networks"
    assert [(r["qname"], r["weight"]) for r in kids["rows"]] == [
        ("smpl:SellingAndAdministrativeExpense", 1.0),
        ("smpl:WidgetWarrantyExpense", 1.0),
    ]
    parents = call(g, "get_calc_parents", filing_id=F, concept="GrossProfit")["rows"]
    assert [r["qname"] for r in parents] == ["us-gaap:OperatingIncomeLoss"]
    pres = call(g, "get_presentation_context", filing_id=F, concept="us-gaap:GrossProfit")["rows"][0]
    assert pres["definition"] == "200000 - Statement - Income Statement"
    dims = call(g, "get_dimensions", filing_id=F, concept="us-gaap:Revenues")["rows"]
    assert {"smpl:WidgetsSegmentMember", "smpl:GadgetsSegmentMember"} <= set(dims[0]["members"])
    assert dims[0]["axis"] == "us-gaap:StatementBusinessSegmentsAxis"
    rules = call(g, "get_candidate_rules", filing_id=F, concept="us-gaap:PaymentsToAcquirePropertyPlantAndEquipment")
    assert rules["rows"][0]["sub_rule"] == "DQC.US.0015.1964"


def test_get_fact_is_exact_and_filters(sample_filing_graph: Graph):
    g = sample_filing_graph
    out = call(g, "get_fact", filing_id=F, concept="us-gaap:Assets", period="2025-12-31", dimensions={})
    assert [(r["fact_id"], r["value"], r["decimals"], r["unit"]) for r in out["rows"]] == [
        ("f-bs-11", "20000000", "-3", "iso4217:USD")
    ]
    seg = call(
        g,
        "get_fact",
        filing_id=F,
        concept="us-gaap:Revenues",
        period="2025-01-01/2025-12-31",
        dimensions={"us-gaap:StatementBusinessSegmentsAxis": "smpl:WidgetsSegmentMember"},
    )
    assert [r["value"] for r in seg["rows"]] == ["8000000"]


def test_checkers_as_tools_report_values(sample_filing_graph: Graph):
    g = sample_filing_graph
    calc = call(g, "check_calc_tree", filing_id=F, concept="us-gaap:Assets")
    assert (calc["outcome"], calc["reported_value"], calc["expected_value"]) == ("violation", "20000000", "19900000")
    sign = call(g, "check_sign", filing_id=F)
    assert (sign["outcome"], sign["reported_value"], sign["expected_value"]) == ("violation", "-800000", "800000")
    dim = call(g, "check_dim_consistency", filing_id=F, concept="us-gaap:Revenues")
    assert (dim["outcome"], dim["expected_value"]) == ("violation", "12000000")
    limited = call(g, "check_sign", filing_id=F, concept="us-gaap:Revenues", coverage="limited")
    assert limited["outcome"] == "not_evaluable"


def test_dynamic_tools(sample_filing_graph: Graph):
    g = sample_filing_graph
    hist = call(g, "get_fact_history", filing_id=F, concept="us-gaap:GrossProfit")["rows"]
    assert [(r["period_key"], r["value"]) for r in hist] == [
        ("duration:2025-01-01/2025-12-31", "5000000"),
        ("duration:2024-01-01/2024-12-31", "4400000"),
    ]
    cmp = call(g, "compare_periods", filing_id=F, concept="us-gaap:GrossProfit")["rows"]
    assert (cmp[0]["change"], cmp[0]["change_pct"]) == ("600000", "13.64")
    br = call(g, "get_dimensional_breakdown", filing_id=F, concept="us-gaap:Revenues", period="2025-12-31")["rows"][0]
    assert (br["total"], br["member_sum"], br["difference"]) == ("12500000", "12000000", "500000")
    sib = call(g, "get_siblings", filing_id=F, concept="us-gaap:GrossProfit")["rows"]
    assert ("CALC", "us-gaap:OperatingExpenses", -1.0) in {(r["network"], r["sibling"], r["weight"]) for r in sib}
    assert call(g, "check_unit_decimals", filing_id=F)["status"] == "no_data"
    assert call(g, "check_unit_decimals", filing_id=F, concept="us-gaap:Assets")["rows"][0]["units"] == ["iso4217:USD"]
    assert call(g, "analyze_magnitude", filing_id=F, concept="us-gaap:Revenues")["status"] == "no_data"


def test_run_cypher_is_read_only_limited_and_timed(sample_filing_graph: Graph):
    g = sample_filing_graph
    out = call(g, "run_cypher", query="MATCH (f:Filing) RETURN f.id AS id")
    assert out["rows"] == [{"id": F}]
    assert call(g, "run_cypher", query="MATCH (f:Fact) RETURN f.fact_id AS id", limit=3)["message"].startswith("first 3 rows")
    for q in (
        "MATCH (n) DETACH DELETE n",
        "CREATE (:X)",
        "MATCH (f:Filing) SET f.x = 1",
        "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DELETE n', {})",
    ):
        assert call(g, "run_cypher", query=q)["status"] == "error", q
    assert call(g, "run_cypher", query="MATCH (f:Filing) WHERE f.id = 'CREATE' RETURN f")["status"] == "no_data"
    assert call(g, "run_cypher", query="MATCH (n RETURN n")["status"] == "error"
    assert [(r["id"], r["status"]) for r in g.read("tools.filing", filing_id=F)] == [(F, "loaded")]  # nothing deleted


def test_errors_are_observations(sample_filing_graph: Graph):
    g = sample_filing_graph
    assert call(g, "get_fact", filing_id="nope", concept="Assets")["message"].startswith("no filing 'nope'")
    assert "concept: Field required" in call(g, "get_fact", filing_id=F)["message"]
    assert call(g, "no_such_tool")["status"] == "error"
    assert "no concept 'us-gaap:Nope'" in call(g, "get_concept_metadata", filing_id=F, concept="us-gaap:Nope")["message"]
    assert "not a date" in call(g, "get_fact", filing_id=F, concept="Assets", period="last year")["message"]


def test_period_and_dimension_matching_rules():
    from neo4j.time import Date

    from auditgraph.tools.base import dims_match, period_matches

    d = ("duration:2024-01-01/2024-12-31", "duration", Date(2024, 1, 1), Date(2024, 12, 31))
    assert period_matches("2024-12-31", *d) and period_matches("2024-01-01/2024-12-31", *d)
    assert period_matches("duration:2024-01-01/2024-12-31", *d) and not period_matches("instant:2024-12-31", *d)
    assert period_matches("instant:2024-12-31", "instant:2024-12-31", "instant", None, Date(2024, 12, 31))
    assert dims_match(
        ["us-gaap:StatementBusinessSegmentsAxis=smpl:WidgetsSegmentMember"],
        {"StatementBusinessSegmentsAxis": "smpl:WidgetsSegmentMember"},
    )
    assert dims_match([], {}) and not dims_match(["a:X=b:Y"], {}) and dims_match(["a:X=b:Y"], None)


def test_an_unknown_argument_name_is_refused_by_every_door_not_dropped(sample_filing_graph: Graph):
    # `concpt` dropped would run check_sign over the whole filing (its planted 0015 violation is on another concept)
    from auditgraph.tools.toolbox import catalog_toolbox

    g = sample_filing_graph
    box = catalog_toolbox(g)
    typo = {"filing_id": F, "concpt": "us-gaap:Assets", "perod": "instant:2025-12-31"}
    expected = "unknown argument(s) 'concpt', 'perod' for check_sign; it takes: filing_id, concept, period, coverage"
    for out in (box.call("check_sign", typo), box.memoized().call("check_sign", typo), call(g, "check_sign", **typo)):
        assert (out["status"], out["message"]) == ("error", expected), out
        assert "outcome" not in out and "results" not in out  # the tool did not run with the rest
    assert box.call("check_sign", {"filing_id": F, "concept": "us-gaap:Assets"})["status"] == "ok"
    assert box.call("get_fact", [F])["message"] == "arguments of get_fact must be a JSON object"
