"""Cross-check our CALC11 against Arelle's own Calculations 1.1 (`arelleCmdLine -v --calc c11r`).

    .venv/bin/python scripts/crosscheck_calc11.py [FOLDER ...] [--shared ../shared] [--no-write]

With no FOLDER, every filing folder under ../shared/filings. For each filing, Arelle validates the
instance offline with the shared taxonomy packages (the command in shared/taxonomies/README.md) and
writes a JSON log; the same filing is loaded into Neo4j by our loader and checked by
auditgraph.checks.calc11. Findings are compared one for one, keyed by
(kind, total concept, link role, context, contributor), concepts by local name (the two sides may
print different prefixes for one namespace):

- inconsistent: Arelle's calc11e:inconsistentCalculationUsingRounding / our CALC11 violation; a
  match needs Arelle's context id among the context ids of our total's facts.
- duplicate arcs: Arelle's calc11e:duplicateCalculationRelationships / our
  calc11e:duplicateCalculationRelationships finding (no context; keyed by the contributor).

Arelle's fact-level codes (calc11e:excessDigits, oime:disallowedDuplicateFacts,
calc11e:nonDecimalItemNode) are counted beside our not-evaluable results. NEO4J_URI (with
NEO4J_USER / NEO4J_PASSWORD) selects a server that is WIPED first; without it a throwaway local
server is started. The result goes to the `calc11-crosscheck` section of docs/benchmarks.md (a run
on all shared filings only). Exit status 1 when a finding differs or a filing could not be compared.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from auditgraph.checks.calc11 import DUPLICATE_ARCS, check_calc11
from auditgraph.eval.benchdoc import machine, peak_rss_mb, write_section
from auditgraph.graph import Graph

REPO = Path(__file__).resolve().parent.parent
INCONSISTENT = "calc11e:inconsistentCalculationUsingRounding"
FACT_CODES = ("calc11e:excessDigits", "oime:disallowedDuplicateFacts", "calc11e:nonDecimalItemNode")
CODES = (INCONSISTENT, DUPLICATE_ARCS) + FACT_CODES


@dataclass
class FilingCheck:
    folder: str
    filing_id: str = ""
    arelle: list[tuple] = field(default_factory=list)  # (kind, total, role, context, contributor)
    ours: list[tuple] = field(default_factory=list)  # same, context = frozenset of the total's context ids
    arelle_other: Counter = field(default_factory=Counter)  # fact-level codes
    ours_not_evaluable: int = 0
    prefixes: Counter = field(default_factory=Counter)  # matched with another prefix: "ours = Arelle's"
    matched: list[tuple] = field(default_factory=list)
    ours_only: list[tuple] = field(default_factory=list)
    arelle_only: list[tuple] = field(default_factory=list)
    arelle_s: float = 0.0
    ours_s: float = 0.0
    error: str | None = None


def arelle_version() -> str:
    from importlib.metadata import version

    return version("arelle-release")


def run_arelle(entry: str, packages: list[Path], log: Path) -> tuple[list[tuple], Counter]:
    """Arelle's Calculations 1.1 findings for one instance, from its JSON log."""
    exe = Path(sys.executable).with_name("arelleCmdLine")
    cmd = [
        str(exe),
        "--internetConnectivity=offline",
        "--packages",
        "|".join(map(str, packages)),
        "--file",
        entry,
        "-v",
        "--calc",
        "c11r",
        "--logFile",
        str(log),
        "--logCodeFilter",
        "|".join(c.replace(".", r"\.") for c in CODES),
    ]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800)
    entries = json.loads(log.read_text(encoding="utf-8")).get("log", []) if log.exists() else []
    found, other = [], Counter()
    for e in entries:
        code, args = e.get("code"), e.get("message", {}).get("args", {})
        if code == INCONSISTENT:
            found.append(("inconsistent", args["concept"], args["linkrole"], args["contextID"], ""))
        elif code == DUPLICATE_ARCS:
            found.append(("duplicate arcs", args["sumConcept"], args["linkrole"], "", args["itemConcept"]))
        elif code in FACT_CODES:
            other[code] += 1
    return found, other


def run_ours(graph: Graph, filing_id: str) -> tuple[list[tuple], int]:
    found, refused = [], 0
    for r in check_calc11(graph, filing_id):
        if r.status == "not_evaluable":
            refused += 1
        if r.status != "violation":
            continue
        if r.sub_rule == DUPLICATE_ARCS:
            found.append(("duplicate arcs", r.concept, r.network, frozenset(), r.relationships[0].target))
        else:
            ctxs = frozenset(f.context_id for f in r.facts if f.role == "total")
            found.append(("inconsistent", r.concept, r.network, ctxs, ""))
    return found, refused


def local(qname: str) -> str:
    return qname.rsplit(":", 1)[-1]


def compare(fc: FilingCheck) -> None:
    """Match concepts by local name: we print a QName with the prefix the instance declares (CPS writes
    `ns:Assets` for us-gaap 2025), Arelle with the prefix of the concept's schema (`us-gaap:Assets`)."""
    left = list(fc.ours)
    for a in fc.arelle:
        hit = next(
            (
                o
                for o in left
                if o[0] == a[0]
                and local(o[1]) == local(a[1])
                and o[2] == a[2]
                and local(o[4]) == local(a[4])
                and (a[3] in o[3] if a[3] else not o[3])
            ),
            None,
        )
        if hit is None:
            fc.arelle_only.append(a)
        else:
            left.remove(hit)
            fc.matched.append(a)
            if hit[1] != a[1] or hit[4] != a[4]:
                fc.prefixes[f"{hit[1]} = {a[1]}"] += 1
    fc.ours_only = [o[:3] + (",".join(sorted(o[3])),) + o[4:] for o in left]


def start_graph(tmp: Path):
    """The server to use: NEO4J_URI (wiped), else a throwaway local one (stopped at the end)."""
    from auditgraph import server
    from auditgraph.config import Connection, LocalServerSettings

    if uri := os.environ.get("NEO4J_URI"):
        return Graph(
            Connection(uri, os.environ.get("NEO4J_USER", "neo4j"), os.environ.get("NEO4J_PASSWORD"), external=True)
        ), None
    server.install()
    settings = LocalServerSettings(
        bolt_port=server.free_port(), http_port=server.free_port(), heap="2g", pagecache="1g", auth=False
    )
    srv = server.LocalServer(tmp / "neo4j", settings)
    srv.start()
    return Graph(Connection(settings.bolt_uri, "neo4j", None, external=False)), srv


def crosscheck(folders: list[Path], packages: list[Path], tmp: Path) -> list[FilingCheck]:
    from auditgraph.loader.filing import FilingLoader
    from auditgraph.loader.filing_source import filing_input

    graph, srv = start_graph(tmp)
    out = []
    try:
        graph.write("db.wipe")
        graph.run_script("schema.constraints")
        with FilingLoader(graph, packages) as loader:
            for folder in folders:
                fc = FilingCheck(f"{folder.parent.name}/{folder.name}")
                out.append(fc)
                try:
                    src = filing_input(folder)
                    t = time.perf_counter()
                    fc.arelle, fc.arelle_other = run_arelle(src.entry, packages, tmp / f"{folder.name}.json")
                    fc.arelle_s = time.perf_counter() - t
                    fc.filing_id = loader.load(folder).id
                    t = time.perf_counter()
                    fc.ours, fc.ours_not_evaluable = run_ours(graph, fc.filing_id)
                    fc.ours_s = time.perf_counter() - t
                    compare(fc)
                except Exception as exc:  # one filing that fails must not stop the run; it is reported
                    fc.error = f"{type(exc).__name__}: {str(exc)[:160]}"
                print(
                    f"{fc.folder:40} arelle {len(fc.arelle):3}  ours {len(fc.ours):3}  matched {len(fc.matched):3}  "
                    f"ours-only {len(fc.ours_only)}  arelle-only {len(fc.arelle_only)}"
                    + (f"  ERROR {fc.error}" if fc.error else ""),
                    flush=True,
                )
    finally:
        graph.close()
        if srv is not None:
            srv.stop()
    return out


def write_markdown(rows: list[FilingCheck], command: str, seconds: float) -> str:
    ok = [r for r in rows if not r.error]
    tot = lambda attr: sum(len(getattr(r, attr)) for r in ok)  # noqa: E731
    kinds = Counter(m[0] for r in ok for m in r.matched)
    other = sum((r.arelle_other for r in ok), Counter())
    lines = [
        "## Calculations 1.1 against Arelle (`scripts/crosscheck_calc11.py`)",
        "",
        f"Command: `{command}`; arelle-release {arelle_version()} (`arelleCmdLine -v --calc c11r`, offline, "
        f"shared taxonomy packages); {machine()}; {seconds / 60:.1f} min in all, peak memory of the script "
        f"{peak_rss_mb():.0f} MB (Arelle runs as a child process).",
        "",
        "Key: (kind, total concept, link role, context; the contributor for duplicate arcs). `inconsistent` = "
        "Arelle's calc11e:inconsistentCalculationUsingRounding vs our CALC11 violation; `duplicate arcs` = "
        "calc11e:duplicateCalculationRelationships on both sides.",
        "",
        f"- Filings compared: {len(ok)} of {len(rows)}"
        + (f" (not compared: {', '.join(f'{r.folder} ({r.error})' for r in rows if r.error)})" if len(ok) < len(rows) else "")
        + ".",
        f"- Findings: Arelle {tot('arelle')}, ours {tot('ours')}; **matched {tot('matched')}, ours only "
        f"{tot('ours_only')}, Arelle only {tot('arelle_only')}** (matched by kind: "
        + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
        + ").",
        "- Matched with another prefix (same concept: local name, link role and context agree): "
        + (", ".join(f"{r.folder} {k} ({n})" for r in ok for k, n in sorted(r.prefixes.items())) or "none")
        + ".",
        "- Fact-level Arelle messages (not keyed by link role): "
        + (", ".join(f"{k} {n}" for k, n in sorted(other.items())) or "none")
        + f"; our not-evaluable summations: {sum(r.ours_not_evaluable for r in ok)}.",
        f"- Time: Arelle {sum(r.arelle_s for r in ok):.0f} s (load + full validation), our CALC11 "
        f"{sum(r.ours_s for r in ok):.1f} s (graph read + check; the load is not counted).",
        "",
        "| filing | Arelle | ours | matched | ours only | Arelle only |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        if r.error or r.arelle or r.ours:
            lines.append(
                f"| {r.folder} | {len(r.arelle)} | {len(r.ours)} | {len(r.matched)} | {len(r.ours_only)} | {len(r.arelle_only)} |"
                if not r.error
                else f"| {r.folder} | error: {r.error} | | | | |"
            )
    quiet = [r.folder for r in ok if not r.arelle and not r.ours]
    lines += ["", f"{len(quiet)} more filings: no finding on either side."]
    diffs = [(r.folder, "ours only", d) for r in ok for d in r.ours_only] + [
        (r.folder, "Arelle only", d) for r in ok for d in r.arelle_only
    ]
    if diffs:
        lines += ["", "Differences (explained in docs/dqc.md):", ""]
        lines += [f"- {f}: {side}: {' | '.join(str(x) for x in d if x)}" for f, side, d in diffs[:50]]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path, help="filing folders (default: every one under SHARED/filings)")
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    ap.add_argument("--json", type=Path, help="also write every finding, per filing, to this file")
    args = ap.parse_args()
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    folders = args.folders or sorted(p for p in (args.shared / "filings").glob("*/*") if p.is_dir())
    packages = sorted((args.shared / "taxonomies").glob("*.zip"))
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="crosscheck-calc11-") as tmp:
        rows = crosscheck(folders, packages, Path(tmp))
    seconds = time.perf_counter() - t0
    if args.json:
        args.json.write_text(
            json.dumps(
                [{k: ([list(x) for x in v] if isinstance(v, list) else v) for k, v in vars(r).items()} for r in rows],
                indent=1,
                default=sorted,
            )
        )
    command = "python scripts/crosscheck_calc11.py" + ("" if not args.folders else " " + " ".join(map(str, args.folders)))
    section = write_markdown(rows, command, seconds)
    print(section)
    if not args.no_write and not args.folders:
        write_section(REPO / "docs" / "benchmarks.md", "calc11-crosscheck", section)
    differences = sum(len(r.ours_only) + len(r.arelle_only) for r in rows)
    sys.exit(1 if differences or any(r.error for r in rows) else 0)


if __name__ == "__main__":
    main()
