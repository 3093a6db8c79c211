"""A Neo4j Browser guide to the graph model (docs/graph-model.md) with runnable queries from cypher/.

The Browser loads a guide from a URL (`:guide URL`, or `?cmd=guide&arg=URL` in the Browser's address)
whose host its allowlist names: the server setting `browser.remote_content_hostname_whitelist`
(Neo4j 5.26's name; the Browser's own default before it has connected is "guides.neo4j.com,localhost").
Neo4j's HTTP server serves only the Browser's own files, so `auditgraph neo4j guide` renders the guide
for a loaded filing and serves it from a small HTTP server on 127.0.0.1 (the URL says `localhost`, so
the guide opens even before the Browser has connected), with the CORS headers the Browser's fetch needs.
Nothing leaves the machine.

Each query is shown as the `:param` lines `auditgraph queries --browser` prints, then the query: ▶ on
the first block sets the parameters, ▶ on the second runs the query in a result frame of its own.
"""

from __future__ import annotations

import html
import re
import threading
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from auditgraph import queries
from auditgraph.browser import params_block, style
from auditgraph.errors import ServerError
from auditgraph.graph import Graph

GUIDE_PATH = "/auditgraph-guide.html"
GUIDE_TITLE = "auditgraph: the graph model"
FACT_LIMIT = 12  # facts in the graph view: with their concepts, contexts, periods and unit it stays readable


PORTFOLIO_QUERY = "dqc.dqc_0018"  # the portfolio slide's query (DQC.US.0018, deprecated elements)


@dataclass(frozen=True)
class Step:
    """One named query with the values of its parameters."""

    query: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Slide:
    title: str
    prose: str  # HTML
    steps: tuple[Step, ...] = ()
    extra: str = ""  # HTML after the steps


def style_command() -> str:
    """`:style` with the shipped GraSS (comments dropped: the Browser's parser takes rules only)."""
    grass = re.sub(r"/\*.*?\*/", "", style().read_text(encoding="utf-8"), flags=re.S)
    return ":style " + "\n".join(ln for ln in grass.strip().splitlines() if ln.strip())


def query_text(name: str) -> str:
    """The query as its .cypher file has it, with only the `// name:` line of the header kept."""
    q = queries.get(name)
    body = [ln for ln in q.text.strip().splitlines() if not re.match(r"\s*//\s*(summary|mode|param|returns)\b", ln)]
    return "\n".join(body)


def _values(graph: Graph, filing_id: str) -> dict[str, Any]:
    """Parameter values taken from the loaded graph: the filing, one total concept it reports, its release."""
    filing = graph.read("tools.filing", filing_id=filing_id)[0]
    year = filing.get("us_gaap_year")
    arcs = graph.read("checks.calc_arcs", filing_id=filing_id)
    facts = graph.read("checks.numeric_facts", filing_id=filing_id)
    if arcs:
        qname, key = arcs[0]["parent"], arcs[0]["parent_key"]
    elif facts:
        qname, key = facts[0]["qname"], facts[0]["concept_key"]
    else:
        qname, key = None, None
    counts = {r["label"]: r["count"] for r in graph.read("db.node_counts", timeout=None)}  # whole database: no limit
    return {
        "filing_id": filing_id,
        "release": f"us-gaap/{year}" if year else None,
        "qname": qname,
        "key": key,
        "dqc_rules": counts.get("DqcRule", 0),
        "placeholders": counts.get("Placeholder", 0),
    }


def slides(graph: Graph, filing_id: str) -> list[Slide]:
    """The guide's slides for one loaded filing, in the order docs/graph-model.md tells the model."""
    v = _values(graph, filing_id)
    fid: dict[str, object] = {"filing_id": filing_id}
    concept = [Step("tools.concept_metadata", {"key": v["key"]})] if v["key"] else []
    facts = [Step("tools.facts", {**fid, "key": v["key"], "qname": None})] if v["key"] else []
    calc = [Step("taxonomy.calc_children", {"qname": v["qname"], "release": v["release"]})] if v["qname"] and v["release"] else []
    out = [
        Slide(
            "Two graphs and a bridge",
            "<p>One database holds the <b>taxonomy graph</b> (one <code>Concept</code> per concept per release year, "
            "with its <code>Label</code>s and the <code>CALC</code>, <code>PRES</code> and <code>DEF</code> networks) "
            "and the <b>filing graph</b> (one subgraph per <code>Filing</code>: its <code>Fact</code>s, "
            "<code>Context</code>s, <code>Period</code>s and <code>Unit</code>s). "
            "<code>(:Fact)-[:REPORTS]-&gt;(:Concept)</code> bridges the two.</p>"
            "<p>Every block below is a named query from <code>cypher/</code> (<code>auditgraph queries</code> lists "
            "them). Click ▶ on the <code>:param</code> block to set its parameters, then ▶ on the query to run it; "
            "clicking a block's text copies it into the editor instead.</p>",
            (Step("db.node_counts"),),
        ),
        Slide(
            "The auditgraph style",
            "<p>Captions from the graph model: a Filing shows ticker, form and period end; a Fact its concept and "
            "exact value; a Period its dates; a Concept its label and local name (the name alone where a release has no labels). ▶ applies it to this Browser "
            "(<code>:style reset</code> goes back).</p>",
            extra=f'<pre class="code runnable">{html.escape(style_command(), quote=False)}</pre>',
        ),
        Slide(
            "A filing as a graph",
            f"<p>The Filing <code>{html.escape(filing_id)}</code> and its first {FACT_LIMIT} numeric facts: "
            "<code>HAS_FACT</code> to each Fact, <code>REPORTS</code> to its Concept, <code>IN_CONTEXT</code> to its "
            "Context, <code>FOR_PERIOD</code> to the shared Period, <code>IN_UNIT</code> to the shared Unit. "
            "Double-click a node to expand it.</p>",
            (Step("filing.graph", {**fid, "limit": FACT_LIMIT}),),
        ),
        Slide(
            "Filings",
            "<p>A <code>Filing</code> is keyed by its accession number when known (else the folder or instance "
            "name) and carries ticker, form, period end, the us-gaap year it uses and counts. A load writes it as "
            "<code>pending</code> and flips it to <code>loaded</code> last, so readers never see half a filing. "
            "While it loads, a <code>LoadClaim</code> node (key: the filing's id; owner: host:pid of the loader; a "
            "lease in <code>expires_at</code>) keeps a second loader from loading it too; it is deleted when the load "
            "ends.</p>",
            (Step("filing.list"), Step("tools.filing", fid)),
        ),
        Slide(
            "Facts hold exact numbers",
            '<p>A fact\'s <code>value</code> is the exact decimal as a string (<code>"-1284000000"</code>); '
            "<code>num</code> is a float copy for sorting only. Arithmetic parses <code>value</code> as a decimal. "
            "<code>duplicate</code> flags facts with the same concept, context and unit, so no query picks one of "
            "inconsistent duplicates silently.</p>",
            tuple(facts),
        ),
        Slide(
            "Contexts and periods",
            "<p>Two context ids with the same entity, period and members are one <code>Context</code>; its "
            "<code>dims</code> list the <code>axis=member</code> pairs. <code>Period</code> nodes "
            "(<code>instant:2025-12-31</code>, <code>duration:2025-01-01/2025-12-31</code>) and <code>Unit</code>s "
            "are shared by every filing. Dates are the filer's: an instant is its own day.</p>",
            (Step("verify.period_ends", fid),),
        ),
        Slide(
            "The bridge: concepts and labels",
            "<p>A <code>Concept</code> is keyed by namespace and name (<code>http://fasb.org/us-gaap/2025#Assets</code>); "
            "an extension concept is scoped to its filing. <code>HAS_LABEL</code> holds the taxonomy's labels; "
            "<code>FILER_LABEL</code> edges from the Filing hold the filer's own words.</p>",
            (*concept, Step("verify.label_candidates", fid)),
        ),
        Slide(
            "Calculation networks",
            "<p><code>CALC</code> edges go from a total to its contributors with a <code>weight</code> (±1) and an "
            "<code>owner</code>: the filing's id for its own networks, a release key (<code>us-gaap/2025</code>) for "
            "the taxonomy's. Readers take the filing's network first and fall back to the taxonomy's.</p>",
            (Step("checks.calc_arcs", fid), *calc),
        ),
        Slide(
            "Placeholders",
            "<p>A fact whose us-gaap, srt or dei release is not loaded reports to a <code>Concept:Placeholder</code> "
            "(same key, no labels or networks). Load the release with <code>auditgraph taxonomy load PACKAGE.zip</code>, then "
            "<code>auditgraph filing relink</code> bridges the facts to it.</p>",
            (Step("filing.placeholder_facts"),),
        ),
    ]
    if v["dqc_rules"] and v["release"]:
        release = {"release": v["release"]}
        # a rule with rule data in this release (0014, 0015's neighbour, when it has some): its list is never empty
        listed = [r["rule_id"] for r in graph.read("taxonomy.dqc_rules", **release) if r["concepts"]]
        rule = "DQC.US.0014" if "DQC.US.0014" in listed else listed[0] if listed else None
        year = str(v["release"]).rsplit("/", 1)[-1]
        out.append(
            Slide(
                "DQC rule data",
                "<p>The <code>dqcrules</code> taxonomy inside a us-gaap package becomes <code>DqcRule</code> nodes with "
                "<code>LISTS</code> edges to the concepts each rule names. Not every rule has such data: DQC.US.0015's "
                "list of concepts that must not be negative is not in it, so auditgraph ships that list "
                f"(<code>dqc_15_usgaap_{html.escape(year)}_concepts.csv</code>; "
                f"<code>auditgraph check {html.escape(filing_id)} --rule 0015 --all --wide</code> names it beside each "
                "result).</p>",
                (
                    Step("taxonomy.dqc_rules", release),
                    *([Step("taxonomy.dqc_list", {"rule_id": rule, **release})] if rule else []),
                ),
            )
        )
    if PORTFOLIO_QUERY in queries.registry():
        out.append(
            Slide(
                "The portfolio: which filings use deprecated elements",
                "<p>Every DQC rule family that is a structural pattern is one query in <code>cypher/dqc/</code>: with "
                "<code>filing_id</code> set it lists one filing's findings, with <code>null</code> those of every loaded "
                "filing. This one is DQC.US.0018 (deprecated elements, from the rule set's <code>DqcConstant</code> lists "
                "of each filing's us-gaap year). <code>auditgraph audit --all</code> runs every family on every filing.</p>",
                (Step(PORTFOLIO_QUERY, {"filing_id": None}),),
            )
        )
    out.append(
        Slide(
            "Next",
            "<p>From a shell:</p><ul>"
            f"<li><code>auditgraph check {html.escape(filing_id)} --all</code>: the DQC checkers' results</li>"
            f"<li><code>auditgraph audit {html.escape(filing_id)} --format html &gt; report.html</code>: every finding, "
            "grouped by rule family, with a verdict</li>"
            "<li><code>auditgraph audit --all</code>: every loaded filing, a summary per filing and per rule family</li>"
            "<li><code>auditgraph queries</code>: every read query with its parameters; "
            f"<code>auditgraph queries --browser tools.filing --param filing_id={html.escape(filing_id)}</code> "
            "prints one ready to paste here</li></ul>"
            "<p>The whole model: <code>docs/graph-model.md</code>.</p>",
        )
    )
    return out


def _step_html(step: Step) -> str:
    q = queries.get(step.query)
    q.check_params(step.params)  # a guide that names a parameter the query does not take is a bug here
    summary = re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(q.summary))
    parts = [f"<p><b>{html.escape(q.name)}</b>: {summary}</p>"]
    if step.params:
        parts.append(f'<pre class="code runnable">{html.escape(params_block(dict(step.params)), quote=False)}</pre>')
    parts.append(f'<pre class="code runnable">{html.escape(query_text(q.name), quote=False)}</pre>')
    return "\n".join(parts)


def render(graph: Graph, filing_id: str) -> str:
    """The guide's HTML: a <title> and one <slide> per step of the model (the Browser's guide format)."""
    body = []
    for s in slides(graph, filing_id):
        steps = "\n".join(_step_html(st) for st in s.steps)
        body.append(f"<slide>\n<h3>{html.escape(s.title)}</h3>\n{s.prose}\n{steps}\n{s.extra}\n</slide>")
    return f"<title>{html.escape(GUIDE_TITLE)}</title>\n" + "\n".join(body) + "\n"


def browser_guide_url(browser_url: str, guide_url: str) -> str:
    """The Browser's address with the connection pre-filled that also opens the guide in its sidebar."""
    return f"{browser_url}&cmd=guide&arg={urllib.parse.quote(guide_url, safe='')}"


class _Handler(BaseHTTPRequestHandler):
    server: _GuideHTTPServer

    def _cors(self) -> None:
        # The Browser's page (another port) fetches the guide with cache headers: a CORS preflight.
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Methods", "GET, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", "*")
        self.send_header("Access-Control-Max-Age", "600")

    def do_OPTIONS(self) -> None:  # noqa: N802 (http.server's naming)
        self.send_response(204)
        self._cors()
        self.end_headers()

    def do_GET(self) -> None:  # noqa: N802
        if urllib.parse.urlsplit(self.path).path != GUIDE_PATH:
            self.send_error(404, f"only {GUIDE_PATH} is served here")
            return
        body = self.server.html.encode("utf-8")
        self.send_response(200)
        self._cors()
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # the CLI says what is served; no access log on the terminal


class _GuideHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, text: str):
        super().__init__(("127.0.0.1", port), _Handler)
        self.html = text


class GuideServer:
    """Serves one rendered guide on 127.0.0.1 (port 0: a free one) until stopped."""

    def __init__(self, text: str, port: int = 0):
        try:
            self._httpd = _GuideHTTPServer(port, text)
        except OSError as e:
            raise ServerError(f"cannot serve the guide on 127.0.0.1:{port} ({e.strerror}); pick another with --port N") from None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}{GUIDE_PATH}"

    def serve_forever(self) -> None:
        self._httpd.serve_forever()

    def start(self) -> GuideServer:
        """Serve from a daemon thread (tests, scripts); stop() ends it."""
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="auditgraph-guide", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join()
        self._httpd.server_close()

    def __enter__(self) -> GuideServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
