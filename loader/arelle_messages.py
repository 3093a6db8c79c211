"""Arelle's messages in auditgraph's terms: advice the product supports instead of Arelle's switches.

Arelle runs offline here, always (loader/session.py). When a file is not in any package given, Arelle
says "Could not load file from local filesystem. Disable offline mode to attempt download. file: URL";
auditgraph has no such switch (and wants none): the fix is the package that holds URL, given to the same
`taxonomy load` (or `filing load --packages`), fetched first with `auditgraph taxonomy fetch` if needed.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from auditgraph.loader.fetch import fasb_stamp

_NOT_LOCAL = re.compile(
    r"Could not load file from local filesystem\.(?: Disable offline mode to attempt download\.)? file: (?P<url>\S+)"
)
# a package's catalog maps the URL into the zip, but the zip lacks the file (a minimal or damaged package)
_NOT_IN_ZIP = re.compile(r"file error: \[Errno 2\] Archive (?P<archive>\S+?): '(?P<member>[^']+)'")
_FASB = re.compile(r"^/(?P<tax>us-gaap|srt)/(?P<year>\d{4})/")
_SEC = re.compile(r"^/(?P<tax>[a-z-]+)/(?P<year>\d{4})/")


def package_of_url(url: str) -> tuple[str, int] | None:
    """(package file, year) that holds an official taxonomy URL: us-gaap-2023.zip, srt-2023.zip or sec-2023.zip."""
    parts = urlsplit(url)
    host, path = parts.hostname or "", parts.path
    if host == "xbrl.fasb.org" and (m := _FASB.match(path)):
        year = int(m["year"])
        return f"{m['tax']}-{fasb_stamp(year)}.zip", year
    if host == "xbrl.sec.gov" and (m := _SEC.match(path)):
        year = int(m["year"])
        return f"sec-{year}.zip", year
    return None


def _fetch_hint(package: str, year: int) -> str:
    tax = next((t for t in ("us-gaap", "srt") if package.startswith(t + "-")), "sec")
    return f"`auditgraph taxonomy fetch {year} --taxonomy {tax}`"


def translate(message: str, entry: str = "") -> str:
    """The message with Arelle's offline advice replaced by what to do in auditgraph; others unchanged.

    `entry` is the entry point that logged it: a deprecation network (`srt-dep-def-2025.xsd`) only needs the
    older release for its links to deprecated concepts, which the warning says.
    """
    m = _NOT_LOCAL.search(message)
    if m:
        url = m["url"]
        found = package_of_url(url)
        if found:
            package, pkg_year = found
            advice = (
                f"no package given holds {url}; add {package} to the same command "
                f"(`auditgraph taxonomy load ... {package}`, or `--packages` of `filing load`); "
                f"download it with {_fetch_hint(package, pkg_year)}"
            )
            if "-dep-" in entry.rsplit("/", 1)[-1]:
                advice += "; only this deprecation network needs it, the rest of the release loads without it"
        else:
            advice = (
                f"no package given holds {url}; add the taxonomy package that publishes it to the same command "
                "(`auditgraph taxonomy load`, or `--packages` of `filing load`)"
            )
        return message[: m.start()] + advice + message[m.end() :]
    m = _NOT_IN_ZIP.search(message)
    if m:
        member = m["member"]
        top = member.split("/", 1)[0]
        year = next((int(y) for y in re.findall(r"(?<!\d)(20\d\d)(?!\d)", member)), None)
        hint = ""
        if year and top.startswith("sec-"):
            hint = f"; replace it with the SEC's own files: {_fetch_hint(f'sec-{year}.zip', year)}"
        elif year and top.startswith(("us-gaap-", "srt-")):
            hint = f"; download the FASB package again: {_fetch_hint(top + '.zip', year)}"
        return (
            message[: m.start()]
            + f"{member} is missing from the package that maps it ({top}: a partial or damaged package){hint}"
            f" (needed by {m['archive']})" + message[m.end() :]
        )
    return message


__all__ = ["package_of_url", "translate"]
