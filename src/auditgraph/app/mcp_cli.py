"""`auditgraph mcp` (also `auditgraph agents mcp`): the MCP server over stdio.

The server and what it serves (mcp, anyio, the verifier) are imported when the command runs, so `agents audit`,
`agents run` and `--help` do not load them.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import click

from auditgraph.agents.cli import agents as agents_group


@click.command("mcp")
@click.option("--no-investigation", is_flag=True, help="Serve only the catalog, without get_graph_schema and investigate_cypher.")
@click.option(
    "--root",
    "roots",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder load_filing may read (repeat). Default: $AUDITGRAPH_MCP_ROOTS (separated by "
    f"{os.pathsep!r}), else the current directory and the bundled sample filing.",
)
def mcp(no_investigation: bool, roots: tuple[Path, ...]) -> None:
    """Serve the whole tool catalog as an MCP server over stdio (for any coding agent)."""
    from auditgraph.agents.cli import open_quiet_graph
    from auditgraph.app.mcp_server import serve_graph

    with open_quiet_graph() as graph:
        serve_graph(graph, investigation=not no_investigation, roots=roots or None)


# `auditgraph agents`: the stage's own group, with the server beside its commands (a copy: the stage's is untouched).
agents = copy.copy(agents_group)
agents.commands = {**agents_group.commands, "mcp": mcp}
