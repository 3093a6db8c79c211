"""Where auditgraph keeps its files and how it finds Neo4j.

Precedence for the connection: NEO4J_URI/NEO4J_USER/NEO4J_PASSWORD, then `[neo4j]` in the
config file (an external server: Desktop, Aura, any server), then the local server that
`auditgraph neo4j install/start` manages (`[local]` in the same file).
"""

from __future__ import annotations

import os
import secrets
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from auditgraph.errors import ConfigError

NEO4J_VERSION = "5.26.12"  # the one place the server version is pinned (APOC follows it)
BROWSER_VERSION = "5.24.0"  # last neo4j-browser release on Maven Central


def _xdg(var: str, default: str) -> Path:
    return Path(os.environ.get(var) or Path.home() / default)


def config_dir() -> Path:
    return Path(os.environ.get("AUDITGRAPH_CONFIG_DIR") or _xdg("XDG_CONFIG_HOME", ".config") / "auditgraph")


def cache_dir() -> Path:
    """Maven-resolved server jars: large, shared by every instance, safe to delete."""
    return Path(os.environ.get("AUDITGRAPH_CACHE_DIR") or _xdg("XDG_CACHE_HOME", ".cache") / "auditgraph")


def data_dir() -> Path:
    """The local server's database, logs and pid file."""
    return Path(os.environ.get("AUDITGRAPH_DATA_DIR") or _xdg("XDG_DATA_HOME", ".local/share") / "auditgraph")


def config_file() -> Path:
    return config_dir() / "config.toml"


@dataclass(frozen=True)
class LocalServerSettings:
    """The Neo4j server auditgraph installs and runs itself."""

    bolt_port: int = 7687
    http_port: int = 7474
    heap: str = "4g"  # 2 cores / 24 GB: 4 GB heap + 4 GB page cache leaves room for Arelle
    pagecache: str = "4g"
    auth: bool = True
    password: str = ""

    @property
    def bolt_uri(self) -> str:
        return f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def browser_url(self) -> str:
        """The Browser with its connection form filled in: this server's Bolt address and login method."""
        auth = "NATIVE" if self.auth else "NO_AUTH"
        return (
            f"http://127.0.0.1:{self.http_port}/browser/"
            f"?dbms=neo4j://neo4j@127.0.0.1:{self.bolt_port}&db=neo4j&preselectAuthMethod={auth}"
        )


@dataclass(frozen=True)
class Connection:
    """How to reach Neo4j. `external` means auditgraph must not start or stop anything."""

    uri: str
    user: str
    password: str | None
    external: bool
    browser_url: str | None = None


def _read_file() -> dict[str, Any]:
    path = config_file()
    if not path.exists():
        return {}
    try:
        return tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc}); fix or delete the file") from exc


def _toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    s = str(v).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{s}"'


def _write_file(doc: dict[str, Any]) -> None:
    """Write the config with mode 0600 from the first byte: it holds the Neo4j password."""
    path = config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []
    for table, values in doc.items():
        lines.append(f"[{table}]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in values.items()]
        lines.append("")
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(lines))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def local_settings() -> LocalServerSettings:
    raw = _read_file().get("local", {})
    fields = {k: raw[k] for k in ("bolt_port", "http_port", "heap", "pagecache", "auth", "password") if k in raw}
    return LocalServerSettings(**fields)


def save_local_settings(settings: LocalServerSettings) -> LocalServerSettings:
    """Persist the local server settings; a password is generated on first use when auth is on."""
    if settings.auth and not settings.password:
        settings = replace(settings, password=secrets.token_urlsafe(18))
    doc = _read_file()
    doc["local"] = {
        "bolt_port": settings.bolt_port,
        "http_port": settings.http_port,
        "heap": settings.heap,
        "pagecache": settings.pagecache,
        "auth": settings.auth,
        "password": settings.password,
    }
    _write_file(doc)
    return settings


def connection() -> Connection:
    """The Neo4j to talk to, from the environment, then the config file, then the local server."""
    env_uri = os.environ.get("NEO4J_URI")
    ext = _read_file().get("neo4j", {})
    uri = env_uri or ext.get("uri")
    if uri:
        user = os.environ.get("NEO4J_USER") or os.environ.get("NEO4J_USERNAME") or ext.get("user") or "neo4j"
        password = os.environ.get("NEO4J_PASSWORD") if env_uri else ext.get("password")
        if password is None:
            password = os.environ.get("NEO4J_PASSWORD")
        return Connection(uri=uri, user=user, password=password, external=True)
    local = local_settings()
    return Connection(
        uri=local.bolt_uri,
        user="neo4j",
        password=local.password if local.auth else None,
        external=False,
        browser_url=local.browser_url,
    )
