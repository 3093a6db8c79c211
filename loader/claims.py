"""Claims in the graph so loaders sharing one server load each filing exactly once.

A claim is a (:LoadClaim {key, owner, expires_at}) node, MERGEd on its uniquely constrained key in
its own short transaction (cypher/load/claim_acquire). A loader skips a filing that is loaded or
validly claimed by another owner; a crashed loader's claim expires after its lease and another
loader takes it over; the claim is removed once the filing's transaction has committed.

Not yet used by `filing load` (issue 20: parallel and multi-machine loads wire it in).
"""

from __future__ import annotations

import os
import socket
import uuid
from dataclasses import dataclass, field

from auditgraph.graph import Graph

LEASE_SECONDS = 600  # a crashed loader's filings are free again after 10 minutes


def new_owner() -> str:
    """A loader id unique across machines and processes: host, pid and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass
class Claims:
    """One loader's claims on one server."""

    graph: Graph
    owner: str = field(default_factory=new_owner)
    lease_seconds: int = LEASE_SECONDS

    def acquire(self, filing_id: str) -> str | None:
        """None when this loader now holds the filing; otherwise why it is skipped."""
        row = self.graph.run("load.claim_acquire", key=filing_id, owner=self.owner, lease_seconds=self.lease_seconds)[0]
        if row["owner"] != self.owner:
            return f"claimed by another loader ({row['owner']}) until {row['expires_at']}"
        if row["loaded"]:
            self.release(filing_id)
            return "already loaded"
        return None

    def renew(self) -> int:
        """Extend the lease of every claim this loader holds; returns how many."""
        return int(self.graph.run("load.claim_renew", owner=self.owner, lease_seconds=self.lease_seconds)[0]["renewed"])

    def release(self, filing_id: str) -> bool:
        return bool(self.graph.run("load.claim_release", key=filing_id, owner=self.owner)[0]["released"])
