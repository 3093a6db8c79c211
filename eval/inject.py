"""Injected violations: a COPY of a filing's folder with one fact value rewritten.

The original files and the original filing's graph are never touched: the copy lands in an
output folder and is loaded as a filing of its own. The edit is textual on the fact element
(lxml), so everything else in the instance stays byte-identical in meaning.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from lxml import etree

from auditgraph.errors import ConfigError

XBRLI = "http://www.xbrl.org/2003/instance"


@dataclass(frozen=True)
class FactEdit:
    """Which fact to rewrite: its instance id when it has one, else concept + context (+ unit)."""

    namespace: str
    name: str
    fact_id: str | None
    context_ids: tuple[str, ...]
    unit_id: str | None
    new_value: Decimal


def copy_filing(src_dir: Path, dest_dir: Path) -> Path:
    """Copy a filing folder (instance, schemas, linkbases, taxonomy zip) to dest_dir, writable."""
    if not src_dir.is_dir():
        raise ConfigError(f"{src_dir}: not a filing folder; pass the folder that holds the instance")
    if dest_dir.exists():
        shutil.rmtree(dest_dir)
    # copyfile, not copy2: the shared files are read-only and the copy must be editable
    shutil.copytree(src_dir, dest_dir, copy_function=shutil.copyfile)
    return dest_dir


def format_value(value: Decimal) -> str:
    """Plain decimal notation (no exponent), as instance documents write numbers."""
    text = format(value, "f")
    return "0" if text in ("-0", "") else text


def rewrite_fact(instance: Path, edit: FactEdit) -> int:
    """Set the value of the matching fact element(s); returns how many were rewritten.

    Duplicates of the fact (same concept, context and unit) are rewritten too, so the copy does
    not gain an inconsistent duplicate on top of the injected violation."""
    tree = etree.parse(str(instance), etree.XMLParser(remove_blank_text=False, huge_tree=True))
    tag = f"{{{edit.namespace}}}{edit.name}"
    candidates = [el for el in tree.getroot().iter(tag) if el.get("contextRef") is not None]
    target = [el for el in candidates if edit.fact_id and el.get("id") == edit.fact_id]
    if target:
        ctx, unit = target[0].get("contextRef"), target[0].get("unitRef")
        target = [el for el in candidates if el.get("contextRef") == ctx and el.get("unitRef") == unit]
    else:
        target = [
            el
            for el in candidates
            if el.get("contextRef") in edit.context_ids and (edit.unit_id is None or el.get("unitRef") == edit.unit_id)
        ]
    if not target:
        raise ConfigError(
            f"{instance}: no {edit.name} fact with id {edit.fact_id!r} or context {edit.context_ids}; "
            "rebuild the cases from the loaded filing"
        )
    for el in target:
        el.text = format_value(edit.new_value)
    tree.write(str(instance), xml_declaration=True, encoding="utf-8")
    return len(target)


def read_fact_values(instance: Path, namespace: str, name: str) -> list[tuple[str | None, str, str | None]]:
    """(id, contextRef, text) of every fact of a concept; used by tests and sanity checks."""
    tree = etree.parse(str(instance), etree.XMLParser(huge_tree=True))
    return [
        (el.get("id"), el.get("contextRef"), el.text)
        for el in tree.getroot().iter(f"{{{namespace}}}{name}")
        if el.get("contextRef") is not None
    ]
