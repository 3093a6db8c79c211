"""What `filing load` refuses before Arelle or the zip module sees a path (issue 36): each a LoadError (exit 2)
naming the file and the fix, never an internal error or a silent empty result.

- a zip member with the encryption flag, or a compression method Python's zipfile cannot read;
- an instance or inline document encoded as UTF-32 (XML parsers read it as an empty document);
- a manifest.json that is not `{"filings": [{"path": ..., "instance"?: ...}, ...]}` (the shape of
  ../shared/filings/manifest.json), or that is not a small regular file;
- paths that name no filing at all (a folder whose only file is a symlink to /etc/passwd or /dev/zero).

`checked_input` is `filing_source.filing_input` behind these checks; `checked_expand` is `filing_source.expand`.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

from auditgraph.errors import LoadError
from auditgraph.loader.filing_source import INLINE_SUFFIXES, FilingInput, expand, filing_input

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


def checked_input(path: Path) -> FilingInput:
    """`filing_input` after the checks above."""
    path = Path(path)
    if path.suffix.lower() == ".zip" and path.is_file():
        check_zip(path)
    check_encoding(path)
    folder = path if path.is_dir() else path.parent
    for parent in (folder, *list(folder.parents)[:3]):  # the manifest filing_source reads the filing's record from
        if (parent / "manifest.json").is_file():
            check_manifest(parent)
            break
    inp = filing_input(path)
    check_encoding(Path(inp.entry))  # the entry a folder holds
    return inp


def checked_expand(paths: list[Path]) -> list[Path | LoadError]:
    """`expand` after the manifest check; no filing at all under the paths is a LoadError naming them."""
    for path in map(Path, paths):
        if path.is_dir():
            check_manifest(path)
    items = expand(list(paths))
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
