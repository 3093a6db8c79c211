"""LoadClaim leases against a real Neo4j: one owner per filing, expired claims are taken over."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading

from auditgraph.graph import Graph
from auditgraph.loader.leases import Leases


def test_first_claim_wins_and_live_claim_is_skipped(graph: Graph) -> None:
    a, b = Leases(graph, owner="host-a:1"), Leases(graph, owner="host-b:2")
    assert a.acquire("f1") is None
    why = b.acquire("f1")
    assert why is not None and "host-a:1" in why
    assert a.acquire("f1") is None  # its own claim: renewed, still held


def test_expired_claim_is_taken_over(graph: Graph) -> None:
    crashed = Leases(graph, owner="crashed:1", lease_seconds=-60)  # a claim whose lease is already past
    assert crashed.acquire("f2") is None
    other = Leases(graph, owner="alive:2")
    assert other.acquire("f2") is None
    assert not crashed.release("f2")  # the crashed owner no longer holds it
    assert other.release("f2")


def test_released_claim_is_free_again(graph: Graph) -> None:
    a, b = Leases(graph, owner="a"), Leases(graph, owner="b")
    assert a.acquire("f3") is None
    assert a.renew() == 1
    assert a.release("f3")
    assert b.acquire("f3") is None


def test_claim_of_a_dead_process_on_this_host_is_taken_at_once(graph: Graph) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # ran and was reaped: its pid no longer runs
    killed = Leases(graph, owner=f"{socket.gethostname()}:{gone.pid}:a1b2c3d4")
    assert killed.acquire("f1") is None
    live = Leases(graph, owner=f"{socket.gethostname()}:1:e5f6a7b8")  # pid 1 always runs
    assert live.acquire("f2") is None

    rerun = Leases(graph)
    assert rerun.acquire("f1") is None  # the dead loader's claim, without waiting out its lease
    why = rerun.acquire("f2")
    assert why is not None and ":1:e5f6a7b8" in why  # a live loader's claim is respected


def test_a_claim_released_while_another_loader_takes_it_is_taken_not_lost(graph: Graph) -> None:
    """The race CI met with three loaders: loader B's MERGE matches A's claim, A deletes it (release) and
    commits, B's MERGE then reads a deleted node (owner null). B must end up holding the filing."""
    a, b = Leases(graph, owner="host-a:1:aa"), Leases(graph, owner="host-b:2:bb")
    assert a.acquire("f9") is None
    taken: list[str | None] = []
    with graph.driver.session(database=graph.database) as session:
        release = session.begin_transaction()  # A's release, held open: it locks the claim
        release.run("MATCH (c:LoadClaim {key: 'f9'}) DELETE c").consume()
        worker = threading.Thread(target=lambda: taken.append(b.acquire("f9")))
        worker.start()
        blocked = "SHOW TRANSACTIONS YIELD status WHERE status STARTS WITH 'Blocked' RETURN count(*) AS n"
        while graph.driver.execute_query(blocked).records[0]["n"] == 0:  # B waits on A's lock
            worker.join(0.05)
        release.commit()
    worker.join()
    assert taken == [None]  # B holds it
    assert b.release("f9")


def test_a_claim_is_held_for_its_block_and_the_same_filing_twice_until_the_last_block_ends(graph: Graph) -> None:
    """Leases.claim is how every `filing load` path holds a filing: released when its block ends, also on an error."""
    a, b = Leases(graph, owner="host-a:1:aa"), Leases(graph, owner="host-b:2:bb")
    with a.claim("f4") as why:
        assert why is None
        with b.claim("f4") as other:
            assert other is not None and "host-a:1:aa" in other  # skipped: b holds nothing ...
        with a.claim("f4") as again:  # the same filing twice in one batch
            assert again is None
        assert b.acquire("f4") is not None  # ... and the inner block left a's claim in place
    assert b.acquire("f4") is None  # released with the last block
    assert b.release("f4")

    try:
        with a.claim("f5"):
            raise RuntimeError("the load failed")
    except RuntimeError:
        pass
    assert b.acquire("f5") is None  # released on the failure too
