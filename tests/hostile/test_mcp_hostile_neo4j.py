"""A call of `auditgraph mcp` that never finishes does not hold the others (issue 36, item 3), against the tests' real
server: list_filings answers meanwhile (no timing: the slow call is held by an event until the other one has
answered). The probes that need no server are in tests/unit/hostile/test_mcp_hostile.py."""

from __future__ import annotations

import threading
from typing import Any

import anyio
import pytest

from auditgraph.app.mcp_server import build_server
from auditgraph.tools.base import ToolSpec
from auditgraph.tools.toolbox import Toolbox, catalog_toolbox


@pytest.mark.parametrize("held", [1, 50], ids=["one-held-call", "fifty-held-calls"])
def test_list_filings_answers_while_verify_claim_calls_are_held(sample_filing_graph, held: int):
    """No timing: the held calls wait on an event that is set only after list_filings answered. Fifty
    is more than anyio's 40 worker threads: long tools wait for their slots without holding one."""
    from mcp import Client

    from auditgraph.app.mcp_server import HEAVY_SLOTS

    release, started = threading.Event(), threading.Semaphore(0)

    def hold(name: str, args: dict[str, Any]) -> dict[str, Any]:
        started.release()
        release.wait()
        return {"status": "ok", "message": "released"}

    slow = Toolbox([ToolSpec("verify_claim", "held until released", "dynamic", {"type": "object", "properties": {}})], hold)
    order: list[str] = []

    async def main():
        async with Client(build_server(catalog_toolbox(sample_filing_graph), sample_filing_graph, [slow])) as client:

            async def call_slow():
                result = await client.call_tool("verify_claim", {})
                order.append(result.structured_content["message"])

            with anyio.fail_after(300):  # a call that never gets a thread fails the test instead of hanging it
                async with anyio.create_task_group() as tg:
                    try:
                        for _ in range(held):
                            tg.start_soon(call_slow)
                        for _ in range(min(held, HEAVY_SLOTS["verify_claim"])):  # every slot is taken and held
                            await anyio.to_thread.run_sync(started.acquire)
                        listed = await client.call_tool("list_filings", {})
                        order.append(f"list:{[f['id'] for f in listed.structured_content['filings']]}")
                    finally:
                        release.set()  # also when the deadline passed: the held threads end and the test fails

    anyio.run(main)
    assert order == ["list:['smpl-20251231']"] + ["released"] * held
