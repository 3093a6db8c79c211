"""The Neo4j Browser against a real local server: the advertised Bolt address, the pre-filled
connection URL, `neo4j password`, the shipped graph style and `queries --browser`."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest
from click.testing import CliRunner

from auditgraph import browser, config, server
from auditgraph.cli import cli


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("AUDITGRAPH_DATA_DIR", str(tmp_path / "data"))
    for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path


@pytest.mark.neo4j  # installs and starts a server of its own
def test_browser_is_offered_the_configured_bolt_port_and_the_password(user_home):
    run = CliRunner().invoke
    bolt, http = server.free_port(), server.free_port()
    out = run(
        cli, ["neo4j", "install", "--bolt-port", str(bolt), "--http-port", str(http), "--heap", "1g", "--pagecache", "256m"]
    )
    assert out.exit_code == 0, out.output
    conf = (user_home / "data" / "neo4j" / "conf" / "neo4j.conf").read_text()
    assert f"server.bolt.advertised_address=127.0.0.1:{bolt}" in conf
    try:
        out = run(cli, ["neo4j", "start"])
        assert out.exit_code == 0, out.output
        url = f"http://127.0.0.1:{http}/browser/?dbms=neo4j://neo4j@127.0.0.1:{bolt}&db=neo4j&preselectAuthMethod=NATIVE"
        assert f"Browser: {url}\n" in out.output
        assert "auditgraph neo4j password" in out.output and str(config.config_file()) in out.output

        with urllib.request.urlopen(f"http://127.0.0.1:{http}/", timeout=10) as resp:
            discovery = json.load(resp)
        assert discovery["bolt_direct"] == f"bolt://127.0.0.1:{bolt}"
        assert discovery["bolt_routing"] == f"neo4j://127.0.0.1:{bolt}"
        with urllib.request.urlopen(url, timeout=10) as resp:
            assert resp.status == 200

        out = run(cli, ["neo4j", "password"])
        assert out.exit_code == 0, out.output
        assert out.output == config.local_settings().password + "\n" and len(out.output.strip()) >= 20
    finally:
        assert "Stopped." in run(cli, ["neo4j", "stop"]).output


def test_password_without_a_local_server_is_one_line(user_home, monkeypatch, capsys):
    from auditgraph.cli import main

    for env_uri, message in ((None, "run `auditgraph neo4j install`"), ("bolt://db.example:7687", "bolt://db.example:7687")):
        if env_uri:
            monkeypatch.setenv("NEO4J_URI", env_uri)
        with pytest.raises(SystemExit) as exit_:
            main(["neo4j", "password"])
        err = capsys.readouterr().err
        assert exit_.value.code == 2 and err.startswith("error: ") and message in err and len(err.splitlines()) == 1


def test_no_auth_server_preselects_no_auth():
    s = config.LocalServerSettings(bolt_port=7811, http_port=7611, auth=False)
    assert (
        s.browser_url == "http://127.0.0.1:7611/browser/?dbms=neo4j://neo4j@127.0.0.1:7811&db=neo4j&preselectAuthMethod=NO_AUTH"
    )


def test_style_captions_use_graph_model_properties():
    text = browser.style().read_text(encoding="utf-8")
    captions = dict(re.findall(r"node\.(\w+) \{[^}]*?caption: \"([^\"]*)\"", text))
    assert captions["Filing"] == "{ticker} {form} {period_end}"
    assert captions["Fact"] == "{value} {concept_qname}"  # the value first: a long QName is cut in the circle
    assert captions["Period"] == "{start} {end}"
    assert captions["Concept"] == "{label} ({name})"  # a release without labels still shows the local name
    assert "{instant}" in captions["Context"]


def test_queries_browser_prints_params_then_cypher():
    out = CliRunner().invoke(cli, ["queries", "--browser", "tools.filing", "--param", 'filing_id=0000320193-23-"106'])
    assert out.exit_code == 0, out.output
    first, blank, *rest = out.output.splitlines()
    assert first == ':param filing_id => "0000320193-23-\\"106";' and blank == ""
    assert rest[0] == "// name: tools.filing" and "MATCH (fl:Filing {id: $filing_id})" in rest


def test_queries_browser_types_values_from_the_header():
    from auditgraph import queries

    q = next(q for q in queries.shipped().values() if q.mode == "read" and any(p.type == "INTEGER" for p in q.params))
    sample = {"INTEGER": "7", "LIST": '["a"]', "MAP": '{"k": 1}'}
    pairs = tuple(f"{p.name}={sample.get(p.type.split('<')[0], 'x')}" for p in q.params)
    lines = browser.paste_text(q, pairs).splitlines()
    ints = [p.name for p in q.params if p.type == "INTEGER"]
    # `=>`: the server evaluates the literal, so 7 stays an INTEGER (a `:params` map would make it 7.0)
    assert all(f":param {n} => 7;" in lines for n in ints)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--browser", "tools.filing"], "missing $filing_id (STRING)"),
        (["--browser", "tools.filing", "--param", "filing_id=a", "--param", "x=1"], "unexpected $x"),
        (["--browser", "tools.filng", "--param", "filing_id=a"], "did you mean tools.filing"),
        (["--param", "filing_id=a"], "--param goes with --browser NAME"),
    ],
)
def test_queries_browser_bad_input_is_exit_2(args, message):
    from auditgraph.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["queries", *args])
    assert exit_.value.code == 2


def test_guide_renders_every_step_of_the_model_with_runnable_queries(sample_filing_graph):
    from auditgraph.browser import guide

    fid = sample_filing_graph.read("checks.loaded_filings")[0]["id"]
    text = guide.render(sample_filing_graph, fid)  # each step's parameters are checked against its query header
    assert text.startswith(f"<title>{guide.GUIDE_TITLE}</title>")
    titles = re.findall(r"<slide>\n<h3>([^<]+)</h3>", text)
    assert titles[:4] == ["Two graphs and a bridge", "The auditgraph style", "A filing as a graph", "Filings"]
    assert titles[-1] == "Next" and text.count("<slide>") == text.count("</slide>") == len(titles)
    assert f'<pre class="code runnable">:param filing_id =&gt; "{fid}";\n:param limit =&gt; {guide.FACT_LIMIT}</pre>' in text
    assert '<pre class="code runnable">:style node {' in text and "/*" not in text
    assert "// name: filing.graph\nMATCH" in text and "// returns:" not in text  # the header's name line only
    steps = [st for sl in guide.slides(sample_filing_graph, fid) for st in sl.steps]
    assert {st.query for st in steps} >= {"filing.graph", "tools.filing", "tools.facts", "checks.calc_arcs"}
    for st in steps:  # every query the guide offers runs with the guide's values on the sample
        rows = sample_filing_graph.read(st.query, **st.params)
        # a portfolio query (cypher/dqc, filing_id null) may find nothing on the sample: it has no deprecated element
        assert rows or st.query == "filing.placeholder_facts" or st.query.startswith(("taxonomy.", "dqc.")), st.query
    portfolio = [st for st in steps if st.query == guide.PORTFOLIO_QUERY]
    assert [st.params for st in portfolio] == [{"filing_id": None}]
    assert "The portfolio: which filings use deprecated elements" in titles and "auditgraph audit --all" in text


def test_guide_server_answers_the_browsers_preflight_and_only_the_guide(sample_filing_graph):
    from auditgraph.browser import guide

    with guide.GuideServer("<title>t</title><slide>x</slide>") as srv:
        assert srv.url == f"http://localhost:{srv.port}{guide.GUIDE_PATH}"
        base = f"http://127.0.0.1:{srv.port}"
        pre = urllib.request.Request(
            base + guide.GUIDE_PATH,
            method="OPTIONS",
            headers={"Origin": "http://127.0.0.1:7474", "Access-Control-Request-Headers": "cache-control,pragma"},
        )
        with urllib.request.urlopen(pre, timeout=10) as resp:
            assert resp.status == 204 and resp.headers["Access-Control-Allow-Origin"] == "*"
        with urllib.request.urlopen(base + guide.GUIDE_PATH, timeout=10) as resp:
            assert resp.read() == b"<title>t</title><slide>x</slide>" and resp.headers["Access-Control-Allow-Origin"] == "*"
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(base + "/etc/passwd", timeout=10)
        assert e.value.code == 404
    assert "&cmd=guide&arg=http%3A%2F%2Flocalhost%3A1%2Fg.html" in guide.browser_guide_url(
        "http://x/browser/?dbms=y", "http://localhost:1/g.html"
    )
