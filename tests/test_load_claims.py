"""LoadClaim leases against a real Neo4j: one owner per filing, expired claims are taken over."""

from __future__ import annotations

from auditgraph.graph import Graph
from auditgraph.loader.claims import Claims


def test_first_claim_wins_and_live_claim_is_skipped(graph: Graph) -> None:
    a, b = Claims(graph, owner="host-a:1"), Claims(graph, owner="host-b:2")
    assert a.acquire("f1") is None
    why = b.acquire("f1")
    assert why is not None and "host-a:1" in why
    assert a.acquire("f1") is None  # its own claim: renewed, still held


def test_expired_claim_is_taken_over(graph: Graph) -> None:
    crashed = Claims(graph, owner="crashed:1", lease_seconds=-60)  # a claim whose lease is already past
    assert crashed.acquire("f2") is None
    other = Claims(graph, owner="alive:2")
    assert other.acquire("f2") is None
    assert not crashed.release("f2")  # the crashed owner no longer holds it
    assert other.release("f2")


def test_released_claim_is_free_again(graph: Graph) -> None:
    a, b = Claims(graph, owner="a"), Claims(graph, owner="b")
    assert a.acquire("f3") is None
    assert a.renew() == 1
    assert a.release("f3")
    assert b.acquire("f3") is None
