"""When Python's cyclic garbage collector runs during a command: the whole policy, in one place.

Imports and Arelle's parse build hundreds of thousands of long-lived objects and next to no garbage; while they
grow, the collector walks them again and again for nothing. The work that does make garbage (a closed Arelle model's
cycles) collects it explicitly, where it costs no wall time. Three rules, each measured (docs/benchmarks.md,
"Reading the filing-loader figures" and "Reading the whole-process filing figures (2026-12-05)"):

- `importing()`: around a stage's imports (the CLI root's `STAGE_COMMANDS`, the loaders' Arelle import): paused,
  and what they built frozen out of the collector's sight for the rest of the process. `auditgraph filing load` of
  K_FY_2023 as whole processes, 10 pairs: 1.964 -> 1.869 s (1.31x -> 1.26x of Arelle alone); ~8% of a `check`.
- `model_alive()`: while an Arelle model lives (the parse and the rows computed over it): paused. A tenth of a
  filing's parse, half of a taxonomy's.
- `sweep_closed_model(more_to_come)`: after the model is closed, its cycles (126,000 objects for K). Nothing was
  collected while it lived, so all of them are still in the youngest generation. The loaders call it once the
  filing's last statements are sent (`BackgroundTx.wait_committing`), while the server commits: swept before that,
  the sweep held the GIL for 0.10 s while the writer thread had statements to send (K: 2.024 -> 1.964 s, 8 pairs).
  When more filings follow in this process (a batch, a parse worker), a full collection keeps memory flat across
  them; after a command's one filing the youngest generation is enough, the process ends soon after.

`paused` is the mechanism the three share.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager


@contextmanager
def paused(*, freeze: bool = False) -> Iterator[None]:
    """No automatic collection inside the block; the collector's state before it is restored after.

    freeze: what the block built lives until the process ends (imported modules): move it out of the
    collector's sight for good (gc.freeze), or the first collection after the block walks all of it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if enabled:
            gc.enable()


def importing() -> AbstractContextManager[None]:
    """Around imports whose modules live until the process ends (a stage, Arelle)."""
    return paused(freeze=True)


def model_alive() -> AbstractContextManager[None]:
    """While an Arelle model is built and read (a filing's or a taxonomy's parse and its rows)."""
    return paused()


def sweep_closed_model(*, more_to_come: bool) -> None:
    """After an Arelle model is closed, at a moment the process waits on the server anyway.
    more_to_come: further filings are parsed in this process (a batch, a parse worker)."""
    if more_to_come:
        gc.collect()
    else:
        gc.collect(0)
