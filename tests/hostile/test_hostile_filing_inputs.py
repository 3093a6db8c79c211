"""Files a hostile user hands to `filing load` and `verify --registry` (issue 36, items 10, 11, 12): each is
refused with one line naming the file and the fix, exit 2 (never 4, never an empty "0/0" table), nothing
written, and the server still answers.

The broken inputs are built in tmp_path from the bundled sample filing, each with one defect.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

import pytest
from cli_inprocess import error_line, run_main

from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader.taxonomy import load_taxonomies

SAMPLE = Path(str(files("auditgraph.sample")))
INSTANCE = SAMPLE / "filing" / "smpl-20251231.xml"


def snapshot(g: Graph) -> tuple[int, int]:
    """Nodes and relationships, but the LoadGate every claim locks (created once, holding no data)."""
    rec = g.driver.execute_query(
        "MATCH (n) WHERE NOT n:LoadGate WITH count(n) AS n OPTIONAL MATCH ()-[r]->() RETURN n, count(r) AS r"
    ).records[0]
    return rec["n"], rec["r"]


@pytest.fixture(scope="module")
def taxonomy_loaded(neo4j_connection: Connection, tmp_path_factory: pytest.TempPathFactory) -> None:
    os.environ["AUDITGRAPH_CONFIG_DIR"] = str(tmp_path_factory.mktemp("config"))  # remembered packages: ours
    with Graph(neo4j_connection) as g:
        g.write("db.wipe")
        g.run_script("schema.constraints")
        load_taxonomies(g, [SAMPLE / "taxonomy"])


@pytest.fixture
def env(neo4j_connection: Connection, taxonomy_loaded: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Graph:
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("AUDITGRAPH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("AUDITGRAPH_DEBUG", raising=False)
    g = Graph(neo4j_connection)
    g.write("filing.delete", filing_id="smpl-20251231")
    yield g
    g.close()


def refused(capsys, g: Graph, path: Path, *, also: tuple[str, ...] = ()) -> str:
    """`filing load PATH`: exit 2, one error line (returned), the graph as before, the server answering."""
    before = snapshot(g)
    code, _, err = run_main(capsys, "filing", "load", str(path), "-p", str(SAMPLE / "taxonomy"), *also)
    assert code == 2, err
    assert snapshot(g) == before
    assert g.read("db.server_version")[0]["version"]
    return error_line(err, alone=False)


# ---------------------------------------------------------------- zips
def _zip(path: Path, *, method: int = zipfile.ZIP_DEFLATED, patch: Callable[[bytearray], None] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", method) as zf:
        zf.write(INSTANCE, "smpl-20251231.xml")
        for f in (SAMPLE / "filing").glob("*.xsd"):
            zf.write(f, f.name)
    if patch:
        data = bytearray(path.read_bytes())
        patch(data)
        path.write_bytes(data)
    return path


def _method(n: int) -> Callable[[bytearray], None]:
    def patch(data: bytearray) -> None:  # the method field of every local and central header
        for sig, off in ((b"PK\x03\x04", 8), (b"PK\x01\x02", 10)):
            i = data.find(sig)
            while i >= 0:
                data[i + off : i + off + 2] = n.to_bytes(2, "little")
                i = data.find(sig, i + 4)

    return patch


def _encrypted(data: bytearray) -> None:
    for sig, off in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        i = data.find(sig)
        while i >= 0:
            data[i + off] |= 1  # general purpose bit 0: encrypted
            i = data.find(sig, i + 4)


@pytest.mark.parametrize("method", [1, 6, 9, 97, 98, 99])  # shrink, implode, deflate64, WavPack, PPMd, AES
def test_a_zip_with_an_unsupported_compression_method(env, capsys, tmp_path, method):
    z = _zip(tmp_path / "filing.zip", method=zipfile.ZIP_STORED, patch=_method(method))
    line = refused(capsys, env, z)
    assert line.startswith(f"error: {z}: ") and f"compression method {method}, which cannot be read" in line


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
def test_a_zip_with_the_encryption_flag(env, capsys, tmp_path, method):
    z = _zip(tmp_path / "filing.zip", method=method, patch=_encrypted)
    assert refused(capsys, env, z).endswith("is encrypted; pass the filing package unencrypted")


def test_a_zip_in_a_folder_of_filings_is_one_failed_row_not_an_internal_error(env, capsys, tmp_path):
    folder = tmp_path / "batch"
    folder.mkdir()
    _zip(folder / "a.zip", method=zipfile.ZIP_STORED, patch=_method(99))
    _zip(folder / "b.zip", patch=_encrypted)
    before = snapshot(env)
    code, out, err = run_main(capsys, "filing", "load", str(folder), "-p", str(SAMPLE / "taxonomy"), "--json")
    assert code == 2 and "Traceback" not in err and "internal error" not in out + err
    assert snapshot(env) == before


# ---------------------------------------------------------------- manifest.json
@pytest.mark.parametrize(
    "text,message",
    [
        ("{not json", "not valid JSON"),
        ('{"filings": "abc"}', 'needs an object with a list under "filings"'),
        ('[{"id": "x"}]', 'needs an object with a list under "filings"'),
        ("[1, 2]", 'needs an object with a list under "filings"'),
        ("null", 'needs an object with a list under "filings"'),
        ('"filings"', 'needs an object with a list under "filings"'),
        ("{}", 'needs an object with a list under "filings"'),
        ('{"filings": [{"id": "x"}]}', 'filing 0 is {"id": "x"}, not an object with a "path" string'),
        ('{"filings": [1]}', 'filing 0 is 1, not an object with a "path" string'),
        ('{"filings": [{"path": 5}]}', 'not an object with a "path" string'),
        ('{"filings": [{"path": "a", "instance": 3}]}', 'not an object with a "path" string'),
        ("\ufeff\x00\x00", "not valid JSON"),
    ],
)
def test_a_malformed_manifest(env, capsys, tmp_path, text, message):
    folder = tmp_path / "filings"
    (folder / "one").mkdir(parents=True)
    (folder / "manifest.json").write_text(text, encoding="utf-8")
    line = refused(capsys, env, folder)
    assert line.startswith(f"error: {folder / 'manifest.json'}: ") and message in line


def test_a_malformed_manifest_above_a_single_instance(env, capsys, tmp_path):
    (tmp_path / "filings" / "one").mkdir(parents=True)
    (tmp_path / "filings" / "manifest.json").write_text("[1, 2]")
    shutil.copy(INSTANCE, tmp_path / "filings" / "one" / INSTANCE.name)
    for f in (SAMPLE / "filing").glob("*.xsd"):
        shutil.copy(f, tmp_path / "filings" / "one" / f.name)
    assert "manifest.json: needs an object" in refused(capsys, env, tmp_path / "filings" / "one" / INSTANCE.name)


def test_a_manifest_that_is_a_fifo_or_a_folder_is_not_read(env, capsys, tmp_path):
    folder = tmp_path / "filings"
    (folder / "manifest.json").mkdir(parents=True)
    assert "manifest.json: not a regular file" in refused(capsys, env, folder)
    shutil.rmtree(folder)
    folder.mkdir()
    os.mkfifo(folder / "manifest.json")  # opening it would block forever
    assert "manifest.json: not a regular file" in refused(capsys, env, folder)


# ---------------------------------------------------------------- 11. a folder of links to other files
@pytest.mark.parametrize("target", ["/etc/passwd", "/dev/zero", "/dev/null", "/proc/self/status"])
@pytest.mark.parametrize("name", ["a.xml", "a.htm", "passwd"])
def test_a_folder_whose_only_file_links_elsewhere_is_refused(env, capsys, tmp_path, target, name):
    folder = tmp_path / "links"
    folder.mkdir()
    (folder / name).symlink_to(target)
    before = snapshot(env)
    code, out, err = run_main(capsys, "filing", "load", str(folder), "--json")
    # one error line, or (a file that is no filing by its name) one failed row: never "0/0" and exit 0
    assert code == 2 and "Traceback" not in err, err
    said = err + out  # the one error line, or the failed row of --json
    assert f"{folder}: no XBRL instance" in said or f"{folder}: no filings found in this folder" in said
    assert snapshot(env) == before


def test_an_empty_folder_is_a_failed_row(env, capsys, tmp_path):
    (tmp_path / "empty").mkdir()
    before = snapshot(env)
    code, out, err = run_main(capsys, "filing", "load", str(tmp_path / "empty"), "--json")
    # one path that is no filing: the one error line (the --json row when it is one of several)
    assert code == 2 and "no filings found in this folder" in err + out and "Traceback" not in err
    assert snapshot(env) == before


# ---------------------------------------------------------------- 12. encodings XML parsers misread
@pytest.mark.parametrize("codec", ["utf-32", "utf-32-le", "utf-32-be"])
def test_a_utf32_instance_is_named_as_such_not_an_empty_document(env, capsys, tmp_path, codec):
    folder = tmp_path / "u32"
    folder.mkdir()
    for f in (SAMPLE / "filing").glob("*.xsd"):
        shutil.copy(f, folder / f.name)
    doc = folder / INSTANCE.name
    doc.write_bytes(INSTANCE.read_text(encoding="utf-8").encode(codec))
    for path in (doc, folder):
        line = refused(capsys, env, path)
        assert "UTF-32 encoded" in line and "Document is empty" not in line


# ---------------------------------------------------------------- 10. verify --registry on what is not a registry
@pytest.mark.parametrize(
    "content,message",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8 text"),
        (b"\xff\xfe{\x00}\x00", "not UTF-8 text"),
        (b"hello", "not a valid metric registry"),
        (b"[]", "not a valid metric registry"),
        (b"{}", "not a valid metric registry"),
        (b"", "not a valid metric registry"),
    ],
)
def test_verify_registry_that_is_not_json(env, capsys, tmp_path, content, message):
    reg = tmp_path / "registry.json"
    reg.write_bytes(content)
    code, _, err = run_main(capsys, "verify", "--filing", "smpl-20251231", "--registry", str(reg), "Revenue was $1 in 2025")
    assert code == 2 and str(reg) in error_line(err, alone=False) and message in error_line(err, alone=False)


@pytest.mark.parametrize("target", ["/dev/zero", "/tmp", "fifo"])
def test_verify_registry_that_is_not_a_regular_file(env, capsys, tmp_path, target):
    if target == "fifo":
        target = str(tmp_path / "fifo")
        os.mkfifo(target)
    code, _, err = run_main(capsys, "verify", "--filing", "smpl-20251231", "--registry", target, "Revenue was $1 in 2025")
    assert code == 2 and error_line(err, alone=False) == f"error: {target}: not a regular file; pass a registry JSON file"
