"""The whole tool catalog as an MCP server, so any coding agent audits in the same environment.

`auditgraph mcp` serves it over stdio (the paper's "env" condition of the external-agent study).
Tool calls run in a worker thread through the same door the auditors use, `Toolbox.call`
(auditgraph.tools.toolbox), the one place where a failure becomes an observation; here it comes back
as a result with `is_error` set and a one-line message, never as a dropped connection or a traceback.

What a client sees besides the catalog (docs/tools.md, "MCP server"):
- the package version as the server version, a title, read-only/destructive/idempotent/open-world
  hints and an output schema for every tool (the structured content validates against it);
- server tools over the graph: `list_filings` (with fact coverage), `list_taxonomies`, `load_filing`
  (a path, as `auditgraph filing load` takes it) and `audit_filing` (the checker-only audit);
- any filing argument accepts what the CLI accepts: id, accession, folder name or ticker/form/period;
- prompts `audit_this_filing` and `verify_this_claim` (which tools, in which order);
- resources: the graph model (docs/graph-model.md, shipped in this package) and the query catalog;
  no resource templates (resources/templates/list answers an empty list).

Limits (issue 36; docs/security.md): every string argument has a maxLength in its tool's input
schema (STRING_LIMITS, else MAX_STRING_CHARS) and one call's arguments at most MAX_ARGUMENTS_CHARS
of JSON, checked before any work starts (LIMITS: Toolbox.refusal, in the event loop); load_filing reads only regular files and filing folders
under its roots (`auditgraph mcp --root DIR`, AUDITGRAPH_MCP_ROOTS; default: the directory the
server started in, unless it is /, and the bundled sample) and never walks a folder of filings.
Tool calls run on worker threads, so a long call never holds the others (the Z3 work of each
thread has its own context, verifier/check.py). Lines that are not JSON-RPC 2.0 get the spec's error response
(-32700 parse error, -32600 invalid request) instead of silence (`serve_streams`).

The server is the app layer's (src/auditgraph/app/): `serve_graph` composes what `auditgraph mcp` serves, the
catalog (auditgraph.tools) with the agents' investigation tools and the verifier's `verify_claim` and
`ask_filing`; `build_server` serves any toolbox plus `extensions` (each with its own prompts), as tests do.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import os
import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, replace
from importlib.resources import files
from pathlib import Path
from typing import IO, Any, Literal, cast

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from auditgraph import __version__, queries
from auditgraph.agents.case_records import canonical_json
from auditgraph.app.mcp_stdin import BoundedLines, oversized
from auditgraph.checks.result import AuditReport, dump
from auditgraph.errors import GraphUnavailable
from auditgraph.graph import Graph, plain
from auditgraph.tools.base import READ_ONLY, PromptSpec, Rows, ToolSpec
from auditgraph.tools.cypher_limits import MAX_CYPHER_CHARS
from auditgraph.tools.static import CheckToolResult
from auditgraph.tools.toolbox import ArgumentLimits, Runner, Toolbox, is_ok

INSTRUCTIONS = (
    "Tools over a Neo4j graph of US-GAAP taxonomies and SEC XBRL filings. Start with list_filings (what is loaded, "
    "with fact coverage; load_filing adds one from a path). audit_filing runs every deterministic checker over a "
    "filing (every registered DQC rule family, each with its official codes, and CALC11); check_rule runs one family "
    "(check_sign, check_calc_tree and check_dim_consistency: 0015, 0126, 0117), optionally for one concept; verify_claim proves or refutes a numerical claim with Z3 (Verified, Violated with "
    "the unsat core, or Abstain with the missing requirement). A filing may be named by its id, accession, folder "
    "name or ticker/form/period words (SMPL 10-K 2025). Values are exact decimal strings. The prompts "
    "audit_this_filing and verify_this_claim give the order of calls; resources hold the graph model and the queries."
)

FILING_ARG = (
    "the filing: its id, accession, folder or file name, or ticker/form/period words such as 'SMPL 10-K 2025' "
    "(list_filings shows them)"
)
GRAPH_MODEL_URI = "auditgraph://docs/graph-model"
QUERIES_URI = "auditgraph://queries"

# ---------------------------------------------------------------- limits (docs/security.md)
MAX_STRING_CHARS = 1_000  # any string argument without its own limit below (filing ids, concepts, periods, rules)
STRING_LIMITS = {"claim": 2_000, "question": 1_000, "path": 4_096, "query": MAX_CYPHER_CHARS}
MAX_ARGUMENTS_CHARS = 65_536  # the JSON of one call's arguments, a Cypher `params` object included
LIMITS = ArgumentLimits(MAX_STRING_CHARS, STRING_LIMITS, MAX_ARGUMENTS_CHARS)  # the door refuses calls over them
ROOTS_ENV = "AUDITGRAPH_MCP_ROOTS"  # os.pathsep-separated folders load_filing may read
MAX_FOLDER_ENTRIES = 1_000  # a filing folder with more entries is refused: pass its instance file
# Tools whose calls are long (a load, an audit, a Z3 proof) wait for one of these many slots without
# holding a worker thread, so however many of them a client sends, anyio's 40 threads stay free for
# every other call. Loads are one at a time anyway (Arelle is process-global).
HEAVY_SLOTS = {"load_filing": 1, "verify_claim": 4, "audit_filing": 4, "ask_filing": 2}


def server_version() -> str:
    """The installed package's version (the server version MCP clients show)."""
    try:
        return importlib.metadata.version("auditgraph")
    except importlib.metadata.PackageNotFoundError:  # a source tree on sys.path without an install
        return __version__


# ---------------------------------------------------------------- what MCP shows of the catalog


def _schema(model: type[BaseModel] | type[AuditReport], **extra: Any) -> dict[str, Any]:
    """The JSON schema of an observation model (serialisation mode: what model_dump(mode="json") gives)."""
    schema = TypeAdapter(model).json_schema(mode="serialization")
    schema.pop("title", None)
    if extra:
        schema["properties"] = {**extra, **schema["properties"]}
    return schema


_STATUS = {"type": "string", "enum": ["ok", "error", "no_data"]}
_ENVELOPE = {"tool": {"type": "string"}, "status": _STATUS, "message": {"type": "string"}}
ROWS_SCHEMA = _schema(Rows)
CHECK_SCHEMA = _schema(CheckToolResult)
GRAPH_SCHEMA_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["status", "node_props", "rel_props", "relationships"],
    "properties": {
        "status": _STATUS,
        "node_props": {"type": "object", "description": "label -> [{property, type}]"},
        "rel_props": {"type": "object", "description": "relationship type -> [{property, type}]"},
        "relationships": {"type": "array", "items": {"type": "object"}, "description": "{start, type, end} patterns"},
        "text": {"type": "string", "description": "the same schema as text"},
    },
}
ADHOC_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["status", "rows", "row_count"],
    "properties": {
        "status": _STATUS,
        "rows": {"type": "array", "items": {"type": "object"}},
        "row_count": {"type": "integer", "minimum": 0},
        "message": {"type": "string"},
    },
}

# name -> (title, output schema) of every catalog tool (tools/static.py, tools/dynamic.py, agents/environment.py).
CATALOG: dict[str, tuple[str, Mapping[str, Any]]] = {
    "get_concept_metadata": ("Concept metadata: type, balance, labels", ROWS_SCHEMA),
    "get_calc_children": ("Calculation children of a total", ROWS_SCHEMA),
    "get_calc_parents": ("Calculation totals a concept feeds", ROWS_SCHEMA),
    "get_presentation_context": ("Where a concept is presented", ROWS_SCHEMA),
    "get_dimensions": ("Axes and members allowed for a line item", ROWS_SCHEMA),
    "get_candidate_rules": ("DQC rules that can apply to a concept", ROWS_SCHEMA),
    "get_fact": ("Facts of a concept (exact values)", ROWS_SCHEMA),
    "check_sign": ("DQC.US.0015: negative values check", CHECK_SCHEMA),
    "check_calc_tree": ("DQC.US.0126: calculation totals check", CHECK_SCHEMA),
    "check_dim_consistency": ("DQC.US.0117: axis member sums check", CHECK_SCHEMA),
    "check_rule": ("Any DQC rule family or CALC11", CHECK_SCHEMA),
    "get_fact_history": ("A concept's facts across periods and filings", ROWS_SCHEMA),
    "compare_periods": ("Period-over-period changes of a concept", ROWS_SCHEMA),
    "get_dimensional_breakdown": ("A total and its axis members", ROWS_SCHEMA),
    "get_siblings": ("Sibling concepts under the same parents", ROWS_SCHEMA),
    "check_unit_decimals": ("Units and decimals consistency", ROWS_SCHEMA),
    "analyze_magnitude": ("Scale errors (x1000, x1000000)", ROWS_SCHEMA),
    "run_cypher": ("Read-only Cypher query", ROWS_SCHEMA),
    "get_graph_schema": ("Graph schema: labels, properties, relationships", GRAPH_SCHEMA_SCHEMA),
    "investigate_cypher": ("Investigate with read-only Cypher", ADHOC_SCHEMA),
}


def described(spec: ToolSpec) -> ToolSpec:
    """The spec with the title, hints and output schema MCP shows (its own where it has them)."""
    title, output = CATALOG.get(spec.name, (spec.name.replace("_", " ").capitalize(), _schema(Rows)))
    schema = dict(spec.schema)
    props = schema.get("properties")
    if isinstance(props, dict):
        props = {k: _bounded(k, v) for k, v in props.items()}
        if "filing_id" in props:  # every filing argument takes what the CLI takes
            props["filing_id"] = {**props["filing_id"], "description": FILING_ARG}
        schema["properties"] = props
    return replace(
        spec,
        schema=schema,
        title=spec.title or title,
        hints=spec.hints or READ_ONLY,
        output_schema=spec.output_schema or output,
    )


def _is_string(prop: Mapping[str, Any]) -> bool:
    kinds = [prop.get("type"), *(p.get("type") for p in prop.get("anyOf") or () if isinstance(p, Mapping))]
    return "string" in kinds or any(isinstance(k, list) and "string" in k for k in kinds)


def _bounded(name: str, prop: Any) -> Any:
    """A string property with the maxLength every call is checked against (its own, else the defaults)."""
    if not isinstance(prop, Mapping) or not _is_string(prop) or "maxLength" in prop:
        return prop
    return {**prop, "maxLength": LIMITS.limit(name)}


def default_roots() -> list[Path]:
    """Where load_filing may read: AUDITGRAPH_MCP_ROOTS, else the server's working directory and the bundled sample.
    A client that starts the server in / does not open the whole file system: that root must be given explicitly."""
    listed = os.environ.get(ROOTS_ENV, "")
    if listed.strip():
        return [Path(p).expanduser() for p in listed.split(os.pathsep) if p.strip()]
    here = Path.cwd()
    return [*([here] if here != Path(here.anchor) else []), Path(str(files("auditgraph.sample")))]


# ---------------------------------------------------------------- server tools over the graph


class NoArgs(BaseModel):
    pass


class LoadArgs(BaseModel):
    path: str = Field(
        description="one filing on this machine, under the server's roots (`auditgraph mcp --root DIR`): an instance "
        ".xml, an inline .htm, a filing .zip or a filing's own folder (not a folder of filings)"
    )
    force: bool = Field(False, description="replace the filing if it is already loaded (atomically; the old copy is deleted)")


class AuditArgs(BaseModel):
    filing_id: str = Field(description=FILING_ARG)
    rules: str | None = Field(None, description="comma-separated rule families (0015, DQC.US.0018, calc11); omit for all")
    coverage: Literal["expanded", "limited"] = Field(
        "expanded", description="DQC.US.0015 list: expanded (full official list) or limited (debit-balance concepts)"
    )
    limit: int = Field(50, ge=1, le=1000, description="at most this many findings per list (counts per rule are complete)")


def _error(message: str) -> dict[str, Any]:
    return {"status": "error", "message": (message.strip().splitlines() or ["failed"])[0]}


_FILING_ROW = {
    "type": "object",
    "required": ["id", "status", "facts", "placeholder_facts"],
    "properties": {
        "id": {"type": "string", "description": "pass it (or the accession, folder, ticker/form/period) to other tools"},
        "status": {"type": ["string", "null"], "description": "loaded, or pending while a load runs"},
        "form": {"type": ["string", "null"]},
        "ticker": {"type": ["string", "null"]},
        "entity_name": {"type": ["string", "null"]},
        "cik": {"type": ["string", "null"]},
        "period_end": {"type": ["string", "null"], "description": "ISO date"},
        "fiscal_year_focus": {"type": ["string", "null"]},
        "fiscal_period_focus": {"type": ["string", "null"]},
        "us_gaap_year": {"type": ["integer", "null"]},
        "accession": {"type": ["string", "null"]},
        "source": {"type": ["string", "null"]},
        "facts": {"type": ["integer", "null"]},
        "contexts": {"type": ["integer", "null"]},
        "errors": {"type": ["integer", "null"]},
        "placeholder_facts": {
            "type": "integer",
            "description": "facts whose concept is a placeholder (its taxonomy release is not loaded): checks cannot use them",
        },
        "coverage": {"type": "string", "description": "facts on loaded concepts, in words"},
    },
}
LIST_FILINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["status", "filings"],
    "properties": {**_ENVELOPE, "filings": {"type": "array", "items": _FILING_ROW}},
}
_RELEASE_ROW = {
    "type": "object",
    "required": ["key", "status"],
    "properties": {
        "key": {"type": "string", "description": "e.g. us-gaap/2025"},
        "taxonomy": {"type": ["string", "null"]},
        "year": {"type": ["integer", "null"]},
        "status": {"type": ["string", "null"]},
        "package": {"type": ["string", "null"]},
        "content_hash": {"type": ["string", "null"]},
        "sample": {"type": "boolean", "description": "the bundled sample taxonomy, not a real release"},
        "concepts": {"type": ["integer", "null"]},
        "relationships": {"type": ["integer", "null"]},
        "labels": {"type": ["integer", "null"]},
        "dqc_rules": {"type": ["integer", "null"]},
        "loaded_at": {"type": ["string", "null"]},
    },
}
LIST_TAXONOMIES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["status", "releases"],
    "properties": {**_ENVELOPE, "releases": {"type": "array", "items": _RELEASE_ROW}},
}
LOAD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["status", "filing"],
    "properties": {
        **_ENVELOPE,
        "filing": {
            "type": "object",
            "required": ["id", "status"],
            "description": "what the load did (auditgraph filing load --json)",
            "properties": {
                "id": {"type": "string"},
                "source": {"type": "string"},
                "status": {"type": "string", "enum": ["loaded", "replaced", "unchanged", "failed"]},
                "facts": {"type": "integer"},
                "contexts": {"type": "integer"},
                "placeholders": {"type": "integer"},
                "placeholder_facts_by_year": {"type": "object"},
                "errors": {"type": "integer"},
            },
        },
    },
}
AUDIT_SCHEMA = _schema(AuditReport, **_ENVELOPE)


def _coverage(facts: int | None, placeholder: int) -> str:
    if not facts:
        return "no facts"
    if not placeholder:
        return f"all {facts} facts on loaded concepts"
    share = round(100 * placeholder / facts, 1)  # a display ratio, not an amount
    return (
        f"{facts - placeholder} of {facts} facts on loaded concepts; {placeholder} ({share}%) on placeholders: "
        "load the taxonomy releases they name (`auditgraph taxonomy load`) and relink"
    )


class ServerTools:
    """list_filings, list_taxonomies, load_filing and audit_filing over one graph (loads one at a time)."""

    def __init__(self, graph: Graph, roots: Sequence[Path] | None = None):
        self.graph = graph
        self.roots = [Path(os.path.realpath(r)) for r in (default_roots() if roots is None else roots)]
        self._load_lock = threading.Lock()
        self._schema_ready = False

    def specs(self) -> list[ToolSpec]:
        return [
            ToolSpec(
                "list_filings",
                "Every loaded filing (eval copies excluded) with ticker, form, period, accession and fact coverage: "
                "how many facts point at placeholder concepts whose taxonomy is not loaded. Start here.",
                "static",
                NoArgs.model_json_schema(),
                title="List loaded filings",
                hints=READ_ONLY,
                output_schema=LIST_FILINGS_SCHEMA,
            ),
            ToolSpec(
                "list_taxonomies",
                "Every taxonomy release in the graph (us-gaap, srt, dei, ...) with its package and counts of concepts, "
                "relationships, labels and DQC rules.",
                "static",
                NoArgs.model_json_schema(),
                title="List loaded taxonomy releases",
                hints=READ_ONLY,
                output_schema=LIST_TAXONOMIES_SCHEMA,
            ),
            ToolSpec(
                "load_filing",
                "Load one SEC filing from a path on this machine into the graph (offline, with the taxonomy packages "
                "`auditgraph taxonomy load` remembered plus the bundled sample). Only regular files and filing folders "
                "under the server's roots are read. Loading it again is a no-op unless force replaces it (the old copy "
                "is deleted); a failed load leaves nothing behind.",
                "static",
                LoadArgs.model_json_schema(),
                title="Load a filing from a path",
                # force deletes the filing's old copy: destructive per the MCP spec (an update that may replace data)
                hints={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False},
                output_schema=LOAD_SCHEMA,
            ),
            ToolSpec(
                "audit_filing",
                "The checker-only audit of a whole filing: every registered DQC rule family and CALC11, a verdict "
                "(violations, clean, not_evaluable), counts per rule and the findings with their official codes and facts.",
                "static",
                AuditArgs.model_json_schema(),
                title="Audit a filing (every checker)",
                hints=READ_ONLY,
                output_schema=AUDIT_SCHEMA,
            ),
        ]

    def __call__(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        run: Callable[[dict[str, Any]], dict[str, Any]] = {
            "list_filings": self.list_filings,
            "list_taxonomies": self.list_taxonomies,
            "load_filing": self.load_filing,
            "audit_filing": self.audit,
        }[name]
        return {"tool": name, **run(args)}  # a failure raises: the door (Toolbox.call) makes it the observation

    def list_filings(self, args: dict[str, Any]) -> dict[str, Any]:
        NoArgs.model_validate(args)
        rows = []
        for r in self.graph.read("filing.list"):
            row = {k: plain(v) for k, v in r.items()}
            row["period_end"] = str(row["period_end"]) if row.get("period_end") is not None else None
            row["placeholder_facts"] = int(row.get("placeholder_facts") or 0)
            row["coverage"] = _coverage(row.get("facts"), row["placeholder_facts"])
            rows.append(row)
        if not rows:
            return {"status": "no_data", "message": "no filing loaded; load one with load_filing", "filings": []}
        return {"status": "ok", "message": f"{len(rows)} filing(s)", "filings": rows}

    def list_taxonomies(self, args: dict[str, Any]) -> dict[str, Any]:
        NoArgs.model_validate(args)
        rows = [{k: plain(v) for k, v in r.items()} for r in self.graph.read("taxonomy.releases")]
        if not rows:
            return {"status": "no_data", "message": "no taxonomy loaded; `auditgraph taxonomy load` loads them", "releases": []}
        return {"status": "ok", "message": f"{len(rows)} release(s)", "releases": rows}

    def _inside(self, path: Path) -> bool:
        return any(path == root or path.is_relative_to(root) for root in self.roots)

    def _filing_path(self, given: str) -> Path:
        """The one filing a path names, under the roots, as a regular file or a filing folder; LoadError otherwise.
        Symlinks are followed first, so one pointing out of the roots is refused like the place it points to."""
        from auditgraph.errors import LoadError
        from auditgraph.loader.filing_source import pick_entry, refuse_special

        path = Path(given).expanduser()
        real = Path(os.path.realpath(path))  # never raises; a loop or a missing part stays unresolved
        if not self._inside(real):
            roots = ", ".join(map(str, self.roots)) or "none"
            raise LoadError(
                f"{given}: outside the folders load_filing may read ({roots}); "
                f"start the server with `auditgraph mcp --root DIR` or set {ROOTS_ENV}"
            )
        if not real.exists():
            raise LoadError(f"{given}: no such file or folder; pass an instance, an inline .htm, a filing zip or a folder")
        refuse_special(path)  # named as given; stat() follows the links
        if not real.is_dir():
            return real
        if next(itertools.islice(real.iterdir(), MAX_FOLDER_ENTRIES, None), None) is not None:
            raise LoadError(f"{given}: more than {MAX_FOLDER_ENTRIES:,} entries; pass the filing's instance file itself")
        entry = pick_entry(real)
        if entry is None:
            raise LoadError(
                f"{given}: no filings in this folder; load_filing takes one filing (an instance .xml, inline .htm, "
                "zip or the filing's own folder); `auditgraph filing load` takes folders of filings"
            )
        if not self._inside(Path(os.path.realpath(entry))):
            raise LoadError(f"{given}: its entry {entry.name} links outside the folders load_filing may read")
        return real

    def load_filing(self, args: dict[str, Any]) -> dict[str, Any]:
        from auditgraph.errors import LoadError
        from auditgraph.loader.filing import FilingLoader, clear_pending

        a = LoadArgs.model_validate(args)
        if not a.path.strip():
            raise LoadError("load_filing needs a path: an instance .xml, inline .htm, .zip or a filing's folder")
        item = self._filing_path(a.path.strip())
        with self._load_lock:  # Arelle is process-global: one load at a time
            if not self._schema_ready:
                self.graph.ensure_schema()
                self._schema_ready = True
            clear_pending(self.graph)
            with FilingLoader(self.graph) as loader:
                result = loader.load(item, force=a.force)
        d = asdict(result)
        d["placeholder_facts_by_year"] = {str(k): v for k, v in (d.get("placeholder_facts_by_year") or {}).items()}
        if result.status == "failed":
            return {**_error(result.message or f"{a.path}: the load failed"), "filing": d}
        message = f"{result.id}: {result.status}, {result.facts} facts"
        if result.placeholders:
            message += f"; {result.placeholders} placeholder concept(s): their taxonomy release is not loaded"
        return {"status": "ok", "message": message, "filing": d}

    def audit(self, args: dict[str, Any]) -> dict[str, Any]:
        from auditgraph.checks.audit import audit_filing, headline
        from auditgraph.checks.rulebook import parse_rules

        a = AuditArgs.model_validate(args)
        report = audit_filing(self.graph, a.filing_id, parse_rules(a.rules), a.coverage)
        out = dump(report)
        cut = [k for k in ("findings", "calc11", "not_evaluable") if len(out[k]) > a.limit]
        for k in cut:
            out[k] = out[k][: a.limit]
        message = headline(report) + (f"; first {a.limit} of each of {', '.join(cut)} shown" if cut else "")
        return {"status": "ok", "message": message, **out}


# ---------------------------------------------------------------- prompts and resources

_FILING_ARG = ("filing", "the filing: id, accession, folder name or ticker/form/period words")


def _audit_prompt(args: Mapping[str, str]) -> str:
    filing = args["filing"]
    return (
        f"Audit the filing {filing!r} with the auditgraph tools, in this order:\n"
        "1. list_filings: find the filing and its id. If it is not there, load it with load_filing (a path). "
        "Note its coverage: facts on placeholder concepts cannot be checked; say so in the report.\n"
        f"2. audit_filing with filing_id={filing!r}: the verdict and every finding of every DQC rule family "
        "(official codes such as DQC.US.0018.34) and CALC11.\n"
        "3. For each finding, run its family with check_rule for that concept and period (check_calc_tree with "
        "whole_tree=true for a total), then get_fact and get_calc_children (or get_dimensional_breakdown for 0117) "
        "for the evidence, and get_fact_history or analyze_magnitude when a value looks scaled or restated.\n"
        "4. Report the verdict, then one line per finding: rule, concept, period, reported vs expected value "
        "(exact decimals as the tools give them) and the facts it rests on. Do not write Cypher; "
        "run_cypher is only for what no tool answers."
    )


def _verify_prompt(args: Mapping[str, str]) -> str:
    filing, claim = args["filing"], args["claim"]
    return (
        f"Verify this claim about the filing {filing!r}: {claim!r}\n"
        "1. list_filings: find the filing and its id (load_filing if it is missing).\n"
        f"2. verify_claim with filing_id={filing!r} and claim={claim!r}. The decision is Verified, Violated "
        "(the unsat core names the facts and formulas that contradict the claim, and whether it overstates or "
        "understates) or Abstain (the reason names the missing requirement).\n"
        "3. For Violated, show the bound facts with get_fact (concept and period from the bindings) and, for a "
        "total, get_calc_children. For Abstain, say what is missing; do not guess a number.\n"
        "4. Answer with the decision, the filed values and the expected range, citing fact ids. No Cypher."
    )


# The server's own prompts; an extension toolbox adds its own (the verifier's ask_this_filing).
PROMPTS: dict[str, PromptSpec] = {
    p.name: p
    for p in (
        PromptSpec(
            "audit_this_filing",
            "Audit this filing",
            "Audit one loaded filing with the deterministic checkers, then explain each finding from the facts.",
            (_FILING_ARG,),
            _audit_prompt,
        ),
        PromptSpec(
            "verify_this_claim",
            "Verify this claim",
            "Prove or refute a numerical claim about a filing with the Z3 verifier, grounded in its facts.",
            (_FILING_ARG, ("claim", "the claim sentence, e.g. 'Revenue rose 6.7% to $33.7 billion in 2023'")),
            _verify_prompt,
        ),
    )
}


def prompt_text(name: str, args: Mapping[str, str]) -> str:
    return PROMPTS[name].text(args)


def graph_model_text() -> str:
    """docs/graph-model.md as the package ships it (agents/graph-model.md)."""
    return (files("auditgraph.agents") / "graph-model.md").read_text(encoding="utf-8")


def queries_text() -> str:
    """The user-facing query catalog, as `auditgraph queries --json` prints it."""
    return queries.families_json(queries.families())


RESOURCES: dict[str, tuple[str, str, str, str, Callable[[], str]]] = {
    GRAPH_MODEL_URI: (
        "graph-model",
        "Graph model",
        "Nodes, relationships and properties of the graph (docs/graph-model.md): what every tool reads.",
        "text/markdown",
        graph_model_text,
    ),
    QUERIES_URI: (
        "queries",
        "Query catalog",
        "Every named read query by family, with parameters and returned columns (auditgraph queries --json).",
        "application/json",
        queries_text,
    ),
}


# ---------------------------------------------------------------- the server


def serving_toolbox(
    toolbox: Toolbox, graph: Graph | None = None, extensions: Iterable[Toolbox] = (), roots: Sequence[Path] | None = None
) -> Toolbox:
    """The catalog, the server tools over `graph` and the extensions' tools, each spec as MCP shows it, refused over
    the limits; with `graph`, a filing argument is resolved as the CLI resolves it."""
    box = toolbox
    if graph is not None:
        server_tools = ServerTools(graph, roots)
        box = box.plus(server_tools.specs(), server_tools)
    for ext in extensions:
        box = box.plus(ext.specs.values(), ext.runner)
    runner = box.runner if graph is None else resolving_filings(box, graph)
    return Toolbox([described(box.specs[n]) for n in box.names()], runner, limits=LIMITS)


def resolving_filings(box: Toolbox, graph: Graph) -> Runner:
    """The box's runner, with a `filing_id` (an id, accession, folder name or ticker/form/period words) resolved
    to the filing's id first; a name that fits no filing raises, and the door makes that the observation."""
    from auditgraph.filing_ref import resolve_filing

    def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
        ref = args.get("filing_id")
        if isinstance(ref, str) and "filing_id" in box.specs[name].schema.get("properties", {}):
            args = {**args, "filing_id": resolve_filing(graph, ref)}
        return box.runner(name, args)

    return run


def listed_tool(s: ToolSpec) -> types.Tool:
    """A tool as tools/list shows it: its schemas, title and hints (annotations)."""
    hints = s.hints or {}
    return types.Tool(
        name=s.name,
        title=s.title or None,
        description=s.description,
        input_schema=dict(s.schema),
        output_schema=dict(s.output_schema) if s.output_schema else None,
        annotations=types.ToolAnnotations(
            title=s.title or None,
            read_only_hint=hints.get("readOnlyHint"),
            destructive_hint=hints.get("destructiveHint"),
            idempotent_hint=hints.get("idempotentHint"),
            open_world_hint=hints.get("openWorldHint"),
        ),
    )


def call_result(obs: dict[str, Any]) -> types.CallToolResult:
    """An observation as tools/call answers it: JSON text and structured content; an error with a one-line message."""
    failed = not is_ok(obs)
    if failed:
        obs = {**obs, "message": (str(obs.get("message") or obs.get("error") or "failed").strip().splitlines() or [""])[0]}
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=canonical_json(obs))], structured_content=obs, is_error=failed
    )


def listed_prompt(p: PromptSpec) -> types.Prompt:
    return types.Prompt(
        name=p.name,
        title=p.title,
        description=p.description,
        arguments=[types.PromptArgument(name=a, description=d, required=True) for a, d in p.arguments],
    )


def prompt_result(p: PromptSpec, given: Mapping[str, Any]) -> types.GetPromptResult:
    """The prompt's user message from its arguments, all required and non-blank."""
    missing = [a for a, _ in p.arguments if not str(given.get(a) or "").strip()]
    if missing:
        raise MCPError(types.INVALID_PARAMS, f"prompt {p.name} needs {', '.join(missing)}")
    text = p.text({a: str(given[a]).strip() for a, _ in p.arguments})
    return types.GetPromptResult(
        description=p.description,
        messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))],
    )


class Handlers:
    """What the server answers, over one serving toolbox and its prompts; every tool call runs on a worker thread."""

    def __init__(self, box: Toolbox, prompts: Mapping[str, PromptSpec]):
        self.box = box
        self.prompts = dict(prompts)
        self.slots: dict[str, anyio.CapacityLimiter] = {}  # made on first use, inside the event loop

    async def list_tools(self, ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[listed_tool(s) for s in self.box.specs.values()])

    async def call_tool(self, ctx: Any, params: Any) -> types.CallToolResult:
        name, args = params.name, dict(params.arguments or {})
        obs = self.box.refusal(name, args)  # refused before a thread, a slot or the graph is involved
        if obs is None:
            try:  # on a worker thread: the event loop keeps answering every other call meanwhile
                obs = await anyio.to_thread.run_sync(self.box.call, name, args, limiter=self.slot(name))
            except GraphUnavailable as exc:  # an outage is no tool result: a protocol error with its one line
                raise MCPError(types.INTERNAL_ERROR, (str(exc).strip().splitlines() or ["Neo4j is unavailable"])[0]) from None
        return call_result(obs)

    def slot(self, name: str) -> anyio.CapacityLimiter | None:
        """A long tool's own limiter (HEAVY_SLOTS): its calls wait for a slot without holding a worker thread."""
        if name not in HEAVY_SLOTS:
            return None
        return self.slots.setdefault(name, anyio.CapacityLimiter(HEAVY_SLOTS[name]))

    async def list_prompts(self, ctx: Any, params: Any) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[listed_prompt(p) for p in self.prompts.values()])

    async def get_prompt(self, ctx: Any, params: Any) -> types.GetPromptResult:
        if params.name not in self.prompts:
            raise MCPError(types.INVALID_PARAMS, f"unknown prompt {params.name!r}; prompts: {', '.join(self.prompts)}")
        return prompt_result(self.prompts[params.name], dict(params.arguments or {}))

    async def list_resources(self, ctx: Any, params: Any) -> types.ListResourcesResult:
        return types.ListResourcesResult(
            resources=[
                types.Resource(uri=uri, name=name, title=title, description=description, mime_type=mime)
                for uri, (name, title, description, mime, _) in RESOURCES.items()
            ]
        )

    async def list_resource_templates(self, ctx: Any, params: Any) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[])  # none: every resource has a fixed URI

    async def read_resource(self, ctx: Any, params: Any) -> types.ReadResourceResult:
        uri = str(params.uri)
        if uri not in RESOURCES:
            raise MCPError(types.INVALID_PARAMS, f"unknown resource {uri!r}; resources: {', '.join(RESOURCES)}")
        _, _, _, mime, read = RESOURCES[uri]
        text = await anyio.to_thread.run_sync(read)
        return types.ReadResourceResult(contents=[types.TextResourceContents(uri=uri, mime_type=mime, text=text)])


def build_server(
    toolbox: Toolbox, graph: Graph | None = None, extensions: Iterable[Toolbox] = (), roots: Sequence[Path] | None = None
) -> Any:
    """The MCP server; with `graph`, tool arguments naming a filing are resolved as the CLI resolves them.
    `roots`: the folders load_filing may read (default_roots() when None)."""
    from mcp.server.lowlevel import Server

    extensions = list(extensions)
    prompts = {**PROMPTS, **{p.name: p for ext in extensions for p in ext.prompts.values()}}
    h = Handlers(serving_toolbox(toolbox, graph, extensions, roots), prompts)
    return Server(
        "auditgraph",
        version=server_version(),
        title="auditgraph",
        description="Prove or refute the numbers in SEC XBRL filings: DQC checkers, auditor tools and a Z3 claim verifier.",
        instructions=INSTRUCTIONS,
        on_list_tools=h.list_tools,
        on_call_tool=h.call_tool,
        on_list_prompts=h.list_prompts,
        on_get_prompt=h.get_prompt,
        on_list_resources=h.list_resources,
        on_list_resource_templates=h.list_resource_templates,
        on_read_resource=h.read_resource,
    )


def _invalid_frame(exc: Exception) -> Any:
    """The JSON-RPC 2.0 error response to a line the transport could not read as a message: -32700 for
    text that is not JSON, -32600 for JSON that is no JSON-RPC 2.0 message. The id is the message's own
    when it can be read, else null (as the spec says for both)."""
    problems = exc.errors(include_url=False) if isinstance(exc, ValidationError) else []
    if not problems or any(p["type"] == "json_invalid" for p in problems):
        return types.JSONRPCError(
            jsonrpc="2.0",
            id=None,
            error=types.ErrorData(
                code=types.PARSE_ERROR, message="Parse error: the line is not JSON; send one JSON-RPC message per line"
            ),
        )
    top = [p for p in problems if len(p["loc"]) == 1]  # the value itself was no object
    obj = next((p["input"] for p in problems if isinstance(p.get("input"), dict)), None)
    request_id = obj.get("id") if obj else None
    if too_long := oversized(obj):
        why = too_long
    elif top and isinstance(top[0]["input"], list):
        why = "a batch (a JSON array) is not supported; send one message per line"
    elif top:
        why = 'a JSON-RPC message is an object with "jsonrpc": "2.0"'
    elif any(p["loc"][-1:] == ("jsonrpc",) for p in problems):
        why = '"jsonrpc" must be "2.0"'
    else:
        why = "not a JSON-RPC 2.0 request, notification or response (method, id, params or result is missing or wrong)"
    return types.JSONRPCError(
        jsonrpc="2.0",
        id=request_id if isinstance(request_id, str | int) and not isinstance(request_id, bool) else None,
        error=types.ErrorData(code=types.INVALID_REQUEST, message=f"Invalid Request: {why}"),
    )


async def serve_streams(server: Any, read_stream: Any, write_stream: Any) -> None:
    """Run `server` over a transport's streams. The SDK's transports hand a line that is no JSON-RPC
    message to the server as an exception, which its dispatcher only logs: the client waits forever.
    Here each such line is answered with the spec's error response; every message goes on unchanged."""
    from mcp.shared.message import SessionMessage

    send, receive = anyio.create_memory_object_stream[Any](0)

    async def pump() -> None:
        async with send:
            async for item in read_stream:
                if not isinstance(item, Exception):
                    await send.send(item)
                    continue
                try:
                    await write_stream.send(SessionMessage(_invalid_frame(item)))
                except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                    return  # the server is gone: nobody to answer for

    async with anyio.create_task_group() as tg:
        tg.start_soon(pump)
        await server.run(receive, write_stream, server.create_initialization_options())
        tg.cancel_scope.cancel()  # the server stopped first: stop reading for it


def serve_graph(graph: Graph, investigation: bool = True, roots: Sequence[Path] | None = None) -> None:
    """`auditgraph mcp`: the catalog (with get_graph_schema and investigate_cypher unless `investigation` is off),
    the server tools and the verifier's tools, all over `graph`, served over stdio until the client hangs up."""
    from auditgraph.agents.environment import Investigator, with_investigation
    from auditgraph.tools.toolbox import catalog_toolbox
    from auditgraph.verifier.ask import ask_toolbox
    from auditgraph.verifier.mcp_tools import verifier_toolbox

    box = catalog_toolbox(graph)
    extensions = [verifier_toolbox(graph), ask_toolbox(graph)]
    if not investigation:
        serve_stdio(box, graph, extensions, roots)
        return
    investigator = Investigator(graph)
    try:
        serve_stdio(with_investigation(box, investigator), graph, extensions, roots)
    finally:
        investigator.close()


def serve_stdio(
    toolbox: Toolbox, graph: Graph | None = None, extensions: Iterable[Toolbox] = (), roots: Sequence[Path] | None = None
) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(toolbox, graph, extensions, roots)

    async def main() -> None:
        stdin = anyio.wrap_file(cast(IO[str], BoundedLines(sys.stdin.buffer)))
        async with stdio_server(stdin=stdin) as (read, write):
            await serve_streams(server, read, write)

    anyio.run(main)
