"""Builders the DQC family tests share beside tests/support/handbuilt.py (which the other tests own)."""

from __future__ import annotations

from collections.abc import Sequence

from handbuilt import FilingBuilder

PARENT_CHILD = "http://www.xbrl.org/2003/arcrole/parent-child"


def pres(b: FilingBuilder, role: str, parent: str, children: str | Sequence[str]) -> None:
    """Presentation arcs of the filing, parent -> each child in `role`, in order (FilingBuilder writes presentation
    arcs only beside calculation arcs). The parent is an abstract-like string element, the children monetary."""
    p = b.concept(parent, base_type="string")
    for i, child in enumerate([children] if isinstance(children, str) else children):
        b.arcs["pres"].append(
            {
                "source": p,
                "target": b.concept(child),
                "props": {"owner": b.filing_id, "role": role, "order": float(i + 1), "arcrole": PARENT_CHILD},
            }
        )
