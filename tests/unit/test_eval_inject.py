"""Injected violations go into a copy of the filing; the shared original never changes."""

from __future__ import annotations

import hashlib
from decimal import Decimal

from auditgraph.eval.inject import FactEdit, copy_filing, read_fact_values, rewrite_fact

GAAP = "http://fasb.org/us-gaap/2025"


def test_sign_flip_lands_in_a_copy_only(shared_dir, tmp_path):
    src = shared_dir / "filings" / "xule-2025" / "ABQQ_FY_2023"
    inst = "ABQQ_instance_FY_2023_2025.xml"
    before = hashlib.sha256((src / inst).read_bytes()).hexdigest()
    dest = copy_filing(src, tmp_path / "ABQQ_FY_2023__sign")
    assert sorted(p.name for p in dest.iterdir()) == sorted(p.name for p in src.iterdir())
    assert ("f553", "c8", "2622080.0") in read_fact_values(dest / inst, GAAP, "Assets")
    n = rewrite_fact(dest / inst, FactEdit(GAAP, "Assets", "f553", ("c8",), "usd1", Decimal("-2622080.0")))
    assert n == 1
    assert ("f553", "c8", "-2622080.0") in read_fact_values(dest / inst, GAAP, "Assets")
    assert ("f592", "c17", "5839217.0") in read_fact_values(dest / inst, GAAP, "Assets")  # other periods untouched
    assert hashlib.sha256((src / inst).read_bytes()).hexdigest() == before
