"""The one door to every tool (tools/toolbox.py, Toolbox.call): runners raise, the door alone makes a failure the
observation the caller reads; an outage is raised, never evidence. No Neo4j: the runners here are plain functions."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from auditgraph.errors import ConfigError, GraphUnavailable
from auditgraph.tools.base import ToolSpec
from auditgraph.tools.toolbox import ArgumentLimits, Toolbox

ARGS = {"type": "object", "properties": {"filing_id": {"type": "string"}, "concept": {"type": "string", "maxLength": 20}}}


class FactArgs(BaseModel):
    filing_id: str
    concept: str


def get_fact(name: str, args: dict[str, Any]) -> dict[str, Any]:
    a = FactArgs.model_validate(args)
    if a.concept == "us-gaap:Nope":
        raise ConfigError("no concept 'us-gaap:Nope' in the database; check the spelling")
    if a.concept == "us-gaap:Bug":
        raise KeyError("period_key")
    if a.concept == "us-gaap:Down":
        raise GraphUnavailable("no Neo4j answers at bolt://127.0.0.1:1")
    return {"tool": name, "status": "ok", "rows": [{"concept": a.concept, "value": "33723297000"}]}


def box(limits: ArgumentLimits | None = None) -> Toolbox:
    return Toolbox([ToolSpec("get_fact", "facts of a concept", "static", ARGS)], get_fact, limits=limits)


def test_an_answer_passes_the_door_unchanged():
    out = box().call("get_fact", {"filing_id": "NFLX_FY_2023", "concept": "us-gaap:Revenues"})
    assert out == {"tool": "get_fact", "status": "ok", "rows": [{"concept": "us-gaap:Revenues", "value": "33723297000"}]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"filing_id": "NFLX_FY_2023"}, "bad arguments for get_fact: concept: Field required"),
        (
            {"filing_id": "NFLX_FY_2023", "concept": "us-gaap:Nope"},
            "no concept 'us-gaap:Nope' in the database; check the spelling",
        ),
        ({"filing_id": "NFLX_FY_2023", "concept": "us-gaap:Bug"}, "get_fact failed: KeyError: 'period_key'"),
        (
            {"filing_id": "NFLX_FY_2023", "concpt": "us-gaap:Revenues"},
            "unknown argument(s) 'concpt' for get_fact; it takes: filing_id, concept",
        ),
    ],
    ids=["validation", "auditgraph-error", "bug", "unknown-argument"],
)
def test_every_failure_is_one_observation_naming_the_tool(args, message):
    assert box().call("get_fact", args) == {"tool": "get_fact", "status": "error", "message": message}


def test_an_outage_is_raised_not_observed():
    with pytest.raises(GraphUnavailable, match="bolt://127.0.0.1:1"):
        box().call("get_fact", {"filing_id": "NFLX_FY_2023", "concept": "us-gaap:Down"})


def test_refusals_come_before_the_runner_and_name_the_limit():
    calls: list[str] = []
    limited = Toolbox(
        [ToolSpec("get_fact", "facts", "static", ARGS)],
        lambda name, args: calls.append(name) or {"status": "ok"},
        limits=ArgumentLimits(default=10, by_name={}, total=100),
    )
    too_long = limited.refusal("get_fact", {"filing_id": "NFLX_FY_2023", "concept": "us-gaap:Revenues"})
    assert too_long == {
        "tool": "get_fact",
        "status": "error",
        "message": "get_fact.filing_id is 12 characters; the limit is 10: shorten it",
    }
    assert limited.call("get_fact", {"filing_id": "NFLX_FY_2023"}) == too_long
    assert limited.refusal("get_fact", {"filing_id": "NFLX"}) is None
    assert limited.call("no_such_tool", {}) == {"status": "error", "message": "unknown tool 'no_such_tool'; available: get_fact"}
    assert calls == []


def test_added_tools_fail_through_the_same_door_once():
    def boom(name: str, args: dict[str, Any]) -> dict[str, Any]:
        raise ValueError("the ratio has no denominator")

    both = box().plus([ToolSpec("ratio", "a ratio", "dynamic", {"type": "object", "properties": {}})], boom)
    assert both.call("ratio", {}) == {
        "tool": "ratio",
        "status": "error",
        "message": "ratio failed: ValueError: the ratio has no denominator",
    }
    assert both.subset(["get_fact"]).call("get_fact", {"filing_id": "F"})["message"] == (
        "bad arguments for get_fact: concept: Field required"
    )
