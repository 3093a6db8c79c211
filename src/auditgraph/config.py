"""Where auditgraph keeps its files and how it finds Neo4j.

Precedence for the connection: NEO4J_URI/NEO4J_USER/NEO4J_PASSWORD, then `[neo4j]` in the
config file (an external server: Desktop, Aura, any server), then the local server that
`auditgraph neo4j install/start` manages (`[local]` in the same file). There is no silent default:
without any of them `connection()` is an error naming the config file it looked for (on a shared
machine bolt://127.0.0.1:7687 is someone else's server). URIs shown to users go through `redact`.
"""

from __future__ import annotations

import os
import secrets
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

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


DEFAULT_CONNECT_TIMEOUT_S = 5.0


def connect_timeout() -> float:
    """Seconds to open a connection to Neo4j and get its Bolt handshake (AUDITGRAPH_CONNECT_TIMEOUT, default 5):
    past it a server is frozen, overloaded or not Neo4j. docs/security.md lists every limit."""
    raw = os.environ.get("AUDITGRAPH_CONNECT_TIMEOUT", "")
    if not raw:
        return DEFAULT_CONNECT_TIMEOUT_S
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0.1 <= value <= 3600:
        raise ConfigError(f"AUDITGRAPH_CONNECT_TIMEOUT={raw!r} is not 0.1-3600 seconds; set a number or unset it")
    return value


def _config_source() -> str:
    """How the config folder was chosen, for messages: the variable that set it, or that none did."""
    if os.environ.get("AUDITGRAPH_CONFIG_DIR"):
        return "AUDITGRAPH_CONFIG_DIR"
    return "XDG_CONFIG_HOME" if os.environ.get("XDG_CONFIG_HOME") else "the default; AUDITGRAPH_CONFIG_DIR moves it"


def redact(uri: str) -> str:
    """`uri` as it may be shown: a user name stays, a password in it becomes ***."""
    try:
        parts = urlsplit(uri)
        if parts.password is None:
            return uri
        host = parts.netloc.rpartition("@")[2]
        user = parts.username or ""
        return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
    except ValueError:  # not even a URL: show no part of what may hold a secret
        return "(a NEO4J_URI that is not a URL)" if "@" in uri else uri


@dataclass(frozen=True)
class LocalServerSettings:
    """The Neo4j server auditgraph installs and runs itself."""

    bolt_port: int = 7687
    http_port: int = 7474
    heap: str = "4g"  # 2 cores / 24 GB: 4 GB heap + 4 GB page cache leaves room for Arelle
    pagecache: str = "4g"
    auth: bool = True
    password: str = ""
    # seconds a connection may stay silent before the client gives up on the server (frozen, not slow):
    # written to neo4j.conf as Bolt keep-alives, which the server sends while a query runs (server.write_conf)
    timeout: int = 120

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
    source: str = "NEO4J_URI"  # the setting that holds `uri`, named by every error about it

    @property
    def shown_uri(self) -> str:
        return redact(self.uri)


def _read_file() -> dict[str, Any]:
    path = config_file()
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise ConfigError(
            f"{folder} ({_config_source()}) is a file, not the folder auditgraph keeps config.toml in; "
            "move it away or point AUDITGRAPH_CONFIG_DIR at a folder"
        )
    if not path.exists():
        return {}
    if not path.is_file():
        raise ConfigError(f"{path} ({_config_source()}) is not a file; remove it and run `auditgraph neo4j install`")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc}); fix or delete the file") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror}); fix its permissions") from exc


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


_LOCAL_TYPES: dict[str, type] = {
    "bolt_port": int,
    "http_port": int,
    "heap": str,
    "pagecache": str,
    "auth": bool,
    "password": str,
    "timeout": int,
}


def local_settings() -> LocalServerSettings:
    """`[local]` of the config file (defaults for what it does not set); a value of the wrong type names its key."""
    doc = _read_file()
    raw = doc.get("local", {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{config_file()}: `local` must be a table ([local]); fix or delete the file")
    fields = {k: raw[k] for k in _LOCAL_TYPES if k in raw}
    for key, value in fields.items():
        kind = _LOCAL_TYPES[key]
        # bool is an int in Python: `bolt_port = true` is no port
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(
                f"{config_file()}: [local] {key} = {value!r} is not {'a number' if kind is int else 'a ' + kind.__name__}; "
                "fix it or run `auditgraph neo4j install` with the option"
            )
        if key.endswith("_port") and isinstance(value, int) and not 1 <= value <= 65535:
            raise ConfigError(f"{config_file()}: [local] {key} = {value} is not a port (1-65535); fix it")
        if key == "timeout" and isinstance(value, int) and not 2 <= value <= 86400:
            raise ConfigError(f"{config_file()}: [local] timeout = {value} is not 2-86400 seconds; fix it")
    if "bolt_port" in fields and fields["bolt_port"] == fields.get("http_port"):
        raise ConfigError(
            f"{config_file()}: [local] bolt_port and http_port are both {fields['bolt_port']}; give each its own port"
        )
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
        "timeout": settings.timeout,
    }
    _write_file(doc)
    return settings


def external_connection() -> Connection | None:
    """The external server of NEO4J_URI or `[neo4j]` in the config file, or None when the local one is configured
    (or nothing is yet: `auditgraph neo4j install` and a first `auditgraph demo` write `[local]`)."""
    env_uri = os.environ.get("NEO4J_URI")
    ext = {} if env_uri else _read_file().get("neo4j", {})
    if not isinstance(ext, dict):
        raise ConfigError(f"{config_file()}: `neo4j` must be a table ([neo4j] with uri, user, password); fix it")
    uri = env_uri or ext.get("uri")
    if not uri:
        return None
    if not isinstance(uri, str):
        raise ConfigError(f'{config_file()}: [neo4j] uri = {uri!r} is not a string; write it as "bolt://HOST:7687"')
    user = os.environ.get("NEO4J_USER") or os.environ.get("NEO4J_USERNAME") or ext.get("user") or "neo4j"
    password = os.environ.get("NEO4J_PASSWORD") if env_uri else ext.get("password")
    if password is None:
        password = os.environ.get("NEO4J_PASSWORD")
    source = "NEO4J_URI" if env_uri else f"[neo4j] uri in {config_file()}"
    return Connection(uri=uri, user=str(user), password=password, external=True, source=source)


def connection() -> Connection:
    """The Neo4j to talk to, from the environment, then the config file's [neo4j], then its [local] server.

    Nothing configured is an error naming the config file looked for, never a guessed server."""
    if (ext := external_connection()) is not None:
        return ext
    path = config_file()
    if "local" not in _read_file():
        why = "does not exist" if not path.exists() else "has neither [local] nor [neo4j]"
        raise ConfigError(
            f"no Neo4j is configured: {path} ({_config_source()}) {why}; "
            "run `auditgraph neo4j install` (a local server) or set NEO4J_URI"
        )
    local = local_settings()
    if local.auth and not local.password:
        raise ConfigError(f"{path}: [local] has no password while auth is on; run `auditgraph neo4j install` to generate one")
    return Connection(
        uri=local.bolt_uri,
        user="neo4j",
        password=local.password if local.auth else None,
        external=False,
        browser_url=local.browser_url,
        source=f"[local] bolt_port in {path}",
    )
