"""A real Neo4j Community server from Maven Central, without Docker or the tarball.

The runtime closure of `org.neo4j.assembly:neo4j-community-standalone` is exactly the
tarball's lib/; Maven resolves it once into the per-user cache (shared by every instance),
and an *instance* directory (conf, data, logs, run) holds one server's state. The CLI uses
the instance under data_dir(); the test fixture uses a throwaway one.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from auditgraph.config import BROWSER_VERSION, NEO4J_VERSION, LocalServerSettings, cache_dir
from auditgraph.errors import ServerError

MIN_JAVA = 17
ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"  # 5.x; 2025.x+ is Neo4jCommunity --console-mode
# No -XX:+ExitOnOutOfMemoryError (Neo4j's default): one query that outgrows the heap in a way the
# transaction memory tracker cannot see (a list comprehension) then fails alone with
# Neo.TransientError.General.OutOfMemoryError instead of taking the server down; an OOM inside
# a commit still panics the database, which Neo4j refuses to use until a restart.
JVM_FLAGS = [
    "-XX:+UseG1GC",
    "-Dfile.encoding=UTF-8",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.tls.ephemeralDHKeySize=2048",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
]

_POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
 <modelVersion>4.0.0</modelVersion><groupId>auditgraph.local</groupId><artifactId>{artifact}</artifactId>
 <version>1</version><packaging>pom</packaging>
 <dependencies>{dependencies}</dependencies>
 <build><plugins><plugin><artifactId>maven-dependency-plugin</artifactId><version>3.8.1</version><executions>
  <execution><id>copy</id><phase>package</phase><goals><goal>copy-dependencies</goal></goals>
   <configuration><outputDirectory>{out}</outputDirectory><includeScope>runtime</includeScope></configuration>
  </execution></executions></plugin></plugins></build>
</project>
"""
_DEP = "<dependency><groupId>{g}</groupId><artifactId>{a}</artifactId><version>{v}</version>{t}</dependency>"


def _dep(coord: str, pom: bool = False) -> str:
    g, a, v = coord.split(":")
    return _DEP.format(g=g, a=a, v=v, t="<type>pom</type>" if pom else "")


@dataclass(frozen=True)
class Runtime:
    """The Maven-resolved jars of one Neo4j version."""

    version: str
    root: Path

    @property
    def lib(self) -> Path:
        return self.root / "lib"

    @property
    def plugins(self) -> Path:
        return self.root / "plugins"

    @property
    def installed(self) -> bool:
        return (self.root / "installed.ok").exists()


def runtime(version: str = NEO4J_VERSION) -> Runtime:
    return Runtime(version, cache_dir() / f"neo4j-{version}")


def java_executable(min_major: int = MIN_JAVA) -> str:
    """The java to run Neo4j with: $JAVA_HOME/bin/java, else java on PATH; checks the version."""
    java_home = os.environ.get("JAVA_HOME")
    java = str(Path(java_home) / "bin" / "java") if java_home else shutil.which("java")
    if not java or not Path(java).exists():
        raise ServerError(
            f"Java not found; install a JDK {min_major}+ (e.g. apt install openjdk-17-jre-headless) or set JAVA_HOME"
        )
    out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    major = int(m.group(1)) if m else 0
    if major == 1 and m and m.group(2):  # "1.8.0" style
        major = int(m.group(2))
    if major < min_major:
        raise ServerError(
            f"Java {major} at {java} is too old for Neo4j {NEO4J_VERSION}; install JDK {min_major}+ or point JAVA_HOME to one"
        )
    return java


def _run_maven(pom_dir: Path, pom_text: str) -> None:
    mvn = shutil.which("mvn")
    if not mvn:
        raise ServerError("Maven (mvn) not found; install Maven 3.6+ (apt install maven) to resolve Neo4j from Maven Central")
    pom_dir.mkdir(parents=True, exist_ok=True)
    (pom_dir / "pom.xml").write_text(pom_text)
    extra = shlex.split(os.environ.get("AUDITGRAPH_MAVEN_ARGS", ""))  # e.g. -o, -s settings.xml, -Dmaven.repo.local=…
    proc = subprocess.run([mvn, "-B", "-q", *extra, "package"], cwd=pom_dir, capture_output=True, text=True)
    if proc.returncode != 0:
        text = proc.stdout + proc.stderr
        if re.search(r"UnknownHost|Could not transfer|Connection (refused|timed out)|Network is unreachable|offline", text):
            raise ServerError(
                "Maven could not reach Maven Central to resolve Neo4j; check the network or proxy in ~/.m2/settings.xml, then rerun `auditgraph neo4j install`"
            )
        last = [ln for ln in text.splitlines() if "ERROR" in ln][:1]
        raise ServerError(
            f"Maven failed to resolve Neo4j {NEO4J_VERSION}: {last[0] if last else text[-300:]}; see {pom_dir}/pom.xml"
        )


def install(version: str = NEO4J_VERSION) -> Runtime:
    """Resolve server, Browser and APOC jars into the cache; a no-op when already there."""
    rt = runtime(version)
    if rt.installed:
        return rt
    java_executable()
    build = rt.root / "build"
    # Server closure -> lib/; Browser and APOC (with its own dependencies) -> plugins/.
    server = _dep(f"org.neo4j.assembly:neo4j-community-standalone:{version}", pom=True)
    _run_maven(build / "server", _POM.format(artifact="server", dependencies=server, out=rt.lib))
    extras = _dep(f"org.neo4j.client:neo4j-browser:{BROWSER_VERSION}") + _dep(f"org.neo4j.procedure:apoc-core:{version}")
    extras += _dep(f"org.neo4j.procedure:apoc-common:{version}")
    _run_maven(build / "plugins", _POM.format(artifact="plugins", dependencies=extras, out=rt.plugins))
    (rt.root / "installed.ok").write_text(version)
    return rt


# A whole taxonomy package or filing is written in one transaction; the longest take minutes on
# a slow machine, so the server-wide cap is generous. Ad-hoc reads set their own, short timeout.
TRANSACTION_TIMEOUT = "30m"
PROCEDURE_ALLOWLIST = (
    "apoc.meta.data",
    "apoc.meta.schema",
    "apoc.meta.graph",
    "apoc.meta.nodeTypeProperties",
    "apoc.meta.relTypeProperties",
    "apoc.version",
    "apoc.coll.*",
    "apoc.text.join",
    "apoc.map.fromPairs",
)


def _heap_share(heap: str, share: float) -> str:
    """`share` of a JVM heap size like 4g or 512m, in whole megabytes ("2048m")."""
    m = re.fullmatch(r"(\d+)([kKmMgG]?)", heap.strip())
    if not m:
        raise ServerError(f"heap size {heap!r} is not like 4g or 512m; fix `heap` in the config file")
    mb = int(m.group(1)) * {"k": 1 / 1024, "m": 1, "g": 1024, "": 1 / 1024 / 1024}[m.group(2).lower()]
    return f"{max(64, int(mb * share))}m"


def write_conf(home: Path, settings: LocalServerSettings, rt: Runtime) -> Path:
    """neo4j.conf for a loopback-only server; rewritten on each start so port changes apply."""
    conf = home / "conf" / "neo4j.conf"
    conf.parent.mkdir(parents=True, exist_ok=True)
    conf.write_text(
        "\n".join(
            [
                "# written by auditgraph; edit ~/.config/auditgraph/config.toml instead",
                "server.default_listen_address=127.0.0.1",
                "server.default_advertised_address=127.0.0.1",
                f"server.bolt.listen_address=127.0.0.1:{settings.bolt_port}",
                f"server.http.listen_address=127.0.0.1:{settings.http_port}",
                # The Browser's discovery document (GET /) names the advertised Bolt address; without
                # these it offers bolt://127.0.0.1:7687 whatever port Bolt listens on.
                f"server.bolt.advertised_address=127.0.0.1:{settings.bolt_port}",
                f"server.http.advertised_address=127.0.0.1:{settings.http_port}",
                "server.https.enabled=false",
                # Hosts the Browser may load guides from: `auditgraph neo4j guide` serves on localhost.
                "browser.remote_content_hostname_whitelist=guides.neo4j.com,localhost",
                "client.allow_telemetry=false",  # the Browser sends no usage data (and asks no consent)
                f"dbms.security.auth_enabled={'true' if settings.auth else 'false'}",
                f"server.memory.heap.initial_size={settings.heap}",
                f"server.memory.heap.max_size={settings.heap}",
                f"server.memory.pagecache.size={settings.pagecache}",
                # One query may not take the heap down (a read-only list comprehension did): Neo4j
                # aborts a transaction past its share; loads stay well under it (batched writes).
                f"db.memory.transaction.max={_heap_share(settings.heap, 0.5)}",
                f"db.memory.transaction.total.max={_heap_share(settings.heap, 0.7)}",
                f"db.transaction.timeout={TRANSACTION_TIMEOUT}",
                # A frozen server is told apart from a slow one by Bolt keep-alives: while a query runs the
                # server sends a NOOP every keep_alive, and tells the driver to drop a connection silent for
                # keep_alive x probes (the hint connection.recv_timeout_seconds): `[local] timeout`.
                "server.bolt.connection_keep_alive_for_requests=ALL",
                f"server.bolt.connection_keep_alive={max(1, settings.timeout // 2)}s",
                "server.bolt.connection_keep_alive_probes=2",
                # Only the plug-in procedures and functions the product uses are loaded: the schema
                # introspection of langchain-neo4j/neo4j-graphrag and apoc.version; no apoc.load,
                # apoc.import, apoc.export, apoc.periodic or apoc.cypher (server-side requests, writes).
                f"dbms.security.procedures.allowlist={','.join(PROCEDURE_ALLOWLIST)}",
                "dbms.security.procedures.unrestricted=apoc.meta.*",  # they read the store's internals
                "dbms.security.allow_csv_import_from_file_urls=false",
                f"server.directories.plugins={rt.plugins}",
                f"server.directories.lib={rt.lib}",
                "server.directories.data=data",
                "server.directories.logs=logs",
                "server.directories.run=run",
                "server.directories.import=import",
                "dbms.usage_report.enabled=false",
                "",
            ]
        )
    )
    return conf


@dataclass(frozen=True)
class Status:
    running: bool
    pid: int | None
    version: str
    bolt_uri: str
    browser_url: str
    home: Path


class LocalServer:
    """One Neo4j instance: start in the background, wait for Bolt, stop cleanly."""

    def __init__(self, home: Path, settings: LocalServerSettings, version: str = NEO4J_VERSION):
        self.home = home
        self.settings = settings
        self.rt = runtime(version)

    @property
    def pid_file(self) -> Path:
        return self.home / "run" / "auditgraph-neo4j.pid"

    @property
    def console_log(self) -> Path:
        return self.home / "logs" / "console.log"

    def pid(self) -> int | None:
        """The pid of our running server, or None; a stale pid file is removed."""
        try:
            pid = int(self.pid_file.read_text().strip())
        except (OSError, ValueError):
            return None
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            cmdline = ""
        if ENTRY_POINT not in cmdline or str(self.home) not in cmdline:
            self.pid_file.unlink(missing_ok=True)
            return None
        return pid

    def status(self) -> Status:
        return Status(
            self.pid() is not None, self.pid(), self.rt.version, self.settings.bolt_uri, self.settings.browser_url, self.home
        )

    def _command(self, java: str) -> list[str]:
        cp = f"{self.rt.lib}/*:{self.rt.plugins}/*:{self.home}/conf/*"
        return [
            java,
            *JVM_FLAGS,
            f"-Xms{self.settings.heap}",
            f"-Xmx{self.settings.heap}",
            "-cp",
            cp,
            ENTRY_POINT,
            f"--home-dir={self.home}",
            f"--config-dir={self.home / 'conf'}",
        ]

    def _set_initial_password(self, java: str) -> None:
        if (self.home / "data" / "dbms" / "auth.ini").exists() or (self.home / "data" / "databases" / "system").exists():
            return
        env = {**os.environ, "NEO4J_HOME": str(self.home), "NEO4J_CONF": str(self.home / "conf")}
        # The password goes through a picocli @-file (mode 0600, removed at once), never argv,
        # where `ps` would show it to every user of the machine while the admin tool runs.
        argfile = self.home / "run" / "initial-password.args"
        quoted = '"' + self.settings.password.replace("\\", "\\\\").replace('"', '\\"') + '"'
        fd = os.open(argfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                # `--` ends the options: a password starting with "-" (1 in 64 of the generated
                # ones) would be read as an unknown option and the install would fail
                f.write("--\n" + quoted + "\n")
            cmd = [
                java,
                *JVM_FLAGS,
                "-cp",
                f"{self.rt.lib}/*",
                "org.neo4j.cli.AdminTool",
                "dbms",
                "set-initial-password",
                f"@{argfile}",
            ]
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=self.home)
        finally:
            argfile.unlink(missing_ok=True)
        if proc.returncode != 0:
            raise ServerError(f"could not set the initial Neo4j password: {(proc.stderr or proc.stdout).strip()[-300:]}")
        _private(self.home / "data" / "dbms" / "auth.ini")

    def start(self, timeout: float = 180.0) -> bool:
        """Start in the background and wait for Bolt. Returns False when it was already running."""
        if self.pid() is not None:
            return False
        if not self.rt.installed:
            raise ServerError(f"Neo4j {self.rt.version} is not installed; run `auditgraph neo4j install` first")
        java = java_executable()
        for name, port in (("Bolt", self.settings.bolt_port), ("HTTP", self.settings.http_port)):
            if not port_free(port):
                # not by this instance (its pid file names no live server): perhaps by the server of another data
                # folder, e.g. when AUDITGRAPH_DATA_DIR points elsewhere than where `neo4j start` ran
                where = "which does not exist" if not self.home.exists() else "where no server runs"
                raise ServerError(
                    f"{name} port {port} is already in use on 127.0.0.1, and not by the local server of {self.home} "
                    f"({where}; AUDITGRAPH_DATA_DIR chooses it): point AUDITGRAPH_DATA_DIR at the folder of the server "
                    f"that runs, pick another port with `auditgraph neo4j install --{name.lower()}-port N`, or stop what uses it"
                )
        for sub in ("data", "logs", "run", "import"):
            (self.home / sub).mkdir(parents=True, exist_ok=True)
        for private in ("data", "run"):  # the store and the auth files are the owner's alone
            (self.home / private).chmod(0o700)
        _private(self.home / "data" / "dbms" / "auth.ini")
        write_conf(self.home, self.settings, self.rt)
        if self.settings.auth:
            self._set_initial_password(java)
        log = open(self.console_log, "ab")  # noqa: SIM115 - the server process writes to it after we return
        proc = subprocess.Popen(
            self._command(java),
            cwd=self.home,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        log.close()
        self.pid_file.write_text(str(proc.pid))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                self.pid_file.unlink(missing_ok=True)
                raise ServerError(
                    f"Neo4j exited during start-up (code {proc.returncode}): {self._last_error()}; full log: {self.console_log}"
                )
            if bolt_ready(self.settings.bolt_port) and http_ready(self.settings.http_port):
                return True  # the Browser URL that `neo4j start` prints works at once
            time.sleep(0.5)
        self.stop()
        raise ServerError(
            f"Neo4j did not answer on Bolt port {self.settings.bolt_port} within {timeout:.0f}s; see {self.console_log}"
        )

    def _last_error(self) -> str:
        lines = self.logs(400).splitlines()
        errors = [ln for ln in lines if "ERROR" in ln or "Exception" in ln]
        return (errors or lines or ["no output"])[-1].strip()[:300]

    def stop(self, timeout: float = 60.0) -> bool:
        """Stop cleanly (SIGTERM lets Neo4j checkpoint); returns False when nothing was running."""
        pid = self.pid()
        if pid is None:
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
            try:
                if os.waitpid(pid, os.WNOHANG)[0] == pid:
                    break
            except ChildProcessError:
                pass
            time.sleep(0.3)
        if Path(f"/proc/{pid}").exists() and "Z" not in _proc_state(pid):
            os.kill(pid, signal.SIGKILL)
        self.pid_file.unlink(missing_ok=True)
        return True

    def logs(self, lines: int = 50) -> str:
        candidates = [self.console_log, self.home / "logs" / "neo4j.log"]
        text = "\n".join(p.read_text(errors="replace") for p in candidates if p.exists())
        return "\n".join(text.splitlines()[-lines:])


def _private(path: Path) -> None:
    """Mode 0600 for a file that holds a secret (Neo4j writes auth.ini world-readable)."""
    if path.exists():
        path.chmod(0o600)


def _proc_state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return ""


def port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bolt_ready(port: int) -> bool:
    """Bolt answers the handshake: magic preamble plus four version proposals, expect 4 bytes back."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"\x60\x60\xb0\x17" + b"\x00\x00\x04\x05" + b"\x00" * 12)
            return len(s.recv(4)) == 4
    except OSError:
        return False


def http_ready(port: int) -> bool:
    """The HTTP connector (the Browser and its discovery document) accepts connections."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False
