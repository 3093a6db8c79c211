"""The official DQC engine (Arelle + the XULE plugin + the DQCRT rule sets, every rule on) against `auditgraph
audit` with every registered rule: findings family by family, and time as a ratio, side by side in one run.
Rewrites the `xule-compare` section of docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_xule.py \\
        --arelle /path/to/xule-venv/bin/arelleCmdLine --xule /path/to/xule/plugin/xule \\
        --rule-sets /path/to/rules [--resources-plugin /path/to/plugin.py] [--time 8] [--only F ...] [--no-write]

The engine is not ours and is not installed by the project: XULE is not on PyPI. Give it by path:
`--arelle`, an arelleCmdLine whose Python can import XULE's requirements; `--xule`, the plugin folder of
github.com/xbrlus/xule; `--rule-sets`, a folder with `dqcrt-us-<year>-ruleset.zip`, `dqcrt-us-<year>-constants.json`
and `us-gaap-cal-<year>-all.xsd` per us-gaap year, as github.com/Arelle/EDGAR ships them in validate/resources/xule;
`--resources-plugin`, an Arelle plug-in that maps `/__xule_resources_dir__` to that folder (EDGAR's plug-in does
the same at start-up). A filing is compared with the rule set of its own us-gaap year; a filing whose year has no
rule set is listed as skipped, never compared with another year's rules.

1. *Time*, on `--time N` filings spread over the shared set (or `--only`), each a fresh process timed from spawn
   to exit: *official* = arelleCmdLine with XULE and every rule of the filing's year (parse and rules);
   *audit* = `auditgraph audit ID --format jsonl` on the loaded filing, every registered rule; *load + audit* =
   `auditgraph filing load` into a database without the filing, then that audit (file to findings, as the engine).
   The engine's findings of these runs are the oracle for these filings.
2. *Findings*, on every loaded shared filing: every registered family run in-process and compared with the
   engine (this run's findings where it ran, else the recorded ones in ../shared/dqc/engine-findings/, same
   engine, versions and command) by eval/dqc_oracle.py: official, ours, matched, ours only, engine only, and our
   seconds per family.
3. *Portfolio*: `auditgraph audit --all --format json` as one process over every loaded filing: filings per second.
Exit status 1 when a finding differs or a filing could not be compared.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench_filing_pairs import arelle_argv  # scripts/ is on sys.path when a script runs
from bench_startup import run_once

from auditgraph.checks.audit import run_rules
from auditgraph.checks.rulebook import Constants, registry
from auditgraph.database import open_graph
from auditgraph.errors import LoadError
from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.eval.dqc_oracle import (
    KNOWN_DIFFERENCES,
    FamilyScore,
    Finding,
    engine_findings,
    engine_folder,
    local,
    our_findings,
    score,
)
from auditgraph.loader.filing_source import filing_input

REPO = Path(__file__).resolve().parent.parent
FINDING_CODE = re.compile(r"DQC\.US\.\d+\.\d+$")
RULE_TIME = re.compile(r"Total time to process: (\d+):(\d+):(\d+(?:\.\d+)?)")


@dataclass
class Timing:
    folder: str
    filing_id: str = ""
    year: int | None = None
    official: list[Finding] = field(default_factory=list)
    official_s: float = 0.0
    official_rules_s: float | None = None  # XULE's own "Total time to process"
    audit_s: float = 0.0
    load_s: float = 0.0
    skipped: str = ""
    error: str = ""


def official_findings(log: Path) -> tuple[list[Finding], float | None, list[str]]:
    """The DQC findings in XULE's JSON log, its rule time, and any error that is not a finding."""
    entries = json.loads(log.read_text(encoding="utf-8")).get("log", []) if log.exists() else []
    found, rules_s, errors = [], None, []
    for e in entries:
        code, text = e.get("code", ""), e.get("message", {}).get("text", "")
        if FINDING_CODE.match(code):
            facts = set()
            for ref in e.get("refs", []):
                props = {p[0]: p[1] for p in ref.get("properties", []) if len(p) > 1}
                if "QName" in props and "contextRef" in props:
                    facts.add((local(props["QName"]), props["contextRef"]))
            found.append(Finding(code, frozenset(facts), message=text))
        elif m := RULE_TIME.search(text):
            h, mi, s = m.groups()
            rules_s = int(h) * 3600 + int(mi) * 60 + float(s)
        elif code.startswith(("xule", "exception")) and e.get("level") in ("error", "critical", "exception"):
            errors.append(f"{code}: {text[:200]}")  # the engine failed on a rule; the filing's own XBRL errors are not that
    return found, rules_s, errors


def timed(argv: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    t = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True)
    return time.perf_counter() - t, proc


def time_one(c: Timing, path: Path, args: argparse.Namespace, zips: list[Path], tmp: Path) -> None:
    cli = str(Path(sys.executable).parent / "auditgraph")
    inp = filing_input(path)
    c.filing_id = inp.id
    rule_set = args.rule_sets / f"dqcrt-us-{c.year}-ruleset.zip"
    constants = args.rule_sets / f"dqcrt-us-{c.year}-constants.json"
    if c.year is None or not rule_set.is_file() or not constants.is_file():
        c.skipped = f"no official rule set for us-gaap {c.year} in {args.rule_sets}"
        return
    log = tmp / f"{path.name}.json"
    plugins = str(args.xule) + (f"|{args.resources_plugin}" if args.resources_plugin else "")
    official = arelle_argv(inp.entry, zips, log, exe=args.arelle)
    official += ["--plugins", plugins, "--xule-run", "--xule-rule-set", str(rule_set)]
    official += ["--xule-args-file", str(constants), "--xule-time", "0"]
    load = [cli, "filing", "load", str(path), *(a for z in zips for a in ("--packages", str(z)))]
    audit = [cli, "audit", inp.id, "--format", "jsonl"]

    run_once([cli, "filing", "delete", inp.id], ok=(0, 1, 2, 3, 4))  # untimed: absent or not, start without it
    c.load_s = run_once(load)
    c.load_s += timed(audit)[0]
    c.official_s, done = timed(official)
    if done.returncode != 0:
        c.error = f"official engine exited {done.returncode}: {done.stderr.strip()[-200:]}"
        return
    c.official, c.official_rules_s, errors = official_findings(log)
    if errors:
        c.error = f"{len(errors)} engine error(s), e.g. {errors[0][:200]}"
    c.audit_s, proc = timed(audit)  # the filing is loaded: what `audit` with every rule costs a user
    if proc.returncode not in (0, 1):
        c.error = f"audit exited {proc.returncode}: {proc.stderr.strip()[-200:]}"


def spread(items: list[str], n: int) -> list[str]:
    """n items evenly spaced through the sorted list (all when n >= len)."""
    if n >= len(items):
        return items
    return [items[i * len(items) // n] for i in range(n)]


def family_scores(oracle: dict[str, list[Finding]]) -> tuple[dict[str, FamilyScore], int]:
    keys = tuple(k for k in registry() if k != "calc11")
    families = [registry()[k].rule_id for k in keys]
    scores: dict[str, FamilyScore] = {}
    compared = 0
    with open_graph() as graph:
        constants = Constants(graph)
        for row in sorted(graph.read("filing.list"), key=lambda r: r["id"]):
            folder = engine_folder(row.get("source"))
            if folder is None or row["status"] != "loaded":
                continue
            compared += 1
            results, seconds, _ = run_rules(graph, row["id"], keys, constants=constants)
            score(scores, folder, families, oracle.get(folder, []), our_findings(r for rs in results.values() for r in rs))
            for k, sec in seconds.items():
                scores[registry()[k].rule_id].seconds += sec
    return scores, compared


def markdown(
    timings: list[Timing],
    scores: dict[str, FamilyScore],
    compared: int,
    official_total: int,
    portfolio: tuple[float, int],
    args: argparse.Namespace,
) -> str:
    done = [c for c in timings if not c.skipped and c.audit_s]
    med = statistics.median
    time_lines = [
        f"| {c.folder} | {c.year} | {c.official_s:.1f} | "
        f"{f'{c.official_rules_s:.1f}' if c.official_rules_s is not None else '-'} | {c.audit_s:.2f} | "
        f"{c.official_s / c.audit_s:.0f}x | {c.load_s:.2f} | {c.official_s / c.load_s:.1f}x |"
        for c in done
    ]
    time_summary = (
        f"Median official / `audit`: **{med(c.official_s / c.audit_s for c in done):.0f}x**; median official / "
        f"(`filing load` + `audit`): **{med(c.official_s / c.load_s for c in done):.1f}x** over {len(done)} filings."
        if done
        else "No filing was timed."
    )
    fam_lines = []
    for fam in sorted(scores, key=lambda f: (-scores[f].official, f)):
        s = scores[fam]
        state = "exact" if s.exact else "differs"
        fam_lines.append(
            f"| {fam} | {s.official} | {s.ours} | {s.matched} | {len(s.ours_only)} | {len(s.engine_only)} | {s.seconds:.2f} | {state} |"
        )
    matched = sum(s.matched for s in scores.values())
    differ = [
        f"- {s.family} ({len(s.engine_only)} engine only, {len(s.ours_only)} ours only): "
        f"{KNOWN_DIFFERENCES[s.family].reason if s.family in KNOWN_DIFFERENCES else 'not explained yet'}. "
        f"Engine only {[(folder, f.code, sorted(f.facts)) for folder, f in s.engine_only][:6]}; "
        f"ours only {[(folder, f.code, sorted(f.facts), f.concept) for folder, f in s.ours_only][:6]}"
        for s in sorted(scores.values(), key=lambda s: s.family)
        if not s.exact
    ]
    other = [f"- {c.folder}: skipped, {c.skipped}" for c in timings if c.skipped]
    other += [f"- {c.folder}: {c.error}" for c in timings if c.error]
    seconds, n = portfolio
    return f"""## The official DQC engine against `audit`, every rule ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)

Command: `NEO4J_URI=... .venv/bin/python scripts/bench_xule.py --arelle <xule venv>/bin/arelleCmdLine --xule
<xule>/plugin/xule --rule-sets <rules> --resources-plugin <plugin> --time {args.time}`

Machine: {machine()}. Engine: {args.engine_label}. Anchor: the official engine's whole process on the same filing,
measured in this run.

### Findings per rule family ({compared} shared filings loaded and compared)

Oracle: the engine's findings of this run where it ran, else the recorded ones (`../shared/dqc/engine-findings/`,
same engine, versions and command). *ours only* must be 0; *engine only* are the official findings we miss in a
family we implement. Families we do not implement are not listed: their {official_total - sum(s.official for s in scores.values())}
official findings count as missed below.

**{matched} of {official_total} official findings matched exactly ({100 * matched / official_total:.1f}%)**, in
{len(scores)} families ({sum(1 for s in scores.values() if s.exact)} exact).

| family | official | ours | matched | ours only | engine only | our s (all filings) | |
|---|---:|---:|---:|---:|---:|---:|---|
{chr(10).join(fam_lines)}

Differences:
{chr(10).join(differ) or "none"}

### Time, whole process

{time_summary}

| filing | us-gaap | official s | XULE rules s | audit s | official / audit | load + audit s | official / (load + audit) |
|---|---:|---:|---:|---:|---:|---:|---:|
{chr(10).join(time_lines)}

Portfolio: `auditgraph audit --all --format json` over {n} loaded filings, one process: {seconds:.1f} s,
**{n / seconds:.1f} filings per second**.

Not timed or with engine errors:
{chr(10).join(other) or "none"}
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arelle", type=Path, required=True, help="arelleCmdLine of a Python with XULE's requirements")
    ap.add_argument("--xule", type=Path, required=True, help="the XULE plugin folder (xbrlus/xule plugin/xule)")
    ap.add_argument("--rule-sets", type=Path, required=True, help="folder of dqcrt-us-<year>-ruleset.zip/-constants.json")
    ap.add_argument("--resources-plugin", type=Path, default=None, help="plug-in mapping /__xule_resources_dir__")
    ap.add_argument("--engine-label", default="Arelle + XULE with Arelle/EDGAR's DQCRT rule sets")
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--time", type=int, default=8, help="how many filings to time side by side (spread over the set)")
    ap.add_argument("--only", nargs="*", help="time these filings (e.g. xule-2025/WTM_Q3_2023)")
    ap.add_argument("--no-write", action="store_true", help="print only, do not rewrite docs/benchmarks.md")
    args = ap.parse_args()
    for p in (args.arelle, args.xule / "__init__.py", args.rule_sets):
        if not p.exists():
            raise SystemExit(f"{p} does not exist: give the engine's paths (see --help)")
    manifest = json.loads((args.shared / "filings" / "manifest.json").read_text(encoding="utf-8"))
    years = {f["path"]: f["us_gaap_year"] for f in manifest["filings"]}
    zips = sorted((args.shared / "taxonomies").glob("*.zip"))
    recorded = args.shared / "dqc" / "engine-findings" / "findings.jsonl"
    oracle = engine_findings(recorded)
    official_total = sum(len(v) for v in oracle.values())
    timings = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in args.only or spread(sorted(years), args.time):
            c = Timing(rel, year=years.get(rel))
            try:
                time_one(c, args.shared / "filings" / rel, args, zips, Path(tmp))
            except (SystemExit, LoadError) as exc:  # a filing that cannot be read or loaded is reported, the others go on
                c.error = str(exc)[-300:]
            if c.official and not c.error:
                oracle[rel] = c.official  # this run's engine output is the oracle for this filing
            timings.append(c)
            print(f"{rel}: {c.skipped or c.error or f'official {c.official_s:.1f} s, audit {c.audit_s:.2f} s'}", flush=True)
    scores, compared = family_scores(oracle)
    cli = str(Path(sys.executable).parent / "auditgraph")
    t = time.perf_counter()
    out = subprocess.run([cli, "audit", "--all", "--format", "json"], capture_output=True, text=True, check=True).stdout
    portfolio = (time.perf_counter() - t, len(json.loads(out)["filings"]))
    text = markdown(timings, scores, compared, official_total, portfolio, args)
    print(text)
    if not args.no_write and not args.only:
        write_section(REPO / "docs" / "benchmarks.md", "xule-compare", text)
    sys.exit(1 if any(c.error for c in timings) or not all(s.exact for s in scores.values()) else 0)


if __name__ == "__main__":
    main()
