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


def pick_entry(folder: Path) -> Path | None:
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


def _read_input(path: Path) -> FilingInput:
    """The one filing a file, zip or filing folder holds; raises LoadError naming the path."""
    path = Path(path)
    if not path.exists():
        raise LoadError(f"{path}: no such file or folder; pass an instance, an inline .htm, a filing zip or a folder")
    refuse_special(path)
    if path.is_dir():
        entry = pick_entry(path)
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


def _expand(paths: list[Path]) -> list[Path | LoadError]:
    """The filings under the given paths: a folder of filings becomes one item per filing.

    Items that cannot be resolved come back as LoadError so a batch can report and skip them.
    """
    out: list[Path | LoadError] = []
    for path in map(Path, paths):
        try:
            refuse_special(path)
            single = not path.is_dir() or pick_entry(path) is not None
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
                nested = child.is_dir() and pick_entry(child) is None
            except LoadError as exc:
                out.append(exc)
                continue
            if nested:
                out.extend(_expand([child]))
            elif child.is_dir() or child.suffix.lower() == ".zip" or is_instance(child) or is_inline(child):
                out.append(child)
    return out


# ------------------------------------------------------------------ what is refused before Arelle or zipfile sees it
# Each a LoadError (exit 2) naming the file and the fix, never an internal error or a silent empty result:
# a zip member with the encryption flag or a compression method zipfile cannot read; an instance or inline
# document in UTF-32 (XML parsers read it as an empty document); a manifest.json that is not
# {"filings": [{"path": ..., "instance"?: ...}, ...]} (the shape of ../shared/filings/manifest.json) or not a
# small regular file; paths that name no filing at all (a folder whose only file links to /etc/passwd).
MAX_MANIFEST_BYTES = 16 * 2**20  # ../shared/filings/manifest.json is ~40 KB for 91 filings
# what zipfile reads (bzip2 and lzma only when Python was built with them; zipfile says so then)
_ZIP_METHODS = {
    zipfile.ZIP_STORED: "stored",
    zipfile.ZIP_DEFLATED: "deflate",
    zipfile.ZIP_BZIP2: "bzip2",
    zipfile.ZIP_LZMA: "lzma",
}
_UTF32_HEADS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff", b"<\x00\x00\x00", b"\x00\x00\x00<")


def check_zip(path: Path) -> None:
    """Refuse a zip with an encrypted member or one packed with a method zipfile cannot read."""
    try:
        with zipfile.ZipFile(path) as zf:
            for info in zf.infolist():
                if info.flag_bits & 0x1:
                    raise LoadError(f"{path}: {info.filename} is encrypted; pass the filing package unencrypted")
                if info.compress_type not in _ZIP_METHODS:
                    raise LoadError(
                        f"{path}: {info.filename} is packed with zip compression method {info.compress_type}, which "
                        f"cannot be read (supported: {', '.join(_ZIP_METHODS.values())}); repack it with `zip`"
                    )
    except (zipfile.BadZipFile, OSError):
        return  # filing_input says what is wrong with it, as before


def check_encoding(path: Path) -> None:
    """Refuse an instance or inline document in UTF-32, which XML parsers take for an empty document."""
    if path.suffix.lower() not in (".xml", *INLINE_SUFFIXES) or not path.is_file():
        return
    with path.open("rb") as fh:
        head = fh.read(4)
    if head.startswith(_UTF32_HEADS):
        raise LoadError(
            f"{path}: the document is UTF-32 encoded, which XBRL does not use; convert it to UTF-8 (iconv -f UTF-32 -t UTF-8)"
        )


def check_manifest(folder: Path) -> None:
    """A folder's manifest.json, if it has one, must be `{"filings": [{"path": "...", "instance"?: "..."}]}`."""
    manifest = folder / "manifest.json"
    if not manifest.exists() and not manifest.is_symlink():
        return
    fix = 'write {"filings": [{"path": "FOLDER", "instance": "FILE.xml"}, ...]} or remove it'
    if not manifest.is_file():
        raise LoadError(f"{manifest}: not a regular file; {fix}")
    if manifest.stat().st_size > MAX_MANIFEST_BYTES:
        raise LoadError(f"{manifest}: {manifest.stat().st_size:,} bytes, too large for a manifest; {fix}")
    try:
        doc: Any = json.loads(manifest.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise LoadError(f"{manifest}: not valid JSON ({exc}); {fix}") from None
    filings = doc.get("filings") if isinstance(doc, dict) else None
    if not isinstance(filings, list):
        raise LoadError(f'{manifest}: needs an object with a list under "filings"; {fix}')
    for n, rec in enumerate(filings):
        ok = isinstance(rec, dict) and isinstance(rec.get("path"), str) and isinstance(rec.get("instance", ""), (str, type(None)))
        if not ok:
            raise LoadError(f'{manifest}: filing {n} is {json.dumps(rec)[:80]}, not an object with a "path" string; {fix}')


def filing_input(path: Path) -> FilingInput:
    """The one filing a file, zip or filing folder holds, after the checks above; raises LoadError naming the path."""
    path = Path(path)
    if path.suffix.lower() == ".zip" and path.is_file():
        check_zip(path)
    check_encoding(path)
    folder = path if path.is_dir() else path.parent
    for parent in (folder, *list(folder.parents)[:3]):  # the manifest filing_source reads the filing's record from
        if (parent / "manifest.json").is_file():
            check_manifest(parent)
            break
    inp = _read_input(path)
    check_encoding(Path(inp.entry))  # the entry a folder holds
    return inp


def expand(paths: list[Path]) -> list[Path | LoadError]:
    """The filings under the given paths, one item per filing (a LoadError for one that cannot be resolved, so a
    batch reports and skips it), after the manifest check; no filing at all under the paths is a LoadError."""
    for path in map(Path, paths):
        if path.is_dir():
            check_manifest(path)
    items = _expand(list(paths))
    if not items or all(isinstance(i, LoadError) for i in items):
        for path in map(Path, paths):  # a document the sniffing of filing_source could not read: say why
            for doc in sorted(path.iterdir()) if path.is_dir() else [path]:
                check_encoding(doc)
    if not items:
        names = ", ".join(str(p) for p in paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
        raise LoadError(
            f"{names}: no XBRL instance, inline document or filing zip found; pass a filing's instance, zip or folder"
        )
    return items
