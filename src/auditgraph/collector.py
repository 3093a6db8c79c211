"""Python's cyclic garbage collector, paused where it can only waste time.

Imports and Arelle's parse build hundreds of thousands of long-lived objects and next to no
garbage; while they grow, the collector walks them again and again for nothing: about 0.05 s of a
command's start-up (the driver and Arelle) and a tenth of a parse. The work that does make
garbage (a closed Arelle model's cycles) collects it explicitly, where it costs no wall time.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


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
