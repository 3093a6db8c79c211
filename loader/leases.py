"""Leases in the graph so loaders sharing one server load each filing exactly once.

A claim is a (:LoadClaim {key, owner, expires_at}) node, MERGEd on its uniquely constrained key in
its own short transaction (cypher/load/claim_acquire). `auditgraph filing load` (loader/jobs.py)
claims every filing before it checks or parses it (`Leases.claim`) and skips a filing validly claimed by another
owner ("claimed by another loader"); a filing already loaded is then found by the usual check
("unchanged": same content already loaded). While it works a thread renews the lease of every
claim it holds (`Leases.held`); a claim is released once the filing's transaction has committed
(or failed). A crashed loader stops renewing: its claims expire after the lease and another loader
takes them over. The filing's own transaction stays the unit of atomicity: a claim never guards
half-written data, it only keeps two loaders from parsing and writing the same filing.

Taxonomy writes (`taxonomy load`, `remove`, `dqc-constants`) take one lease for the whole graph, the claim keyed
TAXONOMY (`Leases.taxonomy_lease`): a taxonomy load waits until no other taxonomy load holds it and no filing is
claimed, and a filing claimed while it is held waits for its release. Two `taxonomy load --force` of one package
thus run one after the other, and a filing never commits in the middle of a release's rewrite (it would miss the
relink that ends the load). Both queries first lock the one LoadGate node, so neither can miss the other's claim.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from auditgraph.errors import AuditGraphError
from auditgraph.graph import Graph

LEASE_SECONDS = 120  # a crashed loader's filings are free again after two minutes
RENEW_FRACTION = 4  # renewed four times per lease: a loader that is merely slow keeps its claims
_VANISHED_RETRIES = 5  # a claim released under our MERGE is taken again; each retry follows a release
TAXONOMY = "@taxonomy"  # the key of the taxonomy lease: no filing id starts with "@"
POLL_SECONDS = 0.2  # how often a loader waiting for a lease asks again (one short query each time)


def new_owner() -> str:
    """A loader id unique across machines and processes: host, pid and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass
class Leases:
    """One loader's claims on one server."""

    graph: Graph
    owner: str = field(default_factory=new_owner)
    lease_seconds: int = LEASE_SECONDS
    on_wait: Callable[[str], None] | None = None  # told once per wait why this loader waits (a progress line)
    _holding: Counter[str] = field(default_factory=Counter, init=False, repr=False)  # claim() blocks open per filing

    @contextmanager
    def claim(self, filing_id: str) -> Iterator[str | None]:
        """Hold the filing's lease while the block runs (the filing's load, up to its commit or failure): yields None
        when this loader holds it, else why the filing is skipped (then nothing is held). Every way `filing load`
        loads a filing claims it here (loader/jobs.py). Re-entrant: the same filing twice in one batch keeps its lease
        until the last block ends. The release is best effort: when the server is gone the lease expires by itself,
        and the block's own error (or result) stands."""
        if self._holding[filing_id] == 0:
            why = self.acquire(filing_id)
            if why:
                yield why
                return
        self._holding[filing_id] += 1
        try:
            yield None
        finally:
            self._holding[filing_id] -= 1
            if self._holding[filing_id] == 0:
                del self._holding[filing_id]
                with contextlib.suppress(AuditGraphError):
                    self.release(filing_id)

    def acquire(self, filing_id: str) -> str | None:
        """None when this loader now holds the filing (new, its own, or another's expired claim);
        otherwise why it is skipped. Waits while a taxonomy load holds the taxonomy lease."""
        told = False
        while True:
            row = self._acquire(filing_id, "")
            dead = row["gate_owner"] or row["owner"]
            if dead != self.owner and _dead_here(dead):
                row = self._acquire(filing_id, dead)  # its process is gone: no need to wait out the lease
            if row["gate_owner"] is None:
                break
            if not told and self.on_wait:
                self.on_wait(f"waiting for the taxonomy load of {row['gate_owner']} to end")
                told = True
            time.sleep(POLL_SECONDS)  # the lease ends with that load (or expires when it died)
        if row["owner"] != self.owner:
            return f"claimed by another loader ({row['owner']}) until {_when(row['expires_at'])}"
        return None

    def _acquire(self, filing_id: str, dead_owner: str) -> dict[str, Any]:
        params = {
            "key": filing_id,
            "owner": self.owner,
            "lease_seconds": self.lease_seconds,
            "dead_owner": dead_owner,
            "gate": TAXONOMY,
        }
        for _ in range(_VANISHED_RETRIES):
            row: dict[str, Any] = self.graph.write("load.claim_acquire", **params)[0]
            # No owner: the MERGE matched a claim whose holder released (deleted) it before this
            # transaction got its lock. The claim is free now: the next MERGE creates it afresh.
            if row["owner"] is not None or row["gate_owner"] is not None:
                return row
        return {"owner": "a loader that keeps releasing and retaking it", "expires_at": "now", "gate_owner": None}

    def acquire_taxonomy(self) -> None:
        """Take the taxonomy lease, waiting while another taxonomy load holds it or a filing is claimed."""
        told = False
        dead: list[str] = []
        while True:
            row = self.graph.write(
                "load.taxonomy_lease", gate=TAXONOMY, owner=self.owner, lease_seconds=self.lease_seconds, dead_owners=dead
            )[0]
            if row["owner"] == self.owner:
                return
            others = [o for o in [row["owner"], *row["busy"]] if o and o != self.owner]
            gone = [o for o in others if o not in dead and _dead_here(o)]
            if gone:  # their processes are gone: no need to wait out their leases
                dead += gone
                continue
            if not told and self.on_wait:
                self.on_wait(f"waiting for {', '.join(sorted(set(others)))} to end (one taxonomy write at a time)")
                told = True
            time.sleep(POLL_SECONDS)

    @contextmanager
    def taxonomy_lease(self) -> Iterator[Leases]:
        """Hold the taxonomy lease (renewed) while the block writes taxonomies; released at its end."""
        self.acquire_taxonomy()
        with self.held():
            yield self

    def renew(self) -> int:
        """Extend the lease of every claim this loader holds; returns how many."""
        return int(self.graph.write("load.claim_renew", owner=self.owner, lease_seconds=self.lease_seconds)[0]["renewed"])

    def release(self, filing_id: str) -> bool:
        return bool(self.graph.write("load.claim_release", key=filing_id, owner=self.owner)[0]["released"])

    def release_all(self) -> int:
        return int(self.graph.write("load.claim_release_owner", owner=self.owner)[0]["released"])

    def clear_pending(self) -> list[str]:
        """Delete leftovers of interrupted loads (a Filing still "pending") that no live loader
        holds; returns their ids. A pending filing claimed by another loader whose lease has not
        expired is left alone: it may be that loader's work (a filing's transaction is invisible to
        others until it commits, so this is a second line of defence)."""
        cleared = []
        for fid in [r["id"] for r in self.graph.read("filing.pending")]:
            with self.claim(fid) as why:
                if why is None:
                    self.graph.write("filing.delete", filing_id=fid)
                    cleared.append(fid)
        return cleared

    @contextmanager
    def held(self) -> Iterator[Leases]:
        """Renew this loader's leases on a thread while the block runs; release them all at the end."""
        stop = threading.Event()
        every = max(1.0, self.lease_seconds / RENEW_FRACTION)

        def renew_loop() -> None:
            while not stop.wait(every):
                try:
                    self.renew()
                except AuditGraphError:
                    pass  # the server is briefly away: the next round tries again, the lease has room

        thread = threading.Thread(target=renew_loop, name="claim-renewer", daemon=True)
        thread.start()
        try:
            yield self
        finally:
            stop.set()
            thread.join(timeout=5)
            try:
                self.release_all()
            except AuditGraphError:
                pass  # the server is gone: the claims expire by themselves


def _dead_here(owner: str) -> bool:
    """True when the owner is a loader process of this host that no longer runs (killed, crashed):
    a rerun on the same machine takes its claims at once instead of waiting for the lease."""
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # alive, another user's
    return False


def _when(value: object) -> str:
    iso = getattr(value, "iso_format", None)
    text = str(iso() if callable(iso) else value)
    return text[:19].replace("T", " ") + " UTC" if "T" in text else text
