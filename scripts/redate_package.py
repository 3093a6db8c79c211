"""Write a copy of a FASB/SEC taxonomy package zip moved to another release year, for benchmarks only.

    .venv/bin/python scripts/redate_package.py ../shared/taxonomies/{sec,srt,us-gaap}-2022.zip --year 2021 --out /tmp/redated
    # -> /tmp/redated/sec-2021.zip, srt-2021-01-31.zip, us-gaap-2021-01-31.zip (prints one path a line)

Everything that names the release year moves: the zip's folder and file names, namespaces,
xbrl.fasb.org / xbrl.sec.gov URLs, the catalog and META-INF/taxonomyPackage.xml. FASB releases
up to 2021 use dated names (namespace `http://fasb.org/us-gaap/2021-01-31`, file
`us-gaap-2021-01-31.xsd` in folder `us-gaap-2021-01-31/`, URL folder still
`https://xbrl.fasb.org/us-gaap/2021/`); the SEC's taxonomies keep the bare year. Concept names
that contain a year (`TaxYear2022Member`), copyright lines and documentation text are content,
not release names, and stay as they are.

The copy's taxonomyPackage.xml says that it is a synthetic re-dating of the source package: its
concepts and networks are the source year's, so it measures loading and storage of another year
side by side, not what that year's official release contains. Never commit the generated zips.
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from pathlib import Path, PurePosixPath

from lxml import etree

from auditgraph.errors import AuditGraphError
from auditgraph.loader.fetch import LAST_DATED_FASB_YEAR, fasb_stamp
from auditgraph.loader.packages import SUPPORTED_YEARS, read_package, write_member

_TP = "{http://xbrl.org/2016/taxonomy-package}"


class RedateError(AuditGraphError):
    """The source package cannot be re-dated as asked."""


class Redater:
    """Rewrites names, paths and texts of a package from year `source` to year `target`."""

    def __init__(self, source: int, target: int, fasb: bool):
        self.source, self.target, self.fasb = str(source), str(target), fasb
        # file and folder stamps of this package; URLs pick theirs by host
        self.stamp = fasb_stamp(target) if fasb else self.target
        s = re.escape(self.source)
        # one pass over a document: an xbrl.fasb.org / fasb.org / xbrl.sec.gov URL, or a relative file
        # name `x-2022.xsd` (hrefs, schemaLocations); the year must stand alone, never inside a name
        self._text = re.compile(
            rf"(?P<url>https?://(?:xbrl\.)?(?:fasb\.org|sec\.gov)/[^\s'\"<>#]*)"
            rf"|(?P<file>(?<=[A-Za-z0-9])-{s}(?=\.(?:xsd|xml)\b))"
        )
        self._segment = re.compile(rf"^(?P<stem>.*?)(?P<sep>-?){s}(?P<ext>\.(?:xsd|xml|zip))?$")

    def url(self, url: str) -> str:
        """`https://xbrl.fasb.org/us-gaap/2022/elts/us-gaap-2022.xsd` -> `.../2021/elts/us-gaap-2021-01-31.xsd`.

        A URL folder is always the bare year; a FASB namespace (`http://fasb.org/us-gaap/2022`, no
        `xbrl.` host) and FASB file names take the dated form; SEC names keep the bare year.
        """
        scheme, rest = url.split("://", 1)
        host, _, path = rest.partition("/")
        fasb_host = host.endswith("fasb.org")
        namespace = host == "fasb.org"
        parts = path.split("/")
        out = []
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if part == self.source:
                out.append(fasb_stamp(int(self.target)) if namespace and last else self.target)
            else:
                out.append(self._name(part, fasb_stamp(int(self.target)) if fasb_host else self.target))
        return f"{scheme}://{host}/" + "/".join(out)

    def _name(self, name: str, stamp: str) -> str:
        """`us-gaap-2022.xsd` -> `us-gaap-{stamp}.xsd`; names without a `-YEAR` ending stay."""
        m = self._segment.match(name)
        if not m or not m.group("sep"):
            return name
        return f"{m.group('stem')}-{stamp}{m.group('ext') or ''}"

    def path(self, member: str) -> str:
        """A zip member or relative folder: `sec-2022/dei/2022/dei-2022.xsd` -> `sec-2021/dei/2021/dei-2021.xsd`."""
        parts = member.split("/")
        return "/".join(self.target if p == self.source else self._name(p, self.stamp) for p in parts)

    def text(self, text: str) -> str:
        return self._text.sub(lambda m: self.url(m.group("url")) if m.group("url") else f"-{self.stamp}", text)

    def catalog(self, text: str) -> str:
        text = self.text(text)
        return re.sub(
            r"(rewritePrefix=)(['\"])(.*?)\2", lambda m: f"{m.group(1)}{m.group(2)}{self.path(m.group(3))}{m.group(2)}", text
        )

    def manifest(self, data: bytes, source_zip: Path, source_name: str, source_id: str, source_hash: str) -> bytes:
        """taxonomyPackage.xml: every mention of the source year moves, and the description says what this is."""
        text = self.text(data.decode("utf-8"))
        text = re.sub(rf"(?<!\d){re.escape(self.source)}(?!\d)", self.target, text)
        root = etree.fromstring(text.encode("utf-8"))
        note = (
            f"SYNTHETIC RE-DATING, not an official release: {source_zip.name} ({source_name}, identifier "
            f"{source_id}, sha256 {source_hash[:16]}) moved from {self.source} to {self.target} by "
            "auditgraph scripts/redate_package.py for benchmarks (folder and file names, namespaces, URLs, "
            f"catalog). Its concepts and networks are the {self.source} package's."
        )
        desc = root.find(f"{_TP}description")
        if desc is None:
            desc = etree.Element(f"{_TP}description")
            name_el = root.find(f"{_TP}name")
            (name_el.addnext(desc) if name_el is not None else root.insert(0, desc))
            desc.text = note
        else:
            desc.text = note + (f" Source description: {desc.text.strip()}" if desc.text and desc.text.strip() else "")
        name_el = root.find(f"{_TP}name")
        if name_el is not None and name_el.text:
            name_el.text = f"{name_el.text.strip()} (synthetic re-dating of {source_zip.name})"
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


def redate(src: Path, year: int, out_dir: Path) -> Path:
    """Write the re-dated copy of package zip `src` into `out_dir`; returns the new zip's path."""
    if year not in SUPPORTED_YEARS:
        raise RedateError(f"--year {year}: auditgraph models taxonomy years {SUPPORTED_YEARS.start}-{SUPPORTED_YEARS.stop - 1}")
    info = read_package(src)  # a corrupt zip or a non-package fails here, naming the file
    if src.is_dir() or not zipfile.is_zipfile(src):
        raise RedateError(f"{src}: pass the package .zip (an unpacked folder is not supported)")
    if info.year <= LAST_DATED_FASB_YEAR:
        raise RedateError(f"{src}: a {info.year} package uses dated names; re-date a 2022 or later package")
    if info.year == year:
        raise RedateError(f"{src}: already a {year} package; pass another --year")
    fasb = not all("xbrl.sec.gov/" in p for p in info.prefixes)
    r = Redater(info.year, year, fasb)
    with zipfile.ZipFile(src) as zin:
        members = [i for i in zin.infolist() if not i.is_dir()]
        tops = {PurePosixPath(i.filename).parts[0] for i in members}
        if len(tops) != 1:
            raise RedateError(f"{src}: expected one top folder in the zip, found {sorted(tops)}")
        top = r.path(tops.pop())
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / f"{top}.zip"
        if target.resolve() == src.resolve():
            raise RedateError(f"{src}: --out would overwrite the source; choose another folder")
        tmp = target.with_suffix(".zip.part")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
            for item in members:
                data = zin.read(item)
                name = r.path(item.filename)
                if name.endswith("META-INF/taxonomyPackage.xml"):
                    data = r.manifest(data, src, info.name, info.identifier, info.content_hash)
                elif name.endswith((".xsd", ".xml")):
                    try:
                        text = data.decode("utf-8")
                    except UnicodeDecodeError as exc:
                        raise RedateError(f"{src}!{item.filename}: not UTF-8 ({exc}); cannot re-date it") from exc
                    data = (r.catalog(text) if name.endswith("META-INF/catalog.xml") else r.text(text)).encode("utf-8")
                write_member(zout, name, data)
        tmp.replace(target)
    got = read_package(target)
    if got.year != year:  # the manifest names its year in a way this script does not rewrite
        target.unlink()
        raise RedateError(
            f"{src}: the copy's manifest reads as year {got.year}, not {year}; its year is written in an unknown form"
        )
    return target


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "src", type=Path, nargs="+", help="FASB (us-gaap, srt) or SEC (sec-YEAR) taxonomy package zips, 2022 or later"
    )
    ap.add_argument("--year", type=int, required=True, help="the release year of the copy (2021-2026)")
    ap.add_argument("--out", type=Path, required=True, help="folder for the copy (e.g. under /tmp; never commit it)")
    args = ap.parse_args(argv)
    try:
        for src in args.src:
            print(redate(src, args.year, args.out))
    except AuditGraphError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
