"""What `auditgraph neo4j install` writes and how the first start handles the password (issue 21)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from auditgraph import server
from auditgraph.config import Connection, LocalServerSettings
from auditgraph.errors import ServerError
from auditgraph.graph import Graph


def conf_of(tmp_path: Path, heap: str = "4g") -> dict[str, str]:
    settings = LocalServerSettings(bolt_port=7687, http_port=7474, heap=heap, pagecache="1g", auth=True, password="x" * 12)
    text = server.write_conf(tmp_path, settings, server.runtime()).read_text()
    return dict(line.split("=", 1) for line in text.splitlines() if line and not line.startswith("#"))


def test_conf_limits_transactions_procedures_and_csv(tmp_path: Path):
    conf = conf_of(tmp_path)
    assert conf["db.memory.transaction.max"] == "2048m"  # half the heap
    assert conf["db.memory.transaction.total.max"] == "2867m"
    assert conf["db.transaction.timeout"] == "30m"
    assert conf["dbms.security.allow_csv_import_from_file_urls"] == "false"
    allow = conf["dbms.security.procedures.allowlist"].split(",")
    assert "apoc.*" not in allow and not [
        p for p in allow if p.startswith(("apoc.load", "apoc.import", "apoc.export", "apoc.periodic", "apoc.cypher", "apoc.do"))
    ]
    assert {"apoc.meta.data", "apoc.version"} <= set(allow)  # what the schema tool and the tests use
    assert conf["dbms.security.procedures.unrestricted"] == "apoc.meta.*"
    assert conf["server.default_listen_address"] == "127.0.0.1" and conf["dbms.security.auth_enabled"] == "true"
    assert "-XX:+ExitOnOutOfMemoryError" not in server.JVM_FLAGS


@pytest.mark.parametrize("heap,per_tx", [("1g", "512m"), ("512m", "256m"), ("6G", "3072m"), ("2048m", "1024m")])
def test_transaction_memory_follows_the_heap(tmp_path: Path, heap: str, per_tx: str):
    assert conf_of(tmp_path, heap)["db.memory.transaction.max"] == per_tx


def test_a_heap_that_is_not_a_size_is_refused(tmp_path: Path):
    with pytest.raises(ServerError, match="heap size 'lots' is not like 4g or 512m"):
        conf_of(tmp_path, "lots")


def test_the_running_server_has_the_limits(neo4j_connection: Connection):
    if neo4j_connection.external:
        pytest.skip("NEO4J_URI is a server auditgraph did not configure")
    with Graph(neo4j_connection) as g:
        rows = g.driver.execute_query(
            "SHOW SETTINGS YIELD name, value WHERE name IN $names RETURN name, value",
            names=["db.memory.transaction.max", "db.transaction.timeout", "dbms.security.allow_csv_import_from_file_urls"],
        ).records
        procs = g.driver.execute_query(
            "SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'apoc.' RETURN collect(name) AS n"
        ).records[0]["n"]
    values = {r["name"]: r["value"] for r in rows}
    assert values["db.memory.transaction.max"] != "0B" and values["db.transaction.timeout"] == "30m"
    assert values["dbms.security.allow_csv_import_from_file_urls"] == "false"
    assert "apoc.meta.data" in procs
    assert not [p for p in procs if p.split(".")[1] in ("load", "import", "export", "periodic", "cypher", "do", "trigger")], procs


@pytest.mark.parametrize(
    "password",
    [
        'pa ss"wo\\rd#-' + "z" * 8,  # spaces, quotes, a backslash and a comment sign survive the @-file
        "-Xq3" + "z" * 20,  # a generated password may start with a dash: not an option of the admin tool
    ],
)
@pytest.mark.neo4j  # runs the real neo4j-admin
def test_the_initial_password_never_is_an_argument(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, password: str):
    """The real admin tool sets the password from a 0600 @-file that is gone afterwards; every
    command line it ran is recorded, and none contains the password."""
    server.install()
    settings = LocalServerSettings(bolt_port=7687, http_port=7474, heap="512m", pagecache="64m", auth=True, password=password)
    srv = server.LocalServer(tmp_path / "home", settings)
    for sub in ("data", "run", "conf"):
        (srv.home / sub).mkdir(parents=True)
    server.write_conf(srv.home, settings, srv.rt)
    seen: list[list[str]] = []
    real_run = subprocess.run

    def recording_run(cmd, *args, **kwargs):
        seen.append([str(c) for c in cmd])
        argfiles = [c[1:] for c in cmd if str(c).startswith("@")]
        for f in argfiles:
            assert Path(f).stat().st_mode & 0o777 == 0o600
        return real_run(cmd, *args, **kwargs)

    monkeypatch.setattr(server.subprocess, "run", recording_run)
    srv._set_initial_password(server.java_executable())
    admin = [c for c in seen if "set-initial-password" in c]
    assert admin and all(password not in arg for c in seen for arg in c)
    assert not list((srv.home / "run").glob("*.args"))  # the @-file is removed
    auth = srv.home / "data" / "dbms" / "auth.ini"
    assert auth.stat().st_mode & 0o777 == 0o600
    assert auth.read_text().startswith("neo4j:SHA-256,")
