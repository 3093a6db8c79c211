"""ER fusion of two junior reports, checked against masses computed by hand."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from auditgraph.agents.fusion import MassMapping, Masses, combine, single
from auditgraph.errors import ConfigError

MAP = MassMapping()


def test_two_rules_reproduce_the_papers_example():
    # 0.95 per rule as independent simple support functions: 1 - 0.05 * 0.05
    m = MAP.masses(["DQC.US.0015", "DQC.US.0126"], value_resolved=True)
    assert (m.v, m.c, m.theta) == (D("0.9975"), D("0"), D("0.0025"))


def test_no_rule_depends_on_whether_the_value_was_resolved():
    assert MAP.masses([], value_resolved=True) == Masses(D("0"), D("0.9"), D("0.1"))
    assert MAP.masses([], value_resolved=False) == Masses(D("0"), D("0.5"), D("0.5"))


def test_agreement_has_zero_conflict():
    m = MAP.masses(["DQC.US.0126"], True)
    f = combine(m, m)
    assert f.conflict == 0
    # m*(v) = .95*.95 + 2*.95*.05 = .9975; m*(Θ) = .0025
    assert f.fused.v == D("0.9975") and f.fused.theta == D("0.0025")
    assert f.tau == D("0.9975") and f.verdict == "violation"


def test_disagreement_by_hand():
    m1 = MAP.masses(["DQC.US.0126"], True)  # v .95, Θ .05
    m2 = MAP.masses([], True)  # c .9, Θ .1
    f = combine(m1, m2)
    assert f.conflict == D("0.855")  # .95 * .9
    # m*(v) = .95*.1 = .095; m*(c) = .05*.9 = .045; m*(Θ) = .005; divided by 1 - K = .145
    assert f.fused.v == D("0.095") / D("0.145")
    assert f.fused.c == D("0.045") / D("0.145")
    assert abs(f.fused.theta - D("0.005") / D("0.145")) < D("1e-25")
    assert f.as_json()["tau"] == "0.965517241379"
    assert f.verdict == "violation"  # .655 + .017 > .310 + .017
    assert f.as_json()["K"] == "0.855"
    assert f.as_json()["combined"] == {"v": "0.095", "c": "0.045", "theta": "0.005"}  # m* before 1/(1-K)


def test_unresolved_consistent_loses_to_a_rule_and_ties_go_to_consistent():
    f = combine(MAP.masses(["DQC.US.0015"], True), MAP.masses([], False))
    assert f.verdict == "violation"
    even = Masses(D("0.4"), D("0.4"), D("0.2"))
    assert single(even).verdict == "consistent"  # violation must be strictly larger


def test_single_report_keeps_its_own_masses():
    f = single(MAP.masses(["DQC.US.0117"], True))
    assert (f.conflict, f.tau, f.verdict) == (D(0), D("0.95"), "violation")


def test_rule_reliabilities_are_configurable_and_total_conflict_is_refused():
    strict = MassMapping(reliabilities={"DQC.US.0117": D("0.8")})
    assert strict.masses(["DQC.US.0117"], True).v == D("0.8")
    with pytest.raises(ConfigError, match="total conflict"):
        combine(Masses(D(1), D(0), D(0)), Masses(D(0), D(1), D(0)))
    with pytest.raises(ConfigError, match="do not sum to 1"):
        Masses(D("0.5"), D("0.6"), D("0"))
