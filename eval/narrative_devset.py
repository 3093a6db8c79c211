"""Build the filer-narrative dev set (issue 35 item 2): sentences the filers wrote in their own notes,
labelled from the instance with lxml, never with the verifier.

    .venv/bin/python -m auditgraph.eval.narrative_devset [--per-filing 12] [--check]

For each of the shared filings (../shared/filings/manifest.json) it reads the instance with lxml:
contexts (period, dimensions), units, numeric facts and the text-block facts. Each text block is
turned into sentences the way `verify --narrative` reads them (tables left out), and each figure
in a sentence is found with this script's own patterns (money, per share, shares, percent; not the
verifier's number reader) and labelled:

- `truth: true` when a numeric fact of the filing with a compatible unit states its value: the
  fact's value is within half a unit of the figure's last written digit, after the sentence's scale
  (`$2.5 million`; a money figure with no scale word may be in the note's implicit thousands or
  millions: `scale: implicit`). Where the sentence names years, only facts whose period ends in one
  of them count (`period_named`); if none does, the figure is not labelled (`truth: null`).
- `truth: untagged` when no fact of the filing states it at any scale: an undecidable figure (the
  right answer is to abstain; a decision on it is checked against some other fact).
- `truth: false` in the false copy of a sentence: one true figure changed realistically
  (`transposed` adjacent digits, `pct_off` +-10%, `wrong_scale` million <-> billion), and only when
  the changed value is stated by no fact of the filing with that unit.

Splits are by filing (sha256 of the folder name): two thirds dev, one third held out
(`eval/datasets/narrative/heldout.jsonl.gz`, gzip so nobody reads it while developing). Sampling is
deterministic (sha256 of the sentence), so `--check` verifies the files are reproduced byte for byte.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import sys
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from lxml import etree

from auditgraph.verifier.narrative import Block, NarrativeSentence, block_text, sentences

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(
    os.environ.get("AUDITGRAPH_SHARED") or (ROOT.parent / "shared" if (ROOT.parent / "shared").is_dir() else "/work/shared")
)
FILINGS = SHARED / "filings"
OUT = ROOT / "eval" / "datasets" / "narrative"
XBRLI = "http://www.xbrl.org/2003/instance"
XBRLDI = "http://xbrl.org/2006/xbrldi"
XSI_NIL = "{http://www.w3.org/2001/XMLSchema-instance}nil"
SCALES = {"thousand": Decimal(10) ** 3, "million": Decimal(10) ** 6, "billion": Decimal(10) ** 9}
MAX_FACTS = 25  # per figure in the file, closest first: a figure matching more is a coincidence of round numbers

# A figure as people write it: $ before (or "dollars" after), a scale word, %, "per share", "shares".
FIGURE = re.compile(
    r"(?P<neg>\()?(?P<cur>\$|US\$|USD ?)?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\)?"
    r"(?:\s?(?P<scale>thousand|million|billion)\b)?"
    r"(?P<pct>\s?%|\s?percent\b)?"
    r"(?P<after>\s+(?:(?:basic|diluted|common|ordinary|of\s+(?:our\s+)?common\s+stock|of\s+common)\s+)?"
    r"(?:shares|per\s+(?:basic\s+|diluted\s+|common\s+)?share|dollars))?",
    re.I,
)
YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")


@dataclass(frozen=True)
class Fact:
    qname: str
    period: str
    end_year: int
    dims: tuple[tuple[str, str], ...]
    unit: str
    value: Decimal
    decimals: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "qname": self.qname,
            "period": self.period,
            "dims": dict(self.dims),
            "unit": self.unit,
            "value": str(self.value),
            "decimals": self.decimals,
        }


@dataclass
class Instance:
    facts_by_kind: dict[str, list[Fact]] = field(default_factory=dict)
    blocks: list[Block] = field(default_factory=list)


def _kind_of_unit(unit: str) -> str | None:
    u = unit.lower()
    if "iso4217:" in u and "shares" in u:
        return "per_share"
    if u.startswith("iso4217:"):
        return "money"
    if u == "xbrli:shares":
        return "shares"
    if u == "xbrli:pure":
        return "percent"
    return None


def read_instance(path: Path) -> Instance:
    """Numeric facts by unit kind and text blocks, straight from the XML."""
    root = etree.parse(str(path)).getroot()
    ctx: dict[str, tuple[str, int, tuple[tuple[str, str], ...]]] = {}
    for c in root.iter(f"{{{XBRLI}}}context"):
        inst = c.find(f"{{{XBRLI}}}period/{{{XBRLI}}}instant")
        if inst is not None:
            end = (inst.text or "").strip()[:10]
            key = f"instant:{end}"
        else:
            s = c.find(f"{{{XBRLI}}}period/{{{XBRLI}}}startDate")
            e = c.find(f"{{{XBRLI}}}period/{{{XBRLI}}}endDate")
            if s is None or e is None:
                continue
            end = (e.text or "").strip()[:10]
            key = f"duration:{(s.text or '').strip()[:10]}/{end}"
        dims = []
        for m in c.iter(f"{{{XBRLDI}}}explicitMember"):
            dims.append((m.get("dimension", ""), (m.text or "").strip()))
        for m in c.iter(f"{{{XBRLDI}}}typedMember"):
            dims.append((m.get("dimension", ""), " ".join(m.itertext()).strip()))
        ctx[c.get("id", "")] = (key, int(end[:4]), tuple(sorted(dims)))
    units: dict[str, str] = {}
    for u in root.iter(f"{{{XBRLI}}}unit"):
        div = u.find(f"{{{XBRLI}}}divide")
        if div is not None:
            num = [m.text.strip() for m in div.iter(f"{{{XBRLI}}}unitNumerator") for m in m.iter(f"{{{XBRLI}}}measure")]
            den = [m.text.strip() for m in div.iter(f"{{{XBRLI}}}unitDenominator") for m in m.iter(f"{{{XBRLI}}}measure")]
            units[u.get("id", "")] = f"{'*'.join(num)}/{'*'.join(den)}"
        else:
            units[u.get("id", "")] = "*".join(m.text.strip() for m in u.iter(f"{{{XBRLI}}}measure") if m.text)
    inst = Instance()
    for el in root:
        if not isinstance(el.tag, str) or el.get("contextRef") is None:
            continue
        local = etree.QName(el).localname
        qname = f"{el.prefix}:{local}" if el.prefix else local
        c = ctx.get(el.get("contextRef", ""))
        if local.endswith("TextBlock"):
            if el.get(XSI_NIL) != "true" and el.text:
                paras, tables, cut = block_text(el.text)
                inst.blocks.append(Block(el.get("id") or local, qname, paras, tables, cut))
            continue
        unit = units.get(el.get("unitRef") or "")
        if unit is None or c is None or el.get(XSI_NIL) == "true":
            continue
        kind = _kind_of_unit(unit)
        try:
            value = Decimal((el.text or "").strip())
        except ArithmeticError:
            continue
        if kind is None:
            continue
        inst.facts_by_kind.setdefault(kind, []).append(Fact(qname, c[0], c[1], c[2], unit, value, el.get("decimals")))
    return inst


@dataclass
class Found:
    start: int
    end: int
    text: str
    kind: str
    written: Decimal  # the number as written (before scale)
    places: int  # decimal places written
    scale: str | None
    negative: bool
    value: Decimal = Decimal(0)
    half: Decimal = Decimal(0)


def find_figures(sentence: str) -> list[Found]:
    out = []
    for m in FIGURE.finditer(sentence):
        num = m.group("num")
        after = (m.group("after") or "").lower()
        cur = m.group("cur") or ("$" if "dollars" in after else None)
        pct = m.group("pct")
        scale = (m.group("scale") or "").lower() or None
        if "per" in after and cur:
            kind = "per_share"
        elif pct and not cur:
            kind = "percent"
        elif cur and not pct:
            kind = "money"
        elif "shares" in after and not cur and not pct:
            kind = "shares"
        else:
            continue  # a year, a count, a day: no unit to label it by
        digits = num.replace(",", "")
        places = len(digits.split(".")[1]) if "." in digits else 0
        written = Decimal(digits)
        if written == 0 or len(digits.replace(".", "").lstrip("0")) < 2:
            continue  # "$1 million", "5%": too coarse to tie to one fact
        end = m.end("pct") if pct else (m.end("scale") if scale else m.end("num"))
        out.append(
            Found(
                m.start("cur") if cur and m.group("cur") else m.start("num"),
                end,
                sentence[m.start("cur") if m.group("cur") else m.start("num") : end],
                kind,
                written,
                places,
                scale,
                bool(m.group("neg")),
            )
        )
    return out


def _scaled(f: Found, scale: Decimal) -> tuple[Decimal, Decimal]:
    unit = Decimal(1).scaleb(-f.places)
    value, half = f.written * scale, unit * scale / 2
    if f.kind == "percent":
        value, half = value / 100, half / 100
    return value, half


def matches(f: Found, facts: list[Fact], value: Decimal, half: Decimal) -> list[Fact]:
    """The facts within half a written unit, closest first (a fact stating the figure exactly, as
    "$1.1 million" states 1,100,000 with decimals -5, before one that merely rounds to it)."""
    found = [x for x in facts if abs(abs(x.value) - value) <= half]
    return sorted(found, key=lambda x: (abs(abs(x.value) - value), x.qname, x.period))


def label(f: Found, inst: Instance, years: set[int]) -> tuple[str | None, list[Fact], str]:
    """(truth, the facts that state the figure, scale kind) for one figure of a sentence."""
    facts = inst.facts_by_kind.get(f.kind, [])
    tries = [("word", SCALES[f.scale])] if f.scale else [("none", Decimal(1))]
    # implicit thousands or millions: whole amounts only ("$313", "$2,179"), never "$2.00"
    if f.kind == "money" and not f.scale and f.places == 0 and 100 <= f.written < 100_000:
        tries += [("implicit", SCALES["thousand"]), ("implicit", SCALES["million"])]
    for how, sc in tries:
        value, half = _scaled(f, sc)
        found = matches(f, facts, value, half)
        if found:
            f.value, f.half = value, half
            in_years = [x for x in found if x.end_year in years]
            if years and not in_years:
                return None, found, how  # a fact states it, but for a period the sentence does not name
            return "true", (in_years or found), how
    f.value, f.half = _scaled(f, SCALES[f.scale] if f.scale else Decimal(1))
    return "untagged", [], tries[0][0]


def _fmt(x: Decimal, places: int, commas: bool) -> str:
    q = x.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{q:,.{places}f}" if commas else f"{q:.{places}f}"


def mutate(f: Found, sentence: str, inst: Instance, seed: int) -> tuple[str, str, Decimal] | None:
    """A realistic wrong copy of figure f: (new sentence, error, new value), false for every fact."""
    num_m = re.search(r"\d[\d,]*(?:\.\d+)?", f.text)
    assert num_m
    num = num_m.group(0)
    commas = "," in num
    options: list[tuple[str, str]] = []
    digits = [i for i, ch in enumerate(num) if ch.isdigit()]
    for a, b in zip(digits, digits[1:]):
        if b == a + 1 and num[a] != num[b] and not (a == 0 and num[b] == "0"):
            options.append(("transposed", num[:a] + num[b] + num[a] + num[b + 1 :]))
    for factor in (Decimal("1.1"), Decimal("0.9")):
        options.append(("pct_off", _fmt(f.written * factor, f.places, commas)))
    if f.scale in ("million", "billion"):
        options.append(("wrong_scale", num + "\x00" + ("billion" if f.scale == "million" else "million")))
    rotated = options[seed % len(options) :] + options[: seed % len(options)]
    facts = inst.facts_by_kind.get(f.kind, [])
    for error, new in rotated:
        new_num, _, new_scale = new.partition("\x00")
        scale = new_scale or f.scale
        g = Found(0, 0, "", f.kind, Decimal(new_num.replace(",", "")), f.places, scale, f.negative)
        eff = SCALES[scale] if scale else f.value * (100 if f.kind == "percent" else 1) / f.written
        value, half = _scaled(g, eff)
        if abs(value - f.value) <= 2 * max(half, f.half) or matches(g, facts, value, half):
            continue
        text = f.text.replace(num, new_num, 1)
        if new_scale:
            text = text.replace(f.scale or "", new_scale, 1)
        return sentence[: f.start] + text + sentence[f.end :], error, value
    return None


def style_of(concept: str) -> str:
    local = concept.split(":")[-1]
    if local.endswith("PolicyTextBlock"):
        return "policy"
    if "Table" in local or "Schedule" in local:
        return "details"
    return "note"


def _h(s: str) -> int:
    return int(hashlib.sha256(s.encode()).hexdigest()[:12], 16)


def split_of(folder: str) -> str:
    return "heldout" if _h(folder) % 3 == 0 else "dev"


def figure_json(f: Found, truth: str | None, facts: list[Fact], how: str, period_named: bool) -> dict[str, Any]:
    return {
        "text": f.text,
        "start": f.start,
        "kind": f.kind,
        "value": str(f.value),
        "half_unit": str(f.half),
        "scale": how,
        "negative_written": f.negative,
        "truth": truth,
        "period_named": period_named,
        "facts": [x.to_json() for x in facts[:MAX_FACTS]],
        "facts_total": len(facts),
        # member: only a dimensional fact (a segment, a class of stock, a debt instrument) states it
        "scope": None if not facts else ("entity" if any(not x.dims for x in facts) else "member"),
    }


def shape_of(text: str, figures: int) -> str:
    """How the figures sit in the sentence: a "respectively" list, several figures, or one."""
    if re.search(r"\brespectively\b", text, re.I):
        return "respectively"
    return "several" if figures > 1 else "single"


# a figure with its label: (figure, truth, the facts that state it, how they were matched, the sentence names years)
Labelled = tuple[Found, str | None, list[Fact], str, bool]


def build_filing(rec: dict[str, Any], per_filing: int, untagged: int) -> list[dict[str, Any]]:
    folder = FILINGS / rec["path"]
    inst = read_instance(folder / rec["instance"])
    sents = list(sentences(inst.blocks))
    chosen: list[tuple[NarrativeSentence, list[Labelled]]] = []
    spare: list[tuple[NarrativeSentence, list[Labelled]]] = []
    for ns in sorted(sents, key=lambda s: _h(s.text)):
        years = {int(y) for y in YEAR.findall(ns.text)}
        figs: list[Labelled] = []
        for f in find_figures(ns.text):
            truth, facts, how = label(f, inst, years)
            figs.append((f, truth, facts, how, bool(years)))
        if any(t == "true" for _, t, *_ in figs) and len(chosen) < per_filing:
            chosen.append((ns, figs))
        elif figs and all(t == "untagged" for _, t, *_ in figs) and len(spare) < untagged:
            spare.append((ns, figs))
    out = []
    base = {"filing": rec["path"], "registrant": rec.get("entity_name"), "split": split_of(rec["id"])}
    n = 0
    for ns, figs in sorted(chosen + spare, key=lambda p: int(p[0].id[1:])):
        n += 1
        style = style_of(ns.block)
        common = {**base, "style": style, "shape": shape_of(ns.text, len(figs)), "block": ns.block}
        label_ = "true" if any(t == "true" for _, t, *_ in figs) else "undecidable"
        out.append(
            {
                "id": f"{rec['id']}/{style}/{n:03d}",
                **common,
                "text": ns.text,
                "label": label_,
                "error": None,
                "figures": [figure_json(*x) for x in figs],
            }
        )
        if label_ != "true":
            continue
        trues = [i for i, x in enumerate(figs) if x[1] == "true"]
        seed = _h(ns.text)
        for k in range(len(trues)):
            i = trues[(seed + k) % len(trues)]
            f, truth, facts, how, named = figs[i]
            changed = mutate(f, ns.text, inst, seed)
            if changed is None:
                continue
            text, error, value = changed
            shift = len(text) - len(ns.text)
            fj = []
            for j, x in enumerate(figs):
                d = figure_json(*x)
                if j == i:
                    d.update(text=text[f.start : f.end + shift], value=str(value), truth="false", error=error, original=f.text)
                elif x[0].start > f.start:
                    d["start"] += shift
                fj.append(d)
            out.append(
                {
                    "id": f"{rec['id']}/{style}/{n:03d}f",
                    **common,
                    "text": text,
                    "label": "false",
                    "error": error,
                    "figures": fj,
                }
            )
            break
    return out


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m auditgraph.eval.narrative_devset", description=__doc__.split("\n")[0])
    ap.add_argument("--per-filing", type=int, default=12, help="sentences with a true figure per filing (default 12)")
    ap.add_argument("--untagged", type=int, default=3, help="sentences whose figures no fact states, per filing (default 3)")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="rebuild in memory and compare with the files")
    ap.add_argument("--notes", type=Path, help="also copy the dev file here (never the held-out one)")
    args = ap.parse_args()
    manifest = json.loads((FILINGS / "manifest.json").read_text())
    recs: dict[str, list[str]] = {"dev": [], "heldout": []}
    for rec in sorted(manifest["filings"], key=lambda r: r["id"]):
        try:
            rows = build_filing(rec, args.per_filing, args.untagged)
        except (OSError, etree.XMLSyntaxError) as exc:
            print(f"  skipped {rec['id']}: {exc}", file=sys.stderr)
            continue
        recs[split_of(rec["id"])] += [json.dumps(r, ensure_ascii=False) for r in rows]
        print(f"  {rec['id']:28} {split_of(rec['id']):8} {len(rows):4} records", file=sys.stderr)
    dev = ("\n".join(recs["dev"]) + "\n").encode()
    held = ("\n".join(recs["heldout"]) + "\n").encode()
    dev_path, held_path = args.out / "dev.jsonl", args.out / "heldout.jsonl.gz"
    if args.check:
        same = dev_path.read_bytes() == dev and gzip.decompress(held_path.read_bytes()) == held
        print("reproduced" if same else "DIFFERENT", file=sys.stderr)
        sys.exit(0 if same else 1)
    args.out.mkdir(parents=True, exist_ok=True)
    dev_path.write_bytes(dev)
    held_path.write_bytes(gzip.compress(held, mtime=0))
    if args.notes:
        args.notes.parent.mkdir(parents=True, exist_ok=True)
        args.notes.write_bytes(dev)
    for name, lines in recs.items():
        labels: dict[str, int] = {}
        for r in lines:
            lab = json.loads(r)["label"]
            labels[lab] = labels.get(lab, 0) + 1
        print(f"{name}: {len(lines)} records {labels}", file=sys.stderr)


if __name__ == "__main__":
    main()
