"""Downloading taxonomy releases for users with internet.

FASB publishes us-gaap and srt as package zips, fetched as they are. The SEC serves its
taxonomies (dei, ecd, country, …) as loose schema and linkbase files under xbrl.sec.gov, so
`fetch_sec_package` crawls each entry schema and packs what it reaches into one XBRL taxonomy
package `sec-{year}.zip` (same shape as the FASB ones: top folder, META-INF/taxonomyPackage.xml
and a catalog mapping the official URLs onto the files), which `taxonomy load` reads offline.

Arelle (arelle-release) does not ship the EDGAR list of standard taxonomies (that lives in the
separate EFM plugin), hence the small table SEC_TAXONOMIES.
"""

from __future__ import annotations

import os
import posixpath
import urllib.error
import urllib.request
import zipfile
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from lxml import etree

from auditgraph.errors import LoadError, NotFound
from auditgraph.loader.packages import read_package, write_member

FASB = "https://xbrl.fasb.org"
SEC = "https://xbrl.sec.gov"
FASB_TAXONOMIES = ("us-gaap", "srt")
MAX_SEC_FILES = 2000  # a year's SEC tree is a few dozen files; more means a crawl gone astray
MAX_FILE_BYTES = 64 << 20
TIMEOUT = 60

_XS = "{http://www.w3.org/2001/XMLSchema}"
_LINK = "{http://www.xbrl.org/2003/linkbase}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_TP = "http://xbrl.org/2016/taxonomy-package"
_CAT = "urn:oasis:names:tc:entity:xmlns:xml:catalog"


LAST_DATED_FASB_YEAR = 2021  # FASB names releases `YYYY-01-31` through 2021, by the bare year from 2022


def fasb_stamp(year: int) -> str:
    """The year as FASB writes it in namespaces and file names: `2021-01-31` through 2021, else `2022`."""
    return f"{year}-01-31" if year <= LAST_DATED_FASB_YEAR else str(year)


def fasb_package_url(tax: str, year: int, base: str = FASB) -> str:
    """URL of a FASB package zip: `{tax}/{year}/{tax}-{stamp}.zip` (dated names through 2021)."""
    return f"{base.rstrip('/')}/{tax}/{year}/{tax}-{fasb_stamp(year)}.zip"


@dataclass(frozen=True)
class SecTaxonomy:
    """One SEC standard taxonomy: its folder under xbrl.sec.gov and the schema to start from."""

    name: str
    entry: str  # file name in {SEC}/{name}/{year}/, with {year}
    since: int  # first release year auditgraph asks for (a 404 in a later year is only a warning)

    def entry_url(self, year: int) -> str:
        return f"{SEC}/{self.name}/{year}/{self.entry.format(year=year)}"


# dei first: `taxonomy load` requires the package's first entry point to load cleanly.
# The code-list taxonomies start from their `-entire-` schema, which adds the labels to the elements.
SEC_TAXONOMIES: tuple[SecTaxonomy, ...] = (
    SecTaxonomy("dei", "dei-{year}.xsd", 2021),
    SecTaxonomy("ecd", "ecd-{year}.xsd", 2023),
    SecTaxonomy("cyd", "cyd-{year}.xsd", 2024),
    SecTaxonomy("country", "country-entire-{year}.xsd", 2021),
    SecTaxonomy("currency", "currency-entire-{year}.xsd", 2021),
    SecTaxonomy("exch", "exch-entire-{year}.xsd", 2021),
    SecTaxonomy("naics", "naics-entire-{year}.xsd", 2021),
    SecTaxonomy("sic", "sic-entire-{year}.xsd", 2021),
    SecTaxonomy("stpr", "stpr-entire-{year}.xsd", 2021),
)


def sec_entry_points(year: int) -> list[tuple[str, str]]:
    """(taxonomy, official entry URL) of the SEC taxonomies published for a year, dei first."""
    return [(t.name, t.entry_url(year)) for t in SEC_TAXONOMIES if year >= t.since]


def sec_path(url: str) -> str | None:
    """'dei/2024/dei-2024.xsd' for an http(s)://xbrl.sec.gov/ URL; None for any other host."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or parts.hostname != "xbrl.sec.gov":
        return None
    path = posixpath.normpath(parts.path).lstrip("/")
    return path if path and not path.startswith("..") and path != "." else None


def user_agent() -> str:
    # the SEC answers 403 to automated requests without a declared agent (its fair-access policy)
    return os.environ.get("AUDITGRAPH_SEC_USER_AGENT") or "auditgraph taxonomy fetch (set AUDITGRAPH_SEC_USER_AGENT)"


def http_get(url: str) -> bytes:
    """The body of a URL; NotFound on 404, LoadError (one line naming the URL) on any other failure."""
    request = urllib.request.Request(url, headers={"User-Agent": user_agent()})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as resp:
            body: bytes = resp.read(MAX_FILE_BYTES + 1)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            raise NotFound(url) from exc
        hint = "; set AUDITGRAPH_SEC_USER_AGENT='Your Name you@example.com'" if exc.code == 403 else ""
        raise LoadError(f"{url}: download failed (HTTP {exc.code} {exc.reason}){hint}") from exc
    except (urllib.error.URLError, OSError) as exc:
        raise LoadError(
            f"{url}: download failed ({getattr(exc, 'reason', exc)}); check the network or use --url-base-sec"
        ) from exc
    if len(body) > MAX_FILE_BYTES:
        raise LoadError(f"{url}: larger than {MAX_FILE_BYTES >> 20} MB, not a taxonomy file; check --url-base-sec")
    return body


_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)


def _references(url: str, body: bytes) -> list[str]:
    """Official xbrl.sec.gov URLs a schema or linkbase refers to (imports, includes, linkbases, locators)."""
    try:
        root = etree.fromstring(body, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise LoadError(f"{url}: not an XML schema or linkbase ({exc}); check --url-base-sec") from exc
    found: list[str] = []
    for el in root.iter(
        f"{_XS}import", f"{_XS}include", f"{_LINK}linkbaseRef", f"{_LINK}loc", f"{_LINK}roleRef", f"{_LINK}arcroleRef"
    ):
        ref = el.get("schemaLocation") if el.tag.startswith(_XS) else el.get(_XLINK_HREF)
        if not ref:
            continue
        target = urljoin(url, ref.strip()).split("#", 1)[0]
        path = sec_path(target)
        if path is not None:  # xbrl.org, fasb.org … come from Arelle's cache or their own packages
            found.append(f"{SEC}/{path}")
    return found


@dataclass(frozen=True)
class SecPackage:
    """What `fetch_sec_package` wrote."""

    path: Path
    taxonomies: tuple[str, ...]  # fetched, in entry-point order
    files: int
    warnings: tuple[str, ...]


def fetch_sec_package(
    year: int,
    dest: Path,
    base: str = SEC,
    *,
    get: Callable[[str], bytes] = http_get,
    on_file: Callable[[str], None] | None = None,
    entries: Sequence[tuple[str, str]] | None = None,
) -> SecPackage:
    """Crawl the year's SEC taxonomies from `base` (a mirror of xbrl.sec.gov) into dest/sec-{year}.zip.

    The zip appears only when complete: it is written as .part, checked, then renamed.
    """
    entries = list(entries if entries is not None else sec_entry_points(year))
    base = base.rstrip("/")
    files: dict[str, bytes] = {}  # package path -> bytes, in crawl order
    fetched: list[tuple[str, str]] = []
    warnings: list[str] = []
    for tax, entry in entries:
        mirror = f"{base}/{sec_path(entry)}"
        try:
            body = get(mirror)
        except NotFound:
            warnings.append(f"{tax} {year}: not published ({mirror} answered 404); skipped")
            continue
        fetched.append((tax, entry))
        _crawl(entry, body, files, base, get, on_file)
    if not fetched:
        raise LoadError(
            f"{base}: none of the SEC taxonomies of {year} was found ({', '.join(t for t, _ in entries)}); "
            "check the year or --url-base-sec"
        )
    target = dest / f"sec-{year}.zip"
    part = target.with_name(target.name + ".part")
    try:
        _write_package(part, year, files, fetched)
        read_package(part)  # the same check `taxonomy load` does first
        os.replace(part, target)
    finally:
        part.unlink(missing_ok=True)
    return SecPackage(target, tuple(t for t, _ in fetched), len(files), tuple(warnings))


def _crawl(
    entry: str,
    body: bytes,
    files: dict[str, bytes],
    base: str,
    get: Callable[[str], bytes],
    on_file: Callable[[str], None] | None,
) -> None:
    """Breadth-first from one entry document over references that stay under xbrl.sec.gov."""
    queue: deque[tuple[str, bytes | None, str]] = deque([(entry, body, "")])
    queued = {sec_path(entry)} | set(files)
    while queue:
        url, data, referrer = queue.popleft()
        path = sec_path(url)
        assert path is not None
        if path in files:
            continue
        if data is None:
            mirror = f"{base}/{path}"
            try:
                data = get(mirror)
            except NotFound as exc:
                raise LoadError(
                    f"{mirror}: not found (HTTP 404), yet {referrer} refers to it; "
                    "the SEC tree is incomplete, retry later or check --url-base-sec"
                ) from exc
        files[path] = data
        if on_file:
            on_file(path)
        if len(files) > MAX_SEC_FILES:
            raise LoadError(f"{entry}: the crawl passed {MAX_SEC_FILES} files; the tree at {base} is not an SEC taxonomy")
        for ref in _references(url, data):
            p = sec_path(ref)
            if p not in queued:
                queued.add(p)
                queue.append((ref, None, url))


def _package_folders(paths: Sequence[str]) -> list[str]:
    """The folders to map in the catalog: each file's folder, minus those inside another mapped one."""
    folders = sorted({posixpath.dirname(p) for p in paths if posixpath.dirname(p)})
    return [f for f in folders if not any(f.startswith(o + "/") for o in folders if o != f)]


def _xml(root: etree._Element) -> bytes:
    xml: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
    return xml


def _manifest(year: int, fetched: Sequence[tuple[str, str]]) -> bytes:
    tp = f"{{{_TP}}}"
    root = etree.Element(f"{tp}taxonomyPackage", nsmap={"tp": _TP})
    root.set("{http://www.w3.org/XML/1998/namespace}lang", "en-US")
    names = ", ".join(t for t, _ in fetched)
    for tag, text in (
        ("identifier", f"{SEC}/auditgraph-fetch/{year}"),
        ("name", f"SEC taxonomies {year}"),
        (
            "description",
            f"The SEC standard taxonomies of {year} ({names}) as served by {SEC}/, packed by `auditgraph taxonomy fetch`.",
        ),
        ("version", str(year)),
        ("publisher", "U.S. Securities and Exchange Commission"),
    ):
        etree.SubElement(root, f"{tp}{tag}").text = text
    eps = etree.SubElement(root, f"{tp}entryPoints")
    for tax, url in fetched:
        ep = etree.SubElement(eps, f"{tp}entryPoint")
        etree.SubElement(ep, f"{tp}name").text = f"{tax} {year}"
        etree.SubElement(ep, f"{tp}entryPointDocument").set("href", url)
    return _xml(root)


def _catalog(paths: Sequence[str]) -> bytes:
    root = etree.Element(f"{{{_CAT}}}catalog", nsmap={None: _CAT})
    for folder in _package_folders(paths):
        for scheme in ("https", "http"):  # filings import either form of the official URL
            etree.SubElement(
                root, f"{{{_CAT}}}rewriteURI", uriStartString=f"{scheme}://xbrl.sec.gov/{folder}/", rewritePrefix=f"../{folder}/"
            )
    return _xml(root)


def _write_package(target: Path, year: int, files: dict[str, bytes], fetched: Sequence[tuple[str, str]]) -> None:
    top = f"sec-{year}"
    members = {
        f"{top}/META-INF/taxonomyPackage.xml": _manifest(year, fetched),
        f"{top}/META-INF/catalog.xml": _catalog(list(files)),
        **{f"{top}/{p}": data for p, data in files.items()},
    }
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            write_member(zf, name, data)
