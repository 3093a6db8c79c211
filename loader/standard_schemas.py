"""Arelle plug-in: do not re-check the schema semantics of the standard taxonomies on every filing.

When Arelle loads an instance it checks every schema of the DTS once more (each element's
`type`, `substitutionGroup` and `ref` must resolve; `XmlValidateSchema.validate`). For a filing
that is the us-gaap, srt and dei schemas again and again: about a sixth of the parse (0.15 s on
a 10-K here), and it can only ever report an error in the FASB/SEC files themselves. The check
only logs errors and sets nothing on the model, so skipping it changes no fact, concept or
relationship. The filing's own schemas are still checked.

Active once `skip_checks(model_manager)` is called (the filing session does); the filing
benchmark turns it off to time Arelle as it runs by itself.
"""

from __future__ import annotations

import re
from typing import Any

STANDARD_URL = re.compile(r"^https?://(xbrl\.fasb\.org|xbrl\.sec\.gov|www\.xbrl\.org|www\.w3\.org)/")
SWITCH = "auditgraph_skip_standard_schema_checks"


class _FilingSchemasOnly(set[str]):
    """Arelle's `schemaDocsToValidate`, keeping only schemas outside the standard taxonomies."""

    def add(self, doc: Any) -> None:
        if not STANDARD_URL.match(getattr(doc, "uri", None) or ""):
            super().add(doc)


def skip_checks(model_manager: Any, skip: bool = True) -> None:
    """Turn the skipping on or off for the models this manager loads next."""
    setattr(model_manager, SWITCH, skip)


def model_init(model_xbrl: Any) -> None:
    if getattr(model_xbrl.modelManager, SWITCH, False):
        model_xbrl.schemaDocsToValidate = _FilingSchemasOnly()


__pluginInfo__ = {
    "name": "auditgraph standard schemas",
    "version": "1.0",
    "description": "Skip re-checking the schema semantics of FASB/SEC/XBRL/W3C schemas (filing schemas still checked).",
    "license": "Apache-2",
    "author": "auditgraph",
    "copyright": "auditgraph",
    "ModelXbrl.Init": model_init,
}
