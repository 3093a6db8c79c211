"""docs/architecture.md names files, functions and queries a newcomer follows from the CLI to Neo4j: each must exist.

A rename that forgets the map fails here, naming the stale reference. The check is textual (no imports): a path
is a file of the repository, `module.name` / `Class.name` is defined in that module's file (or the class's), a
dotted name that is a query (`filing.get`, `load.filing_*`) is a file of cypher/.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "architecture.md"
CODE_DIRS = ("src/auditgraph", "agents", "checks", "eval", "llm", "loader", "tools", "verifier", "scripts", "tests")
PLACEHOLDER = re.compile(r"NNNN|<|>|\.\.\.|…")
VARIABLES = {"inp"}  # `inp.rows(...)`: the RuleInput a rule receives, named as the docs' examples name it


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _code_files() -> list[Path]:
    return [p for d in CODE_DIRS for p in (REPO / d).rglob("*.py") if ".venv" not in p.parts]


def _module_files(module: str) -> list[Path]:
    """Files a module reference may mean: `graph`, `checks/audit`, `app/mcp_server`, `auditgraph.errors`."""
    module = module.removeprefix("auditgraph.").replace(".", "/")
    direct = [root / f"{module}{end}" for root in (REPO, REPO / "src/auditgraph") for end in (".py", "/__init__.py")]
    if found := [p for p in direct if p.exists()]:
        return found
    if "/" in module:
        return []
    return [p for p in _code_files() if p.stem == module]


def _class_files(name: str) -> list[Path]:
    pattern = re.compile(rf"^class {re.escape(name)}\b", re.M)
    return [p for p in _code_files() if pattern.search(p.read_text(encoding="utf-8"))]


def _defines(path: Path, name: str) -> bool:
    return (
        re.search(
            rf"^\s*(?:async def|def|class) {re.escape(name)}\b|^\s*{re.escape(name)}\s*[:=]",
            path.read_text(encoding="utf-8"),
            re.M,
        )
        is not None
    )


def _is_query(ref: str) -> bool:
    family, _, name = ref.partition(".")
    return bool(name) and any((REPO / "cypher" / family).glob(f"{name}.cypher"))


def _backticked(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))


def _fenced_calls(text: str) -> list[str]:
    """`module.function(` written in the fenced blocks (the load path's drawing)."""
    blocks = re.findall(r"```.*?```", text, flags=re.S)
    return [m for b in blocks for m in re.findall(r"\b([A-Za-z_]\w*\.[A-Za-z_]\w*)\(", b)]


def stale_references(text: str) -> list[str]:
    stale = []
    for token in _backticked(text):
        token = token.strip().removesuffix("()")
        if PLACEHOLDER.search(token) or " " in token:
            continue
        if re.fullmatch(r"[\w./-]+\.(?:py|json|jsonl|cypher|md|toml)", token):
            if "/" in token:
                exists = (REPO / token).exists() or (REPO / "src/auditgraph" / token).exists()
            else:
                exists = any(p.name == token for d in CODE_DIRS for p in (REPO / d).rglob(token))
            if not exists:
                stale.append(f"no file {token}")
        elif re.fullmatch(r"[A-Za-z_][\w/]*(?:\.[A-Za-z_*][\w*]*)+", token):
            if not _resolves(token):
                stale.append(f"nothing defines {token}")
    for token in _fenced_calls(text):
        if not _resolves(token):
            stale.append(f"nothing defines {token} (in a drawing)")
    for path, name in re.findall(r"`([\w/]+\.py)` `(\w+)`", text):  # a table cell: `loader/filing_cli.py` `load_cmd`
        files = [p for p in (REPO / path, REPO / "src/auditgraph" / path) if p.exists()]
        if not any(_defines(p, name) for p in files):
            stale.append(f"{path} defines no {name}")
    return stale


def _resolves(token: str) -> bool:
    """`filing.get` (a query), `graph._driver_errors`, `Toolbox.call`, `app/mcp_server.Handlers.call_tool`."""
    if "*" in token or (token.count(".") == 1 and _is_query(token)):
        return "*" not in token or _is_query(token)
    head, *names = token.split(".")
    if head in VARIABLES:
        return True
    while names and not (files := _class_files(head) if head[:1].isupper() else _module_files(head)):
        head = f"{head}.{names.pop(0)}"  # auditgraph.database.open_graph: the module is auditgraph.database
    if not names:
        return bool(_module_files(head)) or _is_query(token)
    for name in names:  # Class.method, module.Class.method: each defined in the file that holds the one before
        files = [p for p in files if _defines(p, name)]
        if not files:
            return _is_query(token)
    return True


def test_every_file_function_and_query_the_architecture_names_exists():
    assert stale_references(_text()) == []


def test_a_renamed_function_is_caught():
    doc = "Follow `checks/audit.run_rules` and `graph.no_such_handle`, then `nothing/here.py` and `filing.nope`."
    assert stale_references(doc) == [
        "nothing defines graph.no_such_handle",
        "no file nothing/here.py",
        "nothing defines filing.nope",
    ]
