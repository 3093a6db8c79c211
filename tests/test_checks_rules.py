"""The DQC checkers on hand-built filings that trigger or narrowly miss each rule, sub-rule,
exclusion and tolerance edge (real Neo4j; the filings follow docs/graph-model.md)."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks import audit_filing, check_calc11, check_calc_tree, check_dim_consistency, check_sign
from auditgraph.checks.result import dump
from auditgraph.checks.rulebook import registry
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
IS = "http://example.com/role/IncomeStatement"


def by_status(results, status):
    return [r for r in results if r.status == status]


# ---------------------------------------------------------------- DQC.US.0015
def sign_filing(fid: str = "t-0015", **kw) -> FilingBuilder:
    b = FilingBuilder(fid, **kw)
    b.fact("us-gaap:AccountsPayableRelatedPartiesNoncurrent", "-5000", period="instant", balance="credit")  # 205
    b.fact("us-gaap:AcceleratedShareRepurchasesFinalPricePaidPerShare", "12.5", decimals="2", unit="iso4217:USD/xbrli:shares")
    b.fact("us-gaap:ProfitLoss", "-7000")  # not on the list: negative is fine
    b.fact("srt:AlternativeExcessNetCapital", "-1000", period="instant")  # srt list, id 254
    b.fact("dei:EntityPublicFloat", "-3000000", period="instant")  # dei list, id 703
    b.fact("us-gaap:AccretionExpenseIncludingAssetRetirementObligations", None)  # nil: skipped
    axis_cases = {
        "adjust": {"srt:ProductOrServiceAxis": "abc:PriceAdjustmentMember"},
        "member": {"srt:ProductOrServiceAxis": "us-gaap:CorporateNonSegmentMember"},
        "axis": {"us-gaap:StatementEquityComponentsAxis": "us-gaap:RetainedEarningsMember"},
        "pair": {"srt:ConsolidatedEntitiesAxis": "srt:ParentCompanyMember"},
        "typed": {"us-gaap:InvestmentIdentifierAxis": "typed:ABC-1"},
        "near-pair": {"srt:ConsolidatedEntitiesAxis": "abc:OtherEntityMember"},
        "plain": {"srt:ProductOrServiceAxis": "abc:WidgetMember"},
    }
    for name, dims in axis_cases.items():
        b.fact("us-gaap:AccretionExpenseIncludingAssetRetirementObligations", "-100000", dims=dims, fact_id=f"dim-{name}")
    return b


def test_0015_flags_negative_listed_facts_with_their_element_ids(graph: Graph):
    sign_filing().write(graph)
    results = check_sign(graph, "t-0015")
    bad = {r.sub_rule: r for r in by_status(results, "violation") if not r.dimensions}
    assert set(bad) == {"DQC.US.0015.205", "DQC.US.0015.254", "DQC.US.0015.703"}
    r = bad["DQC.US.0015.205"]
    assert (r.concept, r.reported_value, r.expected_value, r.period) == (
        "us-gaap:AccountsPayableRelatedPartiesNoncurrent",
        "-5000",
        "5000",
        "instant:2024-12-31",
    )
    assert r.facts[0].fact_id == "f3" and r.tolerance == "0" and "Rule Element Id: 205" in r.message
    assert not [x for x in results if x.concept == "us-gaap:ProfitLoss"]


def test_0015_dimensional_exclusions_and_their_narrow_misses(graph: Graph):
    sign_filing().write(graph)
    results = {r.facts[0].fact_id: r for r in check_sign(graph, "t-0015") if r.facts and r.facts[0].fact_id.startswith("dim-")}
    assert {k: r.status for k, r in results.items()} == {
        "dim-adjust": "ok",
        "dim-member": "ok",
        "dim-axis": "ok",
        "dim-pair": "ok",
        "dim-typed": "ok",
        "dim-near-pair": "violation",
        "dim-plain": "violation",
    }
    assert "contains 'adjust'" in results["dim-adjust"].reason
    assert "excluded axis/member pair" in results["dim-pair"].reason
    assert results["dim-plain"].dimensions == ["srt:ProductOrServiceAxis=abc:WidgetMember"]


def test_0015_limited_coverage_drops_credit_balance_concepts(graph: Graph):
    sign_filing().write(graph)
    expanded = {r.sub_rule for r in by_status(check_sign(graph, "t-0015"), "violation")}
    limited = {r.sub_rule for r in by_status(check_sign(graph, "t-0015", coverage="limited"), "violation")}
    assert "DQC.US.0015.205" in expanded and "DQC.US.0015.205" not in limited
    assert "DQC.US.0015.254" in limited


def test_0015_refuses_with_reasons_never_silently_ok(graph: Graph):
    sign_filing("t-form", form="N-CSR").write(graph)
    sign_filing("t-2021", us_gaap_year=2021).write(graph)
    assert "does not run on DocumentType 'N-CSR'" in check_sign(graph, "t-form")[0].reason
    assert check_sign(graph, "t-2021")[0].reason.startswith(
        "no DQC.US.0015 concept list for us-gaap 2021 (shipped: 2022, 2023, 2024, 2025, 2026)"
    )
    assert check_sign(graph, "nope")[0].reason.startswith("no filing 'nope' in the database")
    sign_filing().write(graph)
    [not_listed] = check_sign(graph, "t-0015", concept="us-gaap:ProfitLoss")
    assert not_listed.reason.startswith(
        "us-gaap:ProfitLoss is not on the DQC.US.0015 list for us-gaap 2025 "
        "(dqc_15_usgaap_2025_concepts.csv (dqc_us_rules@07b8c75d04f2), "
    )
    assert not_listed.list_file == "dqc_15_usgaap_2025_concepts.csv"
    nils = check_sign(graph, "t-0015", concept="AccretionExpenseIncludingAssetRetirementObligations")
    assert [r.reason for r in nils if r.status == "not_evaluable"] == ["nil fact: no value to test"]


def test_0015_every_year_uses_its_own_list_and_names_file_and_version(graph: Graph):
    for year in (2022, 2023, 2024, 2026):
        sign_filing(f"t-{year}", us_gaap_year=year).write(graph)
    for year, srt in (
        (2022, "dqc_15_srt_2023_concepts.csv"),
        (2023, "dqc_15_srt_2023_concepts.csv"),
        (2024, "dqc_15_srt_2024_concepts.csv"),
        (2026, "dqc_15_srt_2026_concepts.csv"),
    ):
        bad = {r.sub_rule: r for r in by_status(check_sign(graph, f"t-{year}"), "violation") if not r.dimensions}
        assert set(bad) == {"DQC.US.0015.205", "DQC.US.0015.254", "DQC.US.0015.703"}, year
        assert bad["DQC.US.0015.205"].list_file == f"dqc_15_usgaap_{year}_concepts.csv"
        assert (bad["DQC.US.0015.254"].list_file, bad["DQC.US.0015.703"].list_file) == (srt, "dqc_15_dei_concepts.csv")
    r = bad["DQC.US.0015.205"]
    assert r.list_version == "dqc_us_rules@f4cc2141472a"
    assert dump(r)["list_file"] == "dqc_15_usgaap_2026_concepts.csv"


def test_shipped_lists_match_their_versions_file():
    from auditgraph.checks.rule_data import DATA, LIST_YEARS, _rows, list_files

    files = list_files()
    assert LIST_YEARS == (2022, 2023, 2024, 2025, 2026)
    shipped = {p.name for p in DATA.iterdir() if p.name.startswith("dqc_15_")}
    assert set(files) == shipped
    for lf in files.values():
        if lf.name != "dqc_15_exclusion_rules.csv":  # the one file with a header and no element ids
            assert len(_rows(lf.name)) == lf.rows, lf.name
        assert len(lf.commit) == 40


# ---------------------------------------------------------------- DQC.US.0126
def calc_filing(assets: str, fid: str = "t-0126", **kw) -> FilingBuilder:
    b = FilingBuilder(fid, **kw)
    b.role(BS, "100 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1), ("us-gaap:AssetsNoncurrent", 1)])
    b.fact("us-gaap:Assets", assets, period="instant")
    b.fact("us-gaap:AssetsCurrent", "12000000", period="instant")
    b.fact("us-gaap:AssetsNoncurrent", "7900000", period="instant")
    b.fact("us-gaap:Assets", "1", period=dt.date(2023, 12, 31))  # prior period: not the rule's business
    b.fact("us-gaap:AssetsCurrent", "5", period=dt.date(2023, 12, 31))
    return b


def test_0126_reports_total_against_weighted_child_sum(graph: Graph):
    calc_filing("20000000").write(graph)
    [r] = check_calc_tree(graph, "t-0126")
    assert (r.status, r.sub_rule, r.reported_value, r.expected_value, r.difference, r.tolerance, r.decimals) == (
        "violation",
        "DQC.US.0126.9590",
        "20000000",
        "19900000",
        "100000",
        "3000",
        "-3",
    )
    assert r.network == BS and r.period == "instant:2024-12-31"
    assert [(f.role, f.concept, f.value, f.weight) for f in r.facts] == [
        ("total", "us-gaap:Assets", "20000000", None),
        ("addend", "us-gaap:AssetsCurrent", "12000000", "1"),
        ("addend", "us-gaap:AssetsNoncurrent", "7900000", "1"),
    ]
    assert {rel.target for rel in r.relationships} == {"us-gaap:AssetsCurrent", "us-gaap:AssetsNoncurrent"}


def test_0126_tolerance_edge_is_n_plus_one_units_of_decimals(graph: Graph):
    calc_filing("19903000", "t-edge").write(graph)  # |diff| = 3000 = (2+1)*10^3: not above
    calc_filing("19904000", "t-over").write(graph)
    assert check_calc_tree(graph, "t-edge")[0].status == "ok"
    assert check_calc_tree(graph, "t-over")[0].difference == "4000"
    assert check_calc_tree(graph, "t-over")[0].status == "violation"


def test_0126_network_selection_skips_cubes_disclosures_and_excluded_uris(graph: Graph):
    for fid, uri, definition, cube in (
        ("t-cube", BS, "100 - Statement - Balance Sheet", True),
        ("t-disc", BS, "100 - Disclosure - Balance Sheet details", False),
        ("t-paren", BS + "Parenthetical", "100 - Statement - Balance Sheet (Parenthetical)", False),
    ):
        b = FilingBuilder(fid)
        b.role(uri, definition)
        b.calc(uri, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1)])
        b.fact("us-gaap:Assets", "2", period="instant")
        b.fact("us-gaap:AssetsCurrent", "1", period="instant")
        if cube:
            b.cube(uri, ["us-gaap:Assets"], "srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", {})
        b.write(graph)
        assert check_calc_tree(graph, fid) == [], fid


def test_0126_fs_decimals_choose_total_and_children(graph: Graph):
    b = calc_filing("20000000", "t-dec")
    b.fact("us-gaap:AssetsNoncurrent", "8000000", decimals="-6", period="instant")  # coarser duplicate: not used
    b.write(graph)
    [r] = check_calc_tree(graph, "t-dec")
    assert r.expected_value == "19900000" and r.decimals == "-3"


def test_0126_refuses_inconsistent_duplicates_and_skips_like_the_rule(graph: Graph):
    b = calc_filing("20000000", "t-dup")
    b.fact("us-gaap:AssetsCurrent", "12100000", period="instant", duplicate="inconsistent")
    b.write(graph)
    [r] = check_calc_tree(graph, "t-dup")
    assert r.status == "not_evaluable" and "inconsistent duplicate facts for child us-gaap:AssetsCurrent" in r.reason

    b = FilingBuilder("t-ch11")
    b.role(BS, "100 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:Liabilities", [("us-gaap:LiabilitiesSubjectToCompromise", 1), ("us-gaap:LiabilitiesCurrent", 1)])
    b.fact("us-gaap:Liabilities", "10", period="instant")
    b.fact("us-gaap:LiabilitiesSubjectToCompromise", "3", period="instant")
    b.text_fact("us-gaap:ReorganizationUnderChapter11FreshStartAdjustmentsTextBlock", "<p>plan</p>")
    b.write(graph)
    [r] = check_calc_tree(graph, "t-ch11")
    assert r.status == "not_evaluable" and "Chapter 11" in r.reason

    calc_filing("20000000", "t-s1", form="S-1").write(graph)
    assert "does not run on DocumentType 'S-1'" in check_calc_tree(graph, "t-s1")[0].reason


def test_0126_whole_tree_walks_descendant_totals(graph: Graph):
    b = calc_filing("19900000", "t-tree")
    b.calc(BS, "us-gaap:AssetsCurrent", [("us-gaap:Cash", 1), ("us-gaap:InventoryNet", 1)])
    b.fact("us-gaap:Cash", "5000000", period="instant")
    b.fact("us-gaap:InventoryNet", "6000000", period="instant")
    b.write(graph)
    top = check_calc_tree(graph, "t-tree", concept="us-gaap:Assets")
    tree = check_calc_tree(graph, "t-tree", concept="us-gaap:Assets", whole_tree=True)
    assert [r.status for r in top] == ["ok"]
    assert {(r.concept, r.status, r.expected_value) for r in tree} == {
        ("us-gaap:Assets", "ok", "19900000"),
        ("us-gaap:AssetsCurrent", "violation", "11000000"),
    }


# ---------------------------------------------------------------- DQC.US.0117
def dim_filing(revenue: str, fid: str = "t-0117", members: dict[str, str | None] | None = None, **kw) -> FilingBuilder:
    b = FilingBuilder(fid, **kw)
    b.role(IS, "200 - Statement - Income Statement")
    members = members or {"abc:WidgetsMember": None, "abc:GadgetsMember": None}
    b.cube(IS, ["us-gaap:Revenues"], "srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", members)
    b.fact("us-gaap:Revenues", revenue)
    b.fact("us-gaap:Revenues", "8000000", dims={"srt:ProductOrServiceAxis": "abc:WidgetsMember"}, fact_id="w")
    b.fact("us-gaap:Revenues", "4000000", dims={"srt:ProductOrServiceAxis": "abc:GadgetsMember"}, fact_id="g")
    return b


def test_0117_9574_total_against_member_sum(graph: Graph):
    dim_filing("12500000").write(graph)
    [r] = check_dim_consistency(graph, "t-0117")
    assert (r.status, r.sub_rule, r.reported_value, r.expected_value, r.difference, r.tolerance) == (
        "violation",
        "DQC.US.0117.9574",
        "12500000",
        "12000000",
        "500000",
        "2000",
    )
    assert r.axis == "srt:ProductOrServiceAxis" and r.network == IS
    assert sorted((f.fact_id, f.value) for f in r.facts if f.role == "member") == [("g", "4000000"), ("w", "8000000")]


def test_0117_tolerance_edge_is_two_units_of_decimals(graph: Graph):
    dim_filing("12002000", "t-edge").write(graph)
    dim_filing("12003000", "t-over").write(graph)
    assert check_dim_consistency(graph, "t-edge")[0].status == "ok"
    assert check_dim_consistency(graph, "t-over")[0].status == "violation"


def test_0117_skips_nested_subtotals_and_other_axes(graph: Graph):
    b = dim_filing(
        "12000000",
        "t-nest",
        members={"abc:WidgetsMember": None, "abc:GadgetsMember": None, "abc:BlueWidgetsMember": "abc:WidgetsMember"},
    )
    b.fact("us-gaap:Revenues", "7000000", dims={"srt:ProductOrServiceAxis": "abc:BlueWidgetsMember"})
    b.fact("us-gaap:Revenues", "1", dims={"srt:StatementGeographicalAxis": "abc:MarsMember"})  # not a 0117 axis
    b.write(graph)
    [r] = check_dim_consistency(graph, "t-nest")
    assert (r.status, r.expected_value) == ("ok", "12000000")
    assert sorted(f.fact_id for f in r.facts if f.role == "member") == ["g", "w"]  # BlueWidgets sits under Widgets


def test_0117_10093_member_against_its_second_axis(graph: Graph):
    b = dim_filing("12000000", "t-10093")
    geo = "srt:StatementGeographicalAxis"
    b.def_arc(IS, "hypercube-dimension", "us-gaap:StatementTable", geo)  # D2 must be an axis of the same cube
    b.def_arc(IS, "dimension-domain", geo, "srt:SegmentGeographicalDomain")
    for m in ("abc:UsMember", "abc:EuMember"):
        b.def_arc(IS, "domain-member", "srt:SegmentGeographicalDomain", m)
    b.fact(
        "us-gaap:Revenues",
        "-4000000",
        dims={"srt:ProductOrServiceAxis": "abc:GadgetsMember", "srt:ConsolidationItemsAxis": "srt:IntersegmentEliminationMember"},
    )
    b.fact("us-gaap:Revenues", "5000000", dims={"srt:ProductOrServiceAxis": "abc:WidgetsMember", geo: "abc:UsMember"})
    b.fact("us-gaap:Revenues", "2000000", dims={"srt:ProductOrServiceAxis": "abc:WidgetsMember", geo: "abc:EuMember"})
    b.fact(
        "us-gaap:Revenues", "1", dims={"srt:ProductOrServiceAxis": "abc:GadgetsMember", "dei:LegalEntityAxis": "abc:SubMember"}
    )
    b.write(graph)
    results = check_dim_consistency(graph, "t-10093")
    [r] = [x for x in results if x.sub_rule == "DQC.US.0117.10093"]  # nothing for the axes outside the cube
    assert (r.status, r.reported_value, r.expected_value, r.axis) == ("violation", "8000000", "7000000", geo)
    assert r.dimensions == ["srt:ProductOrServiceAxis=abc:WidgetsMember"]


def test_0117_asc606_exception_when_revenues_has_other_children(graph: Graph):
    b = FilingBuilder("t-606")
    b.role(IS, "200 - Statement - Income Statement")
    rev = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    b.cube(IS, [rev], "srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", {"abc:WidgetsMember": None})
    b.calc(IS, "us-gaap:Revenues", [(rev, 1), ("us-gaap:OtherIncome", 1)])
    b.fact(rev, "10000000")
    b.fact(rev, "9000000", dims={"srt:ProductOrServiceAxis": "abc:WidgetsMember"})
    b.write(graph)
    [r] = check_dim_consistency(graph, "t-606")
    assert r.status == "ok" and r.reason.startswith("ASC 606 exception")


def test_0117_only_document_length_durations(graph: Graph):
    b = dim_filing("12500000", "t-q")
    q4 = (dt.date(2024, 10, 1), dt.date(2024, 12, 31))
    b.fact("us-gaap:Revenues", "99", period=q4)
    b.fact("us-gaap:Revenues", "1", period=q4, dims={"srt:ProductOrServiceAxis": "abc:WidgetsMember"})
    b.write(graph)
    assert [r.period for r in check_dim_consistency(graph, "t-q")] == ["duration:2024-01-01/2024-12-31"]


# ---------------------------------------------------------------- Calculations 1.1 and the audit
def test_calc11_uses_rounding_intervals_not_dqc_tolerance(graph: Graph):
    calc_filing("19901000", "t-c11ok").write(graph)  # [19900500, 19901500] vs [19899000, 19901000]: overlap
    calc_filing("19902000", "t-c11bad").write(graph)  # [19901500, 19902500] vs [19899000, 19901000]: none
    ok = [r for r in check_calc11(graph, "t-c11ok") if r.period == "instant:2024-12-31"]
    bad = [r for r in check_calc11(graph, "t-c11bad") if r.period == "instant:2024-12-31"]
    assert ok[0].status == "ok" and bad[0].status == "violation" and bad[0].tolerance == "[19899000, 19901000]"
    assert check_calc_tree(graph, "t-c11bad")[0].status == "ok"  # DQC.US.0126 allows 3000 here


def c11_filing(fid: str, children: list[tuple[str, int]], values: dict[str, list[tuple[str | None, str]]]) -> FilingBuilder:
    """Assets = its children in one balance-sheet network, facts as (value, decimals) lists per concept."""
    b = FilingBuilder(fid)
    b.role(BS, "100 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:Assets", children)
    for qname, facts in values.items():
        for i, (value, decimals) in enumerate(facts):
            b.fact(qname, value, decimals=decimals, period="instant", fact_id=f"{local_name(qname)}-{i}")
    return b


def local_name(qname: str) -> str:
    return qname.split(":")[1]


def test_calc11_duplicate_arcs_are_an_error_and_each_adds_its_contributor(graph: Graph):
    kids = [("us-gaap:AssetsCurrent", 1), ("us-gaap:AssetsNoncurrent", 1), ("us-gaap:AssetsNoncurrent", 1)]
    c11_filing(
        "t-dup",
        kids,
        {"us-gaap:Assets": [("300", "0")], "us-gaap:AssetsCurrent": [("100", "0")], "us-gaap:AssetsNoncurrent": [("100", "0")]},
    ).write(graph)
    results = check_calc11(graph, "t-dup")
    [dup] = [r for r in results if r.sub_rule == "calc11e:duplicateCalculationRelationships"]
    assert dup.status == "violation" and dup.concept == "us-gaap:Assets" and dup.network == BS
    assert "to contributing concept us-gaap:AssetsNoncurrent" in dup.message
    [s] = [r for r in results if r.sub_rule == "CALC11"]
    assert (s.status, s.expected_value, s.tolerance) == ("ok", "300", "[298.5, 301.5]")  # 100 + 100 + 100


def test_calc11_fact_sets_like_the_specification(graph: Graph):
    kids = [("us-gaap:AssetsCurrent", 1), ("us-gaap:AssetsNoncurrent", 1)]
    # consistent duplicates: the set's interval is the intersection, [1500, 1500.5] of [1500, 2500] and [1499.5, 1500.5];
    # the sum [1499.4, 1499.6] overlaps the most precise fact's interval but not the set's
    c11_filing(
        "t-inter",
        kids,
        {
            "us-gaap:Assets": [("2000", "-3"), ("1500", "0")],
            "us-gaap:AssetsCurrent": [("1000.0", "1")],
            "us-gaap:AssetsNoncurrent": [("499.5", "1")],
        },
    ).write(graph)
    [r] = check_calc11(graph, "t-inter")
    assert r.status == "violation" and r.tolerance == "[1499.4, 1499.6]"
    assert r.message.startswith("us-gaap:Assets = 1500 (interval [1500, 1500.5]) does not overlap")
    # 1500 at decimals -3 has a digit below its precision: Calculations 1.1 does not check the summation
    c11_filing(
        "t-excess",
        kids,
        {
            "us-gaap:Assets": [("3000", "0")],
            "us-gaap:AssetsCurrent": [("1500", "-3")],
            "us-gaap:AssetsNoncurrent": [("1500", "0")],
        },
    ).write(graph)
    [r] = check_calc11(graph, "t-excess")
    assert r.status == "not_evaluable" and "us-gaap:AssetsCurrent: excess digits" in r.reason
    # a nil next to a value is an inconsistent duplicate; a contributor that is nil only is no contributor
    c11_filing("t-nil", kids, {"us-gaap:Assets": [("100", "0"), (None, "0")], "us-gaap:AssetsCurrent": [("100", "0")]}).write(
        graph
    )
    assert check_calc11(graph, "t-nil")[0].reason == "total: nil and non-nil duplicate facts"
    c11_filing("t-nilkid", kids, {"us-gaap:Assets": [("100", "0")], "us-gaap:AssetsCurrent": [(None, "0")]}).write(graph)
    assert check_calc11(graph, "t-nilkid") == []


def test_audit_collects_every_rule_with_a_verdict(graph: Graph):
    b = calc_filing("20000000", "t-audit")
    b.fact("us-gaap:AccountsPayableRelatedPartiesNoncurrent", "-5000", period="instant")
    b.write(graph)
    report = audit_filing(graph, "t-audit", ("0015", "0117", "0126", "calc11"))
    assert report.verdict == "violations"
    assert sorted(r.sub_rule for r in report.findings) == ["DQC.US.0015.205", "DQC.US.0126.9590"]
    assert [s.rule for s in report.rules] == ["0015", "0117", "0126", "calc11"]
    # every registered family runs by default; without the DQCRT constants loaded, those that read them say so
    everything = audit_filing(graph, "t-audit")
    assert [s.rule for s in everything.rules] == list(registry())
    [dep] = [s for s in everything.rules if s.rule == "0018"]
    assert dep.not_run.startswith("DQCRT constant DEP_CONCEPTS of us-gaap 2025 is not loaded")
    assert "0018 not run: DQCRT constant DEP_CONCEPTS" in " ".join(everything.notes)
    assert audit_filing(graph, "nope").verdict == "not_evaluable"
    assert dump(report)["findings"][0]["facts"][0]["value"] == "-5000"


def test_0117_guards_hold_back_violations_but_not_agreements(graph: Graph):
    # a member reported with a second axis but never alone
    b2 = dim_filing("12500000", "t-g1", members={"abc:WidgetsMember": None, "abc:GadgetsMember": None, "abc:ToysMember": None})
    b2.fact(
        "us-gaap:Revenues",
        "1",
        dims={"srt:ProductOrServiceAxis": "abc:ToysMember", "srt:StatementGeographicalAxis": "abc:UsMember"},
    )
    b2.write(graph)
    [r] = [x for x in check_dim_consistency(graph, "t-g1") if x.sub_rule.endswith("9574")]
    assert r.status == "not_evaluable" and "reported with a second axis but not alone" in r.reason

    # the same line item and axis in a disclosure cube: held back unless a member exceeds the total
    for fid, widgets in (("t-disc-held", "8000000"), ("t-disc-big", "13000000")):
        b = FilingBuilder(fid)
        b.role(IS, "200 - Statement - Income Statement")
        b.role(IS + "Details", "900 - Disclosure - Revenue by product")
        members = {"abc:WidgetsMember": None, "abc:GadgetsMember": None}
        b.cube(IS, ["us-gaap:Revenues"], "srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", members)
        b.cube(
            IS + "Details",
            ["us-gaap:Revenues"],
            "srt:ProductOrServiceAxis",
            "srt:ProductsAndServicesDomain",
            members,
            table="us-gaap:DisaggregationOfRevenueTable",
            line_items_abstract="us-gaap:DisaggregationOfRevenueLineItems",
        )
        b.fact("us-gaap:Revenues", "12500000")
        b.fact("us-gaap:Revenues", widgets, dims={"srt:ProductOrServiceAxis": "abc:WidgetsMember"})
        b.fact("us-gaap:Revenues", "4000000", dims={"srt:ProductOrServiceAxis": "abc:GadgetsMember"})
        b.write(graph)
    assert check_dim_consistency(graph, "t-disc-held")[0].status == "not_evaluable"
    assert check_dim_consistency(graph, "t-disc-big")[0].status == "violation"


def test_inf_decimals_cap_0117_at_5_and_make_0126_exact(graph: Graph):
    b = FilingBuilder("t-inf")
    b.role(IS, "200 - Statement - Income Statement")
    b.cube(IS, ["us-gaap:Revenues"], "srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", {"abc:AMember": None})
    b.fact("us-gaap:Revenues", "100.00001", decimals="INF")
    b.fact("us-gaap:Revenues", "100", decimals="INF", dims={"srt:ProductOrServiceAxis": "abc:AMember"})
    b.role(BS, "100 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1)])
    b.fact("us-gaap:Assets", "100.001", decimals="INF", period="instant")
    b.fact("us-gaap:AssetsCurrent", "100", decimals="INF", period="instant")
    b.write(graph)
    [dim] = check_dim_consistency(graph, "t-inf")
    assert (dim.status, dim.decimals, dim.tolerance) == ("ok", "5", "0.00002")  # 0.00001 <= 2*10^-5
    [calc] = check_calc_tree(graph, "t-inf")
    assert (calc.status, calc.decimals, calc.tolerance, calc.difference) == ("violation", "INF", "0", "0.001")


def test_0015_exclusions_come_from_the_loaded_dqcrules_taxonomy_when_present(graph: Graph):
    b = FilingBuilder("t-dqcrules")
    b.dqc_list("DQC.US.0015", "ExcludeNonNegMembers", ["us-gaap:SpecialCaseMember"])
    concept = "us-gaap:AccretionExpenseIncludingAssetRetirementObligations"
    b.fact(concept, "-1000", dims={"srt:ProductOrServiceAxis": "us-gaap:SpecialCaseMember"}, fact_id="special")
    b.fact(concept, "-1000", dims={"srt:ProductOrServiceAxis": "us-gaap:CorporateNonSegmentMember"}, fact_id="corp")
    b.write(graph)
    status = {r.facts[0].fact_id: r.status for r in check_sign(graph, "t-dqcrules")}
    assert status == {"special": "ok", "corp": "violation"}  # the graph's member list replaces the shipped one


def test_0117_parenthetical_guard(graph: Graph):
    b = dim_filing("12500000", "t-paren117")
    paren = IS + "Parenthetical"
    b.role(paren, "201 - Statement - Income Statement (Parenthetical)")
    b.cube(
        paren,
        ["us-gaap:Revenues"],
        "srt:ProductOrServiceAxis",
        "srt:ProductsAndServicesDomain",
        {"abc:WidgetsMember": None},
        table="us-gaap:ParentheticalTable",
        line_items_abstract="us-gaap:ParentheticalLineItems",
    )
    b.write(graph)
    [r] = check_dim_consistency(graph, "t-paren117")
    assert r.status == "not_evaluable" and "parenthetical statement" in r.reason and r.network == IS


def test_a_filing_without_numeric_facts_is_not_clean(graph: Graph):
    FilingBuilder("t-empty").write(graph)  # only the dei text facts
    report = audit_filing(graph, "t-empty", ("0015", "0117", "0126", "calc11"))
    assert report.verdict == "not_evaluable" and report.notes == ["filing 't-empty' has no numeric facts: nothing to check"]
    assert audit_filing(graph, "t-empty").verdict != "clean"  # with every family: never clean either
