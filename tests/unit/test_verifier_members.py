"""Which member a figure is about, read off the words alone (scope.py, members.py); the binding of
that member's fact in a real filing is in tests/test_verifier_capabilities.py ("dimensions")."""

from __future__ import annotations

from auditgraph.verifier.members import Ambiguous, MemberScope, member_scope
from auditgraph.verifier.scope import Members, attached, strip_members

SEGMENT = "us-gaap:StatementBusinessSegmentsAxis"
GEO = "srt:StatementGeographicalAxis"
ROWS = [
    {"qname": "cpk:UnregulatedEnergyMember", "axis": SEGMENT, "labels": ["Unregulated Energy [Member]"], "filer_labels": []},
    {"qname": "srt:LatinAmericaMember", "axis": GEO, "labels": ["Latin America [Member]"], "filer_labels": ["Latin America"]},
    {"qname": "srt:AsiaPacificMember", "axis": GEO, "labels": ["Asia Pacific [Member]"], "filer_labels": []},
    {"qname": "x:Notes2018Member", "axis": "us-gaap:DebtInstrumentAxis", "labels": ["5.875% Senior Notes"], "filer_labels": []},
    {"qname": "x:NotesMember", "axis": "us-gaap:DebtInstrumentAxis", "labels": ["5.875% Senior Notes"], "filer_labels": []},
]
MEMBERS = Members.from_rows(ROWS)


def scope_of(text: str):
    return member_scope(MEMBERS.find(text))


def test_one_member_named_is_the_scope():
    got = scope_of("The Unregulated Energy segment reported operating income of $0.2 million")
    assert got == MemberScope(("cpk:UnregulatedEnergyMember",), "Unregulated Energy")


def test_two_members_of_one_axis_or_words_two_members_go_by_are_ambiguous():
    two = scope_of("Revenues in Latin America and Asia Pacific were $4.4 billion")
    assert isinstance(two, Ambiguous) and "srt:AsiaPacificMember and srt:LatinAmericaMember" in two.message
    same = scope_of("Interest on the 5.875% Senior Notes was $50 million")
    assert isinstance(same, Ambiguous) and "x:Notes2018Member, x:NotesMember" in same.message


def test_a_member_in_the_metric_s_unexplained_words_is_taken_out_of_the_metric():
    text = "Latin America revenues were $4.4 billion"
    core, inside = strip_members(text, 0, len("Latin America revenues"), ("Latin", "America"), MEMBERS.find(text))
    assert core == "revenues" and [m.qname for m in inside] == ["srt:LatinAmericaMember"]
    # other words still unexplained: not a member's metric
    text = "Latin America streaming revenues were $4.4 billion"
    assert strip_members(text, 0, 32, ("Latin", "America", "streaming"), MEMBERS.find(text)) is None


def test_a_member_is_the_figure_s_only_where_the_clause_attaches_it():
    def tied(text: str, metric: str, number: str) -> bool:
        (mm,) = MEMBERS.find(text)
        m, n = text.index(metric), text.index(number)
        return attached(text, mm, (m, m + len(metric)), (n, n + len(number)))

    assert tied("The Unregulated Energy segment reported operating income of $0.2 million", "operating income", "$0.2 million")
    assert tied("Revenues were $4.4 billion in Latin America in 2023", "Revenues", "$4.4 billion")
    assert tied("Revenues from Latin America were $4.4 billion", "Revenues", "$4.4 billion")
    assert not tied("Revenues were $33.7 billion, of which Latin America contributed 13%", "Revenues", "$33.7 billion")
    assert not tied("Revenues excluding Latin America were $29.3 billion", "Revenues", "$29.3 billion")
    assert not tied("While Latin America grew, total revenues were $33.7 billion", "total revenues", "$33.7 billion")


def test_an_abbreviation_a_member_label_defines_names_the_member_with_its_case():
    award = {
        "qname": "us-gaap:PerformanceSharesMember",
        "axis": "us-gaap:AwardTypeAxis",
        "labels": ["Performance Shares [Member]"],
        "filer_labels": ["Performance Stock Units (PSUs)"],
    }
    members = Members.from_rows([award])
    text = "the remaining term of the PSUs; each PSU vests; performance stock units vested; psus"
    assert [(m.words, m.qname) for m in members.find(text)] == [
        ("PSUs", "us-gaap:PerformanceSharesMember"),
        ("PSU", "us-gaap:PerformanceSharesMember"),
        ("performance stock units", "us-gaap:PerformanceSharesMember"),
    ]  # "psus" in lower case is no abbreviation


def test_a_country_by_the_names_readers_use_but_not_in_a_standard_or_a_currency():
    members = Members.from_rows(
        [{"qname": "country:US", "axis": "srt:StatementGeographicalAxis", "labels": [], "filer_labels": ["United States"]}]
    )
    assert [m.qname for m in members.find("Total U.S. revenues were $13.8 billion; US sales grew.")] == [
        "country:US",
        "country:US",
    ]
    assert members.find("revenue as reported under U.S. GAAP, remeasured into U.S. dollars, and the U.S. federal rate") == []
    assert members.find("it was a good year for us") == []  # bare capitals only as written
