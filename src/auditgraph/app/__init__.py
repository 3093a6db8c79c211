"""The app layer: the only place stages are composed (docs/architecture.md, "The app layer").

The stages (loader, checks, tools, agents, verifier, eval) keep plain functions and their own click commands;
what joins two stages lives here, above them all, so no stage reaches a later one through a side channel:

- mcp_server.py: the MCP server, serving the tool catalog, the server tools and the verifier's tools;
- mcp_cli.py: `auditgraph mcp` (also `auditgraph agents mcp`: the agents' group with it added);
- audit_cli.py: `auditgraph audit`, with the verifier's narrative check as a section of its HTML page.

The CLI root (auditgraph.cli) registers these as it registers each stage's click group. Nothing below imports
this package (import-linter, pyproject.toml).
"""
