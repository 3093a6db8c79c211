"""What to load: turn the paths a user gives into filing entry points, before Arelle runs.

A path is an XBRL instance (.xml), an inline XBRL document (.htm/.html/.xhtml), a zipped
filing package, a filing folder, or a folder of filings (with or without a manifest.json like
../shared/filings/manifest.json, which also supplies accession numbers and filing dates).
The filing id and content hash are known here, so a re-load of the same content is skipped
without parsing anything.

Only regular files are read (after following symlinks): a FIFO would block the loader forever
and a device (/dev/zero) never ends, so both are refused by name before anything opens them.
"""

from __future__ import annotations

import hashlib
import json
import stat
import zipfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from lxml import etree

from auditgraph.errors import LoadError

INLINE_SUFFIXES = (".htm", ".html", ".xhtml")
_HASHED_SUFFIXES = (".xml", ".xsd", ".htm", ".html", ".xhtml", ".zip")
_INSTANCE_NS = b"http://www.xbrl.org/2003/instance"
_INLINE_NS = b"http://www.xbrl.org/2013/inlineXBRL"


@dataclass(frozen=True)
class FilingInput:
    """One filing to load: the Arelle entry point plus what is known about it up front."""

    id: str
    entry: str  # file path, or "package.zip/inner/path.xml" for a zipped filing
    source: Path  # what the user named (file, zip or folder)
    content_hash: str
    accession: str | None = None
    filing_date: date | None = None
    ticker: str | None = None
    manifest: dict[str, Any] | None = None  # the manifest record, when the filing came with one


def special_file(path: Path) -> str | None:
    """What a path that exists but is neither a regular file nor a folder is ("a FIFO", "a device", ...); None otherwise."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def refuse_special(path: Path) -> None:
    """LoadError naming a FIFO, device or socket given as a filing: reading one would block or never end."""
    kind = special_file(path)
    if kind:
        raise LoadError(f"{path}: {kind}, not a file; pass an instance .xml, an inline .htm, a filing zip or a folder")


def _head(path: Path, n: int = 4096) -> bytes:
    with path.open("rb") as fh:
        return fh.read(n)


def is_instance(path: Path) -> bool:
    return path.suffix.lower() == ".xml" and _INSTANCE_NS in _head(path) and b"xbrl" in _head(path)


def is_inline(path: Path) -> bool:
    return path.suffix.lower() in INLINE_SUFFIXES and _INLINE_NS in _head(path, 16384)


def content_hash(path: Path) -> str:
    """sha256 of the entry file and of the filing's own files next to it (schema, linkbases, zips)."""
    h = hashlib.sha256()
    files = [path] if path.is_file() else []
    folder = path if path.is_dir() else path.parent
    files += sorted(p for p in folder.iterdir() if p.is_file() and p != path and p.suffix.lower() in _HASHED_SUFFIXES)
    for p in files:
        h.update(p.name.encode() + b"\0")
        with p.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
    return h.hexdigest()


def _find_manifest(folder: Path) -> tuple[Path, dict[str, Any]] | None:
    for parent in (folder, *list(folder.parents)[:3]):
        m = parent / "manifest.json"
        if m.is_file():
            try:
                return parent, json.loads(m.read_text())
            except (OSError, ValueError):
                return None
    return None


def _manifest_record(instance: Path) -> dict[str, Any] | None:
    found = _find_manifest(instance.parent)
    if not found:
        return None
    root, doc = found
    for rec in doc.get("filings", []):
        if (root / rec.get("path", "")).resolve() == instance.parent.resolve():
            record: dict[str, Any] = rec
            return record
    return None


def _from_record(rec: dict[str, Any] | None, fallback_id: str) -> dict[str, Any]:
    if not rec:
        return {"id": fallback_id}
    meta = (rec.get("source") or {}).get("edgartools_metadata") or {}
    accession = meta.get("accession_no")
    filed = meta.get("filing_date")
    return {
        "id": accession or rec.get("id") or fallback_id,
        "accession": accession,
        "filing_date": date.fromisoformat(filed) if filed else None,
        "ticker": rec.get("ticker"),
        "manifest": rec,
    }


def _is_instance_root(path: Path) -> bool:
    """The document element is xbrli:xbrl (linkbases also declare the instance namespace)."""
    try:
        for _, elt in etree.iterparse(str(path), events=("start",), resolve_entities=False, no_network=True):
            return bool(elt.tag == f"{{{_INSTANCE_NS.decode()}}}xbrl")
    except (etree.XMLSyntaxError, OSError):
        return False
    return False


def _pick_entry(folder: Path) -> Path | None:
    """A filing folder's entry: its XBRL instance, else its inline document. A folder with several
    instances is refused with their names: loading one of them silently would lose the others."""
    files = sorted(p for p in folder.iterdir() if p.is_file())
    instances = [p for p in files if is_instance(p)]
    rooted = [p for p in instances if _is_instance_root(p)]
    if len(rooted) > 1:
        names = ", ".join(p.name for p in rooted[:10]) + (f" and {len(rooted) - 10} more" if len(rooted) > 10 else "")
        raise LoadError(
            f"{folder}: {len(rooted)} XBRL instances in one folder ({names}); load them one by one "
            f"(auditgraph filing load {folder}/NAME.xml) or give each its own folder"
        )
    if rooted or instances:
        return (rooted or instances)[0]
    inline = [p for p in files if is_inline(p)]
    return inline[0] if inline else None


def _zip_entry(path: Path) -> str:
    try:
        with zipfile.ZipFile(path) as zf:
            names = [n for n in zf.namelist() if not n.endswith("/") and "META-INF" not in n]
            instance = inline = None
            for n in sorted(names):
                head = zf.open(n).read(16384)
                if n.lower().endswith(".xml") and _INSTANCE_NS in head and instance is None:
                    instance = n
                elif n.lower().endswith(INLINE_SUFFIXES) and _INLINE_NS in head and inline is None:
                    inline = n
    except zipfile.BadZipFile as exc:
        raise LoadError(f"{path}: not a readable zip ({exc}); pass a filing package zip, an instance or a folder") from exc
    chosen = instance or inline
    if chosen is None:
        raise LoadError(
            f"{path}: the zip holds no XBRL instance or inline XBRL document; pass the filing package, not a taxonomy zip"
        )
    return f"{path}/{chosen}"


def filing_input(path: Path) -> FilingInput:
    """The one filing a file, zip or filing folder holds; raises LoadError naming the path."""
    path = Path(path)
    if not path.exists():
        raise LoadError(f"{path}: no such file or folder; pass an instance, an inline .htm, a filing zip or a folder")
    refuse_special(path)
    if path.is_dir():
        entry = _pick_entry(path)
        if entry is None:
            raise LoadError(f"{path}: no XBRL instance or inline XBRL document in this folder")
        rec = _manifest_record(entry)
        info = _from_record(rec, entry.stem)
        return FilingInput(entry=str(entry.resolve()), source=path, content_hash=content_hash(entry), **info)
    if path.suffix.lower() == ".zip":
        return FilingInput(id=path.stem, entry=_zip_entry(path.resolve()), source=path, content_hash=content_hash(path))
    if path.suffix.lower() not in (".xml", *INLINE_SUFFIXES):
        raise LoadError(f"{path}: not an XBRL instance (.xml), inline document (.htm) or filing zip")
    rec = _manifest_record(path)
    info = _from_record(rec, path.stem)
    return FilingInput(entry=str(path.resolve()), source=path, content_hash=content_hash(path), **info)


def expand(paths: list[Path]) -> list[Path | LoadError]:
    """The filings under the given paths: a folder of filings becomes one item per filing.

    Items that cannot be resolved come back as LoadError so a batch can report and skip them.
    """
    out: list[Path | LoadError] = []
    for path in map(Path, paths):
        try:
            refuse_special(path)
            single = not path.is_dir() or _pick_entry(path) is not None
        except LoadError as exc:
            out.append(exc)
            continue
        if single:
            out.append(path)
            continue
        manifest = path / "manifest.json"
        if manifest.is_file():
            doc = json.loads(manifest.read_text())
            for rec in doc.get("filings", []):
                folder = path / rec["path"]
                out.append(folder / rec["instance"] if rec.get("instance") else folder)
            continue
        children = sorted(
            p for p in path.iterdir() if p.is_dir() or (p.is_file() and p.suffix.lower() in (".zip", ".xml", *INLINE_SUFFIXES))
        )
        if not children:
            out.append(LoadError(f"{path}: no filings found in this folder"))
        for child in children:
            try:
                nested = child.is_dir() and _pick_entry(child) is None
            except LoadError as exc:
                out.append(exc)
                continue
            if nested:
                out.extend(expand([child]))
            elif child.is_dir() or child.suffix.lower() == ".zip" or is_instance(child) or is_inline(child):
                out.append(child)
    return out
