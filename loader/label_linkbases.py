"""Label linkbases a package ships next to its schemas but no loaded document references.

The SEC publishes each taxonomy as loose files: `dei/2025/dei-2025.xsd` next to `dei-2025_lab.xml`,
`country-2025.xsd` next to `country-2025_lab.xml`. Which schema links which label file is not uniform
(the code lists link theirs only from the `-entire-` schema), so a package built from those files, or
an entry point that is not the `-entire-` one, gives concepts with no labels. `taxonomy load` therefore
also loads, for every schema of the package in the model, the label linkbases in the same folder
(`*_lab.xml`, `*-lab-*.xml`) that are not loaded yet. Releases whose concepts facts can report (not
abstract) still have no label are named in a warning (`missing_labels`), never silently loaded without
them; code lists (country, exch, ...: abstract members only) are not.
"""

from __future__ import annotations

import os
import posixpath
import re
import zipfile
from collections.abc import Iterable, Mapping

from arelle import ModelDocument
from arelle.ModelXbrl import ModelXbrl

from auditgraph.loader.packages import PackageInfo

_LABEL_FILE = re.compile(r"(?:_lab|-lab-[^/]*)\.xml$")


def _siblings(pkg: PackageInfo, filepath: str, zip_names: list[str] | None) -> list[str]:
    """File names of label linkbases in the folder of `filepath` (a path inside the zip or the folder)."""
    if zip_names is not None:
        prefix = str(pkg.path) + "/"
        if not filepath.startswith(prefix):
            return []
        folder = posixpath.dirname(filepath[len(prefix) :])
        return [
            posixpath.basename(n)
            for n in zip_names
            if posixpath.dirname(n) == folder and _LABEL_FILE.search(posixpath.basename(n))
        ]
    folder = os.path.dirname(filepath)
    try:
        return [n for n in os.listdir(folder) if _LABEL_FILE.search(n)]
    except OSError:
        return []


def unreferenced_label_linkbases(model: ModelXbrl, pkg: PackageInfo) -> list[str]:
    """URLs of label linkbases next to the package's schemas in `model` that the model has not loaded."""
    zip_names = None
    if pkg.path.is_file():
        with zipfile.ZipFile(pkg.path) as zf:
            zip_names = zf.namelist()
    loaded = set(model.urlDocs)
    found: dict[str, None] = {}
    for url, doc in list(model.urlDocs.items()):
        if doc.type != ModelDocument.Type.SCHEMA or not pkg.owns(url) or not doc.filepath:
            continue
        for name in _siblings(pkg, doc.filepath, zip_names):
            candidate = posixpath.join(posixpath.dirname(url), name)
            if candidate not in loaded:
                found[candidate] = None
    return list(found)


def load_label_linkbases(model: ModelXbrl, pkg: PackageInfo) -> list[str]:
    """Load the unreferenced label linkbases into the model (discovered, like a linkbaseRef); the URLs loaded."""
    urls = unreferenced_label_linkbases(model, pkg)
    for url in urls:
        ModelDocument.load(model, url, isDiscovered=True)
    return urls


def missing_labels(package: str, concepts_by_release: Mapping[str, int], labels_by_release: Mapping[str, int]) -> list[str]:
    """One warning naming the releases of a package with concepts facts can report (`concepts_by_release`:
    the non-abstract ones) but no label at all (empty list: none)."""
    bare = [k for k, n in concepts_by_release.items() if n and not labels_by_release.get(k)]
    if not bare:
        return []
    years = sorted({k.rsplit("/", 1)[-1] for k in bare})
    sec = package.startswith("sec-")
    fetch = " and ".join(f"`auditgraph taxonomy fetch {y}{' --taxonomy sec' if sec else ''}`" for y in years)
    return [
        f"{package} has no label linkbase for {_names(bare, concepts_by_release)}: these concepts load without labels "
        f"(a minimal or schema-only package); for the official labels load the published package ({fetch}) with --force"
    ]


def _names(keys: Iterable[str], counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k} ({counts[k]:,} non-abstract concepts)" for k in keys)


__all__ = ["load_label_linkbases", "missing_labels", "unreferenced_label_linkbases"]
