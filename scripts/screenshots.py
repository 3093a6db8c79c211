"""PNG screenshots for the README: the Neo4j Browser (the guide, the sample filing as a styled graph)
and the HTML audit report, taken by headless Chromium (Debian's chromium, driven by Playwright).

    .venv/bin/python scripts/screenshots.py [--out docs/img] [--chromium /usr/bin/chromium]

Starts a throwaway Neo4j with authentication on free ports (nothing of yours is touched), loads the
bundled sample taxonomy and filing, serves the guide as `auditgraph neo4j guide` does, and drives
the Browser as a user would: the printed URL, the password, ▶ on the guide's blocks. Writes
browser-guide.png, browser-graph.png and audit-report.png into --out.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from importlib.resources import files
from pathlib import Path
from typing import Any

WAIT_MS = 180_000
REPO = Path(__file__).resolve().parent.parent


def _auditgraph(*args: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "auditgraph", *args], capture_output=True, text=True, env=os.environ.copy())
    if proc.returncode != 0:
        raise SystemExit(f"auditgraph {' '.join(args)} failed: {(proc.stderr or proc.stdout).strip()}")
    return proc.stdout


def _connect(page: Any, password: str) -> None:
    page.get_by_test_id("password").fill(password)
    page.get_by_test_id("connect").click()
    page.get_by_text("You are connected as user").wait_for()


def _slide(page: Any, title: str) -> None:
    from playwright.sync_api import expect

    heading = page.get_by_test_id("guidesDrawer").locator("h3").first
    while (shown := heading.inner_text().strip()) != title:
        if not page.get_by_test_id("guideNextSlide").is_enabled():
            raise SystemExit(f"the guide has no slide {title!r}")
        page.get_by_test_id("guideNextSlide").click()
        expect(heading).not_to_have_text(shown, timeout=WAIT_MS)


def _run_block(page: Any, contains: str) -> None:
    block = page.get_by_test_id("guidesDrawer").locator("pre.runnable").filter(has_text=contains)
    block.locator("i").first.click()  # the ▶ the Browser puts on a runnable block


def _close_frames(page: Any) -> None:
    """Clear the stream (the Browser's :clear) of the frames the login left; new frames go on top."""
    page.get_by_test_id("activeEditor").click()
    page.keyboard.insert_text(":clear")
    page.get_by_test_id("editor-Run").click()
    page.get_by_test_id("frame").first.wait_for(state="detached")


def browser_shots(out: Path, chromium: str, browser_url: str, guide_url: str, password: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    from auditgraph.browser.guide import browser_guide_url

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = b.new_page(viewport={"width": 1500, "height": 940}, device_scale_factor=1)
        page.set_default_timeout(WAIT_MS)
        page.goto(browser_guide_url(browser_url, guide_url))
        page.get_by_test_id("guidesDrawer").get_by_role("heading", name="Two graphs and a bridge").wait_for()
        _connect(page, password)
        _close_frames(page)

        # The style, then the filing as a graph (the guide's own blocks).
        _slide(page, "The auditgraph style")
        _run_block(page, ":style")
        page.get_by_test_id("frame").filter(has_text=":style").first.wait_for()
        _slide(page, "A filing as a graph")
        _run_block(page, ":param limit =>")
        expect(page.locator('[data-testid="multi-statement-list-icon"][title="Status: success"]')).to_have_count(2)
        _run_block(page, "// name: filing.graph")
        frame = page.get_by_test_id("frame").filter(has_text="// name: filing.graph")
        frame.get_by_text("Filing (1)").wait_for()
        page.wait_for_timeout(4000)  # the force layout settles (a picture, not a test: no assertion waits on it)
        page.screenshot(path=str(out / "browser-graph.png"))

        # The guide next to a table result.
        _slide(page, "Filings")
        _run_block(page, ":param filing_id =>")
        page.get_by_text("Successfully set your parameters").first.wait_for()
        _run_block(page, "// name: tools.filing")
        page.get_by_test_id("frame").filter(has_text="// name: tools.filing").get_by_test_id("frameContents").get_by_text(
            "loaded"
        ).first.wait_for()
        page.wait_for_timeout(2000)  # the frame finishes growing to its table (a picture, not a test)
        page.screenshot(path=str(out / "browser-guide.png"))
        b.close()


def report_shot(out: Path, chromium: str, html_file: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = b.new_page(viewport={"width": 1200, "height": 1000}, device_scale_factor=1)
        page.goto(html_file.as_uri())
        page.wait_for_load_state("load")
        page.screenshot(path=str(out / "audit-report.png"), full_page=False)
        b.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "img")
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = ap.parse_args()
    if not Path(args.chromium).exists():
        raise SystemExit(f"no Chromium at {args.chromium}; apt-get install chromium (or pass --chromium PATH)")
    args.out.mkdir(parents=True, exist_ok=True)

    from auditgraph import server

    with tempfile.TemporaryDirectory(prefix="auditgraph-shots-") as tmp:
        home = Path(tmp)
        os.environ.update({"AUDITGRAPH_CONFIG_DIR": str(home / "config"), "AUDITGRAPH_DATA_DIR": str(home / "data")})
        for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD"):
            os.environ.pop(var, None)
        bolt, http = server.free_port(), server.free_port()
        _auditgraph("neo4j", "install", "--bolt-port", str(bolt), "--http-port", str(http), "--heap", "1g", "--pagecache", "256m")
        try:
            started = _auditgraph("neo4j", "start")
            browser_url = re.search(r"^Browser: (\S+)$", started, re.M)
            if not browser_url:
                raise SystemExit(f"`auditgraph neo4j start` printed no Browser URL:\n{started}")
            from auditgraph import config
            from auditgraph.browser.guide import GuideServer, render
            from auditgraph.graph import Graph
            from auditgraph.loader.filing import FilingLoader
            from auditgraph.loader.taxonomy import load_taxonomies

            sample = Path(str(files("auditgraph.sample")))
            with Graph(config.connection()) as g:
                g.run_script("schema.constraints")
                load_taxonomies(g, [sample / "taxonomy"])
                with FilingLoader(g, [sample / "taxonomy"]) as loader:
                    filing_id = loader.load(sample / "filing").id
                guide_html = render(g, filing_id)
            report = home / "audit.html"
            report.write_text(_auditgraph("audit", filing_id, "--format", "html"), encoding="utf-8")
            with GuideServer(guide_html) as guide:
                browser_shots(args.out, args.chromium, browser_url.group(1), guide.url, config.local_settings().password)
            report_shot(args.out, args.chromium, report)
        finally:
            _auditgraph("neo4j", "stop")
    for name in ("browser-guide.png", "browser-graph.png", "audit-report.png"):
        print(args.out / name)


if __name__ == "__main__":
    main()
