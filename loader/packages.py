"""Taxonomy package files: what a package declares (META-INF), its content hash, and the list of
packages loaded so far (so `filing load` hands the same packages to Arelle).

Reading the manifest ourselves (before Arelle) lets a corrupt zip, a folder that is not a
package or an unsupported year fail with a one-line error before anything touches the graph.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from auditgraph.config import config_dir
from auditgraph.errors import LoadError

SUPPORTED_YEARS = range(2021, 2027)  # the US-GAAP releases this project models (issue: 2021-2026)
_TP = "{http://xbrl.org/2016/taxonomy-package}"
_CAT = "{urn:oasis:names:tc:entity:xmlns:xml:catalog}"
_YEAR = re.compile(r"(?<!\d)(20\d\d)(?!\d)")
LOAD_ORDER = ("sec", "srt", "us-gaap")  # a year's packages: each imports only the ones before it
_ZIP_TIME = (2000, 1, 1, 0, 0, 0)  # fixed timestamps: the same content gives the same zip (and content hash)


def family(path: Path) -> str | None:
    """`sec`, `srt` or `us-gaap` from a package file name (`us-gaap-2021-01-31.zip`); None for others."""
    return next((f for f in LOAD_ORDER if path.name.startswith(f"{f}-")), None)


def in_load_order(paths: Iterable[Path]) -> list[Path]:
    """The sec, srt and us-gaap package files among `paths`, by the year in their name, then LOAD_ORDER."""
    known = [p for p in paths if family(p) and _YEAR.search(p.name)]
    return sorted(known, key=lambda p: (_YEAR.search(p.name).group(1), LOAD_ORDER.index(family(p))))  # type: ignore[union-attr]


def write_member(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    """Add a member to a package zip we write, reproducibly (fixed timestamp, deflated)."""
    zf.writestr(zipfile.ZipInfo(name, date_time=_ZIP_TIME), data, zipfile.ZIP_DEFLATED)


@dataclass(frozen=True)
class PackageInfo:
    """A taxonomy package as its META-INF describes it."""

    path: Path
    name: str
    identifier: str
    year: int
    entry_points: tuple[str, ...]
    prefixes: tuple[str, ...]  # URL prefixes its catalog maps onto its files
    content_hash: str

    @property
    def file_name(self) -> str:
        return self.path.name

    def owns(self, url: str | None) -> bool:
        """True when a document URL lies inside this package."""
        return url is not None and url != "" and any(url.startswith(p) for p in self.prefixes)


def _meta_files(path: Path) -> tuple[bytes, bytes | None]:
    """(taxonomyPackage.xml, catalog.xml or None) of a zip or an unpacked folder."""
    if path.is_dir():
        manifest = path / "META-INF" / "taxonomyPackage.xml"
        if not manifest.is_file():
            raise LoadError(
                f"{path}: not a taxonomy package (no META-INF/taxonomyPackage.xml); pass the package zip or its unpacked folder"
            )
        catalog = path / "META-INF" / "catalog.xml"
        return manifest.read_bytes(), catalog.read_bytes() if catalog.is_file() else None
    if not zipfile.is_zipfile(path):
        raise LoadError(f"{path}: not a zip file (corrupt or truncated download?); fetch the package again")
    try:
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
            member = next((n for n in names if n.endswith("META-INF/taxonomyPackage.xml") and n.count("/") <= 2), None)
            if member is None:
                raise LoadError(f"{path}: zip holds no META-INF/taxonomyPackage.xml, so it is not a taxonomy package")
            member_catalog = member.replace("taxonomyPackage.xml", "catalog.xml")
            return zf.read(member), zf.read(member_catalog) if member_catalog in names else None
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise LoadError(f"{path}: corrupt zip ({exc}); fetch the package again") from exc


def content_hash(path: Path) -> str:
    """sha256 of the zip file, or of every file (relative path + bytes) of an unpacked folder."""
    digest = hashlib.sha256()
    if path.is_dir():
        for f in sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(f.relative_to(path).as_posix().encode() + b"\0")
            digest.update(f.read_bytes())
    else:
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()


def _catalog_prefixes(path: Path, catalog: bytes | None) -> tuple[str, ...]:
    if catalog is None:
        return ()
    try:
        cat = etree.fromstring(catalog)
    except etree.XMLSyntaxError as exc:
        raise LoadError(f"{path}: META-INF/catalog.xml is not well-formed XML ({exc})") from exc
    return tuple(r.get("uriStartString") for r in cat.iter(f"{_CAT}rewriteURI") if r.get("uriStartString"))


def package_prefixes(path: Path | str) -> tuple[str, ...]:
    """The URL prefixes a package's catalog maps, () when it is no longer a readable package
    (no content hash: cheap enough for every remembered package)."""
    path = Path(path)
    try:
        return _catalog_prefixes(path, _meta_files(path)[1])
    except LoadError:
        return ()


def read_package(path: Path | str) -> PackageInfo:
    """Parse a package's manifest and catalog; raises LoadError naming the file and the cause."""
    path = Path(path).expanduser()
    if not path.exists():
        raise LoadError(f"{path}: no such file; pass a taxonomy package .zip or an unpacked folder with META-INF/")
    manifest, catalog = _meta_files(path)
    try:
        root = etree.fromstring(manifest)
    except etree.XMLSyntaxError as exc:
        raise LoadError(f"{path}: META-INF/taxonomyPackage.xml is not well-formed XML ({exc})") from exc
    identifier = (root.findtext(f"{_TP}identifier") or "").strip()
    name = (root.findtext(f"{_TP}name") or path.stem).strip()
    entries = tuple(e.get("href") for e in root.iter(f"{_TP}entryPointDocument") if e.get("href"))
    if not entries:
        raise LoadError(f"{path}: the package declares no entry point (tp:entryPointDocument); it cannot be loaded")
    prefixes = _catalog_prefixes(path, catalog)
    if not prefixes:
        raise LoadError(f"{path}: META-INF/catalog.xml maps no URL prefix, so its files cannot be found offline")
    years = _YEAR.findall(" ".join([identifier, (root.findtext(f"{_TP}version") or ""), *entries]))
    year = int(years[0]) if years else 0
    if year not in SUPPORTED_YEARS:
        raise LoadError(
            f"{path}: a {year or 'undated'} package; auditgraph supports taxonomy years "
            f"{SUPPORTED_YEARS.start}-{SUPPORTED_YEARS.stop - 1}"
        )
    return PackageInfo(path.resolve(), name, identifier, year, entries, prefixes, content_hash(path))


# ------------------------------------------------------------------ remembered packages
def _registry_file() -> Path:
    return config_dir() / "packages.json"


def remembered_packages() -> list[Path]:
    """Package paths `taxonomy load` has loaded (still existing), for the filing loader's Arelle session."""
    path = _registry_file()
    if not path.exists():
        return []
    try:
        paths = json.loads(path.read_text())
    except (json.JSONDecodeError, OSError):
        return []  # a damaged list only costs the filing loader a hint; `taxonomy load` rewrites it
    return [Path(p) for p in paths if isinstance(p, str) and Path(p).exists()]


def remember_packages(paths: list[Path]) -> None:
    """Add package paths to config_dir()/packages.json (absolute, de-duplicated, order kept)."""
    known = [str(p) for p in remembered_packages()]
    for p in paths:
        s = str(Path(p).resolve())
        # the package loaded last is the one remembered for its URLs: an older copy mapping the same
        # prefixes (a partial download, last year's re-pack) would otherwise shadow it in later sessions
        mine = set(package_prefixes(s))
        known = [k for k in known if k == s or not mine & set(package_prefixes(k))]
        if s not in known:
            known.append(s)
    target = _registry_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".tmp")
    tmp.write_text(json.dumps(known, indent=1))
    os.replace(tmp, target)
