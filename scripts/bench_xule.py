"""The official DQC engine (Arelle + the XULE plugin + the DQC rule sets) against `auditgraph check` on
the same filings: findings one by one, and time as a ratio (issue 20, target 6). Rewrites the
`xule-compare` section of docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_xule.py \\
        --arelle /path/to/xule-venv/bin/arelleCmdLine --xule /path/to/xule/plugin/xule \\
        --rule-sets /path/to/EDGAR/validate/resources/xule [--only F ...] [--no-write]

The engine is not ours and is not installed by the project: XULE is not on PyPI. Give it by path:
`--arelle`, an arelleCmdLine whose Python can import XULE's requirements (pyparsing, aniso8601,
isodate, numpy, ...); `--xule`, the plugin folder of github.com/xbrlus/xule; `--rule-sets`, a folder
with `dqcrt-us-<year>-ruleset.zip` and `dqcrt-us-<year>-constants.json` per us-gaap year, as
github.com/Arelle/EDGAR ships them in validate/resources/xule. A filing is compared with the rule set
of its own us-gaap year; a filing whose year has no rule set there is listed as skipped, never
compared with another year's rules.

Per filing, each a fresh process timed from spawn to exit:
- *official* = `arelleCmdLine --internetConnectivity=offline --packages <every shared zip> --file
  <entry> --plugins <xule> --xule-run --xule-rule-set ... --xule-args-file ... --xule-run-only
  <the rules we implement>`: parse and rules. XULE's own figure for the rules alone ("Total time to
  process") is read from its log too.
- *ours* = `auditgraph check <id> --rule 0015,0117,0126 --json` on the loaded filing; and, to compare
  file to findings with file to findings, `auditgraph filing load` into a database without the
  filing (deleted, untimed, before it) followed by that check.

Findings are matched by sub-rule and the facts each names, a fact by (concept local name, context
id): XULE's refs against our result's total (or single) facts; XULE does not list a total's addends. Exit status 1 when a finding differs or a
filing could not be compared.
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

from auditgraph.checks.filing_data import local
from auditgraph.checks.rule_data import sign_list
from auditgraph.errors import LoadError
from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.loader.filing_source import filing_input

REPO = Path(__file__).resolve().parent.parent
RULES = ("DQC.US.0015", "DQC.US.0117.9574", "DQC.US.0117.10093", "DQC.US.0126.9590")
OUR_RULES = "0015,0117,0126"
FINDING_CODE = re.compile(r"DQC\.US\.(0015|0117|0126)\.")
RULE_TIME = re.compile(r"Total time to process: (\d+):(\d+):(\d+(?:\.\d+)?)")

Finding = tuple[str, frozenset[tuple[str, str]]]  # (sub-rule, {(concept local name, context id)})


@dataclass
class Comparison:
    folder: str
    filing_id: str = ""
    year: int | None = None
    official: list[Finding] = field(default_factory=list)
    ours: list[Finding] = field(default_factory=list)
    official_s: float = 0.0
    official_rules_s: float | None = None  # XULE's own "Total time to process"
    check_s: float = 0.0
    load_s: float = 0.0
    skipped: str = ""
    error: str = ""

    @property
    def matched(self) -> list[Finding]:
        return sorted(set(self.official) & set(self.ours))

    @property
    def official_only(self) -> list[Finding]:
        return sorted(set(self.official) - set(self.ours))

    @property
    def ours_only(self) -> list[Finding]:
        return sorted(set(self.ours) - set(self.official))

    @property
    def newer_list(self) -> list[Finding]:
        """Official-only DQC.US.0015 findings on an element id that the list version we ship lacks:
        the engine's rule set carries a newer list (ids added upstream later), not a checker difference."""
        if self.year is None:
            return []
        ours = {eid for eid, _ in sign_list(self.year).ids.values()}
        return [f for f in self.official_only if f[0].startswith("DQC.US.0015.") and int(f[0].rsplit(".", 1)[1]) not in ours]

    @property
    def differ(self) -> bool:
        return bool(self.ours_only) or len(self.official_only) > len(self.newer_list)


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
            found.append((code, frozenset(facts)))
        elif m := RULE_TIME.search(text):
            h, mi, s = m.groups()
            rules_s = int(h) * 3600 + int(mi) * 60 + float(s)
        elif code.startswith(("xule", "exception")) and e.get("level") in ("error", "critical", "exception"):
            errors.append(f"{code}: {text[:200]}")  # the engine failed; the filing's own XBRL errors are not that
    return found, rules_s, errors


def our_findings(jsonl: str) -> list[Finding]:
    found = []
    for line in jsonl.splitlines():
        r = json.loads(line)
        if r["status"] == "violation":
            named = [f for f in r["facts"] if f["role"] in ("total", "fact")]  # XULE's refs leave out the addends
            found.append((r["sub_rule"], frozenset((local(f["concept"]), f["context_id"]) for f in named)))
    return found


def timed(argv: list[str]) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True)
    return time.perf_counter() - t, proc


def compare_one(c: Comparison, path: Path, args: argparse.Namespace, zips: list[Path], tmp: Path) -> None:
    cli = str(Path(sys.executable).parent / "auditgraph")
    inp = filing_input(path)
    c.filing_id = inp.id
    rule_set = args.rule_sets / f"dqcrt-us-{c.year}-ruleset.zip"
    constants = args.rule_sets / f"dqcrt-us-{c.year}-constants.json"
    if c.year is None or not rule_set.is_file() or not constants.is_file():
        c.skipped = f"no official rule set for us-gaap {c.year} in {args.rule_sets}"
        return
    log = tmp / f"{path.name}.json"
    official = arelle_argv(inp.entry, zips, log, exe=args.arelle)
    official += ["--plugins", str(args.xule), "--xule-run", "--xule-rule-set", str(rule_set)]
    official += ["--xule-args-file", str(constants), "--xule-run-only", ",".join(RULES), "--xule-time", "0"]
    load = [cli, "filing", "load", str(path), *(a for z in zips for a in ("--packages", str(z)))]
    check = [cli, "check", inp.id, "--rule", OUR_RULES, "--json"]

    run_once([cli, "filing", "delete", inp.id], ok=(0, 1, 2, 3, 4))  # untimed: absent or not, start without it
    c.load_s = run_once(load)
    c.load_s += timed(check)[0]
    c.official_s, done = timed(official)
    if done.returncode != 0:
        c.error = f"official engine exited {done.returncode}: {done.stderr.strip()[-200:]}"
        return
    c.official, c.official_rules_s, errors = official_findings(log)
    if errors:
        c.error = "; ".join(errors)[:300]
    c.check_s, proc = timed(check)  # the filing is loaded: what `check` costs a user
    if proc.returncode not in (0, 1):
        c.error = f"check exited {proc.returncode}: {proc.stderr.strip()[-200:]}"
        return
    c.ours = our_findings(proc.stdout)


def markdown(rows: list[Comparison], args: argparse.Namespace) -> str:
    done = [c for c in rows if not c.skipped and not c.error]
    lines = []
    for c in done:
        rules = f"{c.official_rules_s:.2f}" if c.official_rules_s is not None else "-"
        lines.append(
            f"| {c.folder} | {c.year} | {len(c.matched)} | {len(c.official_only) - len(c.newer_list)} "
            f"| {len(c.newer_list)} | {len(c.ours_only)} "
            f"| {c.official_s:.1f} | {rules} | {c.check_s:.2f} | {c.official_s / c.check_s:.0f}x "
            f"| {c.load_s:.2f} | {c.official_s / c.load_s:.1f}x |"
        )
    med = statistics.median
    summary = ""
    if done:
        summary = (
            f"Over the {len(done)} filings compared: {sum(len(c.matched) for c in done)} findings in both, "
            f"{sum(len(c.official_only) - len(c.newer_list) for c in done)} only in the official engine's output "
            f"(and {sum(len(c.newer_list) for c in done)} on 0015 element ids added to the list after the version we "
            "ship), "
            f"{sum(len(c.ours_only) for c in done)} only in ours. Median official / `check`: "
            f"**{med(c.official_s / c.check_s for c in done):.0f}x**; median official / (`filing load` + `check`): "
            f"**{med(c.official_s / c.load_s for c in done):.1f}x**. Sums: official {sum(c.official_s for c in done):.0f} s, "
            f"`check` {sum(c.check_s for c in done):.1f} s, load + check {sum(c.load_s for c in done):.0f} s."
        )
    differ = [
        f"- {c.folder}: official only {[(r, sorted(f)) for r, f in c.official_only if (r, f) not in c.newer_list]}; "
        f"ours only {[(r, sorted(f)) for r, f in c.ours_only]}"
        for c in done
        if c.differ
    ]
    newer = [f"- {c.folder}: {[(r, sorted(f)) for r, f in c.newer_list]}" for c in done if c.newer_list]
    other = [f"- {c.folder}: skipped, {c.skipped}" for c in rows if c.skipped]
    other += [f"- {c.folder}: not compared, {c.error}" for c in rows if c.error]
    return f"""## The official DQC engine against `check` ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)

Command: `NEO4J_URI=... .venv/bin/python scripts/bench_xule.py --arelle <xule venv>/bin/arelleCmdLine --xule
<xule>/plugin/xule --rule-sets <EDGAR>/validate/resources/xule{" --only ..." if args.only else ""}`

Machine: {machine()}. Engine: {args.engine_label}.

Each run is a fresh process timed from spawn to exit. *Official* = arelleCmdLine with XULE and the filing's
us-gaap-year DQCRT rule set, `--xule-run-only {",".join(RULES)}`: parse and rules; *XULE rules* = the
engine's own "Total time to process" of the rules alone. *check* = `auditgraph check ID --rule {OUR_RULES}
--json` on the loaded filing; *load + check* = `auditgraph filing load` (into a database without the filing)
then that check: file to findings, as the official engine. A finding is (sub-rule, the facts it names).

{summary}

| filing | us-gaap | both | official only | newer list | ours only | official s | XULE rules s | check s | official / check | load + check s | official / (load + check) |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
{chr(10).join(lines)}

Findings that differ: {"none" if not differ else ""}
{chr(10).join(differ)}

On a DQC.US.0015 element id newer than our list ({", ".join(sorted({lf.version for c in done if c.year for lf in sign_list(c.year).files}))}):
{chr(10).join(newer) or "none"}

Not compared:
{chr(10).join(other) or "none"}
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arelle", type=Path, required=True, help="arelleCmdLine of a Python with XULE's requirements")
    ap.add_argument("--xule", type=Path, required=True, help="the XULE plugin folder (xbrlus/xule plugin/xule)")
    ap.add_argument("--rule-sets", type=Path, required=True, help="folder of dqcrt-us-<year>-ruleset.zip/-constants.json")
    ap.add_argument("--engine-label", default="Arelle + XULE with Arelle/EDGAR's DQCRT rule sets")
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--only", nargs="*", help="subset of the filings (e.g. xule-2025/WTM_Q3_2023)")
    ap.add_argument("--no-write", action="store_true", help="print only, do not rewrite docs/benchmarks.md")
    args = ap.parse_args()
    for p in (args.arelle, args.xule / "__init__.py", args.rule_sets):
        if not p.exists():
            raise SystemExit(f"{p} does not exist: give the engine's paths (see --help)")
    manifest = json.loads((args.shared / "filings" / "manifest.json").read_text(encoding="utf-8"))
    years = {f["path"]: f["us_gaap_year"] for f in manifest["filings"]}
    zips = sorted((args.shared / "taxonomies").glob("*.zip"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in args.only or sorted(years):
            c = Comparison(rel, year=years.get(rel))
            try:
                compare_one(c, args.shared / "filings" / rel, args, zips, Path(tmp))
            except (SystemExit, LoadError) as exc:  # a filing that cannot be read or loaded is reported, the others go on
                c.error = str(exc)[-300:]
            rows.append(c)
            state = (
                c.skipped
                or c.error
                or (
                    f"both {len(c.matched)}, official only {len(c.official_only)}, ours only {len(c.ours_only)}, "
                    f"official {c.official_s:.1f} s, check {c.check_s:.2f} s"
                )
            )
            print(f"{rel}: {state}", flush=True)
    text = markdown(rows, args)
    print(text)
    if not args.no_write and not args.only:
        write_section(REPO / "docs" / "benchmarks.md", "xule-compare", text)
    sys.exit(1 if any(c.error or c.differ for c in rows) else 0)


if __name__ == "__main__":
    main()
