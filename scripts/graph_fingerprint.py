"""Is the graph a filing load writes the same after a change to the write path? Load, fingerprint, compare.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/graph_fingerprint.py load edgar/aapl-10k-2023-09-30 ... --out new.json
    .venv/bin/python scripts/graph_fingerprint.py compare old.json new.json

`load` replaces the named filings (under ../shared/filings) with the importable loader, loads the
first one once more with --force (a re-run must give the same graph), and writes every node the
loads write or touch and every relationship they write (tests/cypher/fingerprint/*.cypher), each
as canonical JSON (Filing.loaded_at left out). To fingerprint another version of the code, put its
package tree first on the path (`python .ci/checktree.py` in its checkout, then
PYTHONPATH=that/build/checktree). `compare` prints counts by label and type, property key sets,
and the first differences; it exits 1 when the two differ.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SKIP = {"loaded_at"}


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def load(args: argparse.Namespace) -> None:
    from auditgraph import queries
    from auditgraph.graph import Graph, plain
    from auditgraph.loader.filing import FilingLoader, delete_filing
    from auditgraph.loader.filing_source import filing_input

    queries.add_directory(REPO / "tests" / "cypher")
    packages = sorted((args.shared / "taxonomies").glob("*.zip"))
    paths = [args.shared / "filings" / f for f in args.filings]
    with Graph.connect() as graph, FilingLoader(graph, packages) as loader:
        graph.run_script("schema.constraints")
        for path in paths:
            delete_filing(graph, filing_input(path).id)
        for path in paths:
            print(loader.load(path).status, path.name, file=sys.stderr)
        print(loader.load(paths[0], force=True).status, paths[0].name, "(again, --force)", file=sys.stderr)
        nodes = [
            canonical({"labels": sorted(r["labels"]), "props": {k: v for k, v in plain(r["props"]).items() if k not in SKIP}})
            for r in graph.read("fingerprint.nodes", timeout=None)  # the whole graph: no time limit
        ]
        edges = [
            canonical({"type": r["type"], "from": r["from"], "to": r["to"], "props": plain(r["props"])})
            for r in graph.read("fingerprint.edges", timeout=None)
        ]
    args.out.write_text(json.dumps({"filings": args.filings, "nodes": sorted(nodes), "edges": sorted(edges)}), encoding="utf-8")
    print(f"{len(nodes)} nodes, {len(edges)} relationships -> {args.out}", file=sys.stderr)


def summary(fp: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for n in map(json.loads, fp["nodes"]):
        s = out.setdefault(":".join(n["labels"]), {"count": 0, "keys": set()})
        s["count"] += 1
        s["keys"] |= set(n["props"])
    for e in map(json.loads, fp["edges"]):
        s = out.setdefault("-" + e["type"] + "->", {"count": 0, "keys": set()})
        s["count"] += 1
        s["keys"] |= set(e["props"])
    return out


def compare(args: argparse.Namespace) -> int:
    a, b = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (args.a, args.b))
    sa, sb = summary(a), summary(b)
    for kind in sorted(sa.keys() | sb.keys()):
        x, y = sa.get(kind, {"count": 0, "keys": set()}), sb.get(kind, {"count": 0, "keys": set()})
        mark = "" if x == y else "  <-- differs"
        print(f"{kind:45} {x['count']:>8} {y['count']:>8}  keys {len(x['keys'])}/{len(y['keys'])}{mark}")
    same = True
    for part in ("nodes", "edges"):
        ca, cb = Counter(a[part]), Counter(b[part])
        only_a, only_b = ca - cb, cb - ca
        if only_a or only_b:
            same = False
            print(f"{part}: {sum(only_a.values())} only in {args.a}, {sum(only_b.values())} only in {args.b}")
            for s in list(only_a)[:5]:
                print("  -", s[:300])
            for s in list(only_b)[:5]:
                print("  +", s[:300])
    print("same graph" if same else "DIFFERENT graphs")
    return 0 if same else 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    lp = sub.add_parser("load")
    lp.add_argument("filings", nargs="+")
    lp.add_argument("--out", type=Path, required=True)
    lp.add_argument("--shared", type=Path, default=Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared")))
    cp = sub.add_parser("compare")
    cp.add_argument("a")
    cp.add_argument("b")
    args = ap.parse_args()
    if args.cmd == "load":
        load(args)
    else:
        sys.exit(compare(args))


if __name__ == "__main__":
    main()
