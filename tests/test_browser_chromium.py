"""The Neo4j Browser in a real headless Chromium (Debian's chromium, driven by Playwright) against a
real local server with authentication on custom ports, as a user gets it from `neo4j start` and
`neo4j guide`: the printed URL loads the Browser, its connect form shows the configured Bolt port, and
the guide's queries run after logging in with `auditgraph neo4j password`.

Every wait is on a DOM condition with a generous timeout (a busy CI machine is slow, never wrong).
.ci/run installs chromium (when Debian's archive answers) and Playwright; without chromium it skips, saying why."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from cli_process import ServedGuide, served_guide
from click.testing import CliRunner

from auditgraph import config, server
from auditgraph.cli import cli
from auditgraph.graph import Graph

WAIT_MS = 180_000  # for any one DOM condition; a connected Browser answers in seconds
pytestmark = pytest.mark.neo4j  # a server of its own (user_server), not the session's: marked here, not by conftest


def _chromium() -> str:
    path = os.environ.get("AUDITGRAPH_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.skip("no chromium (apt-get install chromium; .ci/run installs it)")
    return path


@pytest.fixture(scope="module")
def user_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """A user's own server: installed on free ports with auth, started, the sample filing loaded."""
    pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra (pip install -e '.[dev]')")
    home = tmp_path_factory.mktemp("user")
    env = {"AUDITGRAPH_CONFIG_DIR": str(home / "config"), "AUDITGRAPH_DATA_DIR": str(home / "data")}
    with pytest.MonkeyPatch.context() as mp:
        for k, v in env.items():
            mp.setenv(k, v)
        for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD"):
            mp.delenv(var, raising=False)
        run = CliRunner().invoke
        bolt, http = server.free_port(), server.free_port()
        args = ["neo4j", "install", "--bolt-port", str(bolt), "--http-port", str(http), "--heap", "1g", "--pagecache", "256m"]
        out = run(cli, args)
        assert out.exit_code == 0, out.output
        try:
            out = run(cli, ["neo4j", "start"])
            assert out.exit_code == 0, out.output
            printed = re.search(r"^Browser: (\S+)$", out.output, re.M)
            assert printed, out.output
            assert "auditgraph neo4j guide" in out.output

            from auditgraph.loader.filing import FilingLoader
            from auditgraph.loader.taxonomy import load_taxonomies

            sample = Path(str(files("auditgraph.sample")))
            with Graph(config.connection()) as g:
                g.run_script("schema.constraints")
                load_taxonomies(g, [sample / "taxonomy"])
                with FilingLoader(g, [sample / "taxonomy"]) as loader:
                    filing_id = loader.load(sample / "filing").id
            yield SimpleNamespace(
                bolt=bolt,
                http=http,
                browser_url=printed.group(1),
                password=config.local_settings().password,
                filing_id=filing_id,
                env={**os.environ, **env, "PYTHONUNBUFFERED": "1"},
            )
        finally:
            assert run(cli, ["neo4j", "stop"]).exit_code == 0


@pytest.fixture(scope="module")
def guide(user_server: SimpleNamespace) -> Iterator[ServedGuide]:
    """`auditgraph neo4j guide` as a user runs it, in its own process; its printed lines."""
    with served_guide(user_server.env, server.free_port()) as served:
        assert served.open_url, served.output  # the local server: the Browser address that opens it
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    executable = _chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])  # root in CI: no user namespace
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    pg = browser.new_page(viewport={"width": 1600, "height": 1000})
    pg.set_default_timeout(WAIT_MS)
    try:
        yield pg
    finally:
        pg.close()


def _connect(page: Any, password: str) -> None:
    page.get_by_test_id("password").fill(password)
    page.get_by_test_id("connect").click()
    page.get_by_text("You are connected as user").wait_for()


def test_printed_url_loads_the_browser_with_the_configured_bolt_port(user_server, page):
    from playwright.sync_api import expect

    assert user_server.bolt != 7687
    page.goto(user_server.browser_url)
    expect(page.get_by_test_id("boltaddress")).to_have_value(f"127.0.0.1:{user_server.bolt}", timeout=WAIT_MS)
    expect(page.get_by_test_id("authenticationMethod")).to_have_value("NATIVE", timeout=WAIT_MS)
    expect(page.get_by_test_id("username")).to_have_value("neo4j", timeout=WAIT_MS)
    _connect(page, user_server.password)
    expect(page.get_by_test_id("frame").filter(has_text=f"127.0.0.1:{user_server.bolt}").first).to_be_visible(timeout=WAIT_MS)


def test_guide_opens_from_the_printed_url_and_its_queries_run(user_server, guide, page):
    from playwright.sync_api import expect

    assert guide.filing_id == user_server.filing_id
    assert guide.open_url.startswith(user_server.browser_url + "&cmd=guide&arg=")
    page.goto(guide.open_url)
    drawer = page.get_by_test_id("guidesDrawer")
    # The guide loads before the login (localhost is in the Browser's default allowlist).
    expect(drawer.get_by_role("heading", name="Two graphs and a bridge")).to_be_visible(timeout=WAIT_MS)
    expect(page.get_by_test_id("boltaddress")).to_have_value(f"127.0.0.1:{user_server.bolt}", timeout=WAIT_MS)
    _connect(page, user_server.password)

    def slide(title: str) -> None:
        heading = drawer.locator("h3").first
        while (shown := heading.inner_text().strip()) != title:
            assert page.get_by_test_id("guideNextSlide").is_enabled(), f"no slide {title!r} after {shown!r}"
            page.get_by_test_id("guideNextSlide").click()
            expect(heading).not_to_have_text(shown, timeout=WAIT_MS)  # the next slide is on screen

    def run(block: Any) -> None:
        block.locator("i").first.click()  # the ▶ the Browser puts on a runnable block

    # The graph view: an INTEGER parameter ($limit) survives the Browser (a :params map made it 25.0).
    slide("A filing as a graph")
    blocks = drawer.locator("pre.runnable")  # the slide on screen only
    run(blocks.filter(has_text=":param limit =>"))  # two :param statements: the Browser runs them as a script
    done = page.locator('[data-testid="multi-statement-list-icon"][title="Status: success"]')
    expect(done).to_have_count(2, timeout=WAIT_MS)
    run(blocks.filter(has_text="// name: filing.graph"))
    frame = page.get_by_test_id("frame").filter(has_text="// name: filing.graph")
    expect(frame.get_by_text("Filing (1)")).to_be_visible(timeout=WAIT_MS)
    expect(frame).not_to_contain_text("Error", timeout=WAIT_MS)

    # The Filings slide: ▶ on the :param block, then ▶ on tools.filing shows the filing in a result frame.
    slide("Filings")
    blocks = drawer.locator("pre.runnable")
    params = blocks.filter(has_text=":param filing_id =>")
    expect(params).to_have_count(1, timeout=WAIT_MS)
    run(params)
    expect(page.get_by_text("Successfully set your parameters").first).to_be_visible(timeout=WAIT_MS)
    run(blocks.filter(has_text="// name: tools.filing"))
    frame = page.get_by_test_id("frame").filter(has_text="// name: tools.filing")
    expect(frame.get_by_test_id("frameContents")).to_contain_text(f'"{guide.filing_id}"', timeout=WAIT_MS)
    expect(frame.get_by_test_id("frameContents")).to_contain_text('"loaded"', timeout=WAIT_MS)


def test_queries_browser_text_runs_when_pasted(user_server, page):
    """`auditgraph queries --browser` output, pasted into the editor as is, runs (a script of two statements)."""
    from playwright.sync_api import expect

    out = CliRunner().invoke(cli, ["queries", "--browser", "tools.filing", "--param", f"filing_id={user_server.filing_id}"])
    assert out.exit_code == 0, out.output
    page.goto(user_server.browser_url)
    _connect(page, user_server.password)
    page.get_by_test_id("activeEditor").click()
    page.keyboard.insert_text(out.output.strip())
    page.get_by_test_id("editor-Run").click()
    script = page.get_by_test_id("frame").filter(has=page.get_by_test_id("multi-statement-list"))
    expect(script.get_by_test_id("multi-statement-list-title")).to_have_count(2, timeout=WAIT_MS)  # :param, then the query
    expect(script.locator('[data-testid="multi-statement-list-icon"][title="Status: success"]')).to_have_count(2, timeout=WAIT_MS)
