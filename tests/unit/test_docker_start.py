"""`auditgraph neo4j start --docker` with a stand-in `docker` on PATH (there is no Docker daemon in CI).

The stand-in records its arguments and the memory settings it was given, like compose would read them."""

from __future__ import annotations

import stat
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from auditgraph import config
from auditgraph.cli import main


def _tool(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


@pytest.fixture
def docker_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "conf"))
    monkeypatch.setenv("AUDITGRAPH_DATA_DIR", str(tmp_path / "data"))
    for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD"):
        monkeypatch.delenv(var, raising=False)
    return bin_dir


@pytest.fixture
def start_docker(capsys: pytest.CaptureFixture[str]) -> Callable[[], SimpleNamespace]:
    """`auditgraph neo4j start --docker` as the installed command runs it."""

    def run() -> SimpleNamespace:
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main(["neo4j", "start", "--docker"])
        out, err = capsys.readouterr()
        return SimpleNamespace(exit_code=done.value.code or 0, output=" ".join((out + err).split()))

    return run


RECORD = 'echo "$@ heap=$AUDITGRAPH_HEAP pagecache=$AUDITGRAPH_PAGECACHE bolt=$AUDITGRAPH_BOLT_PORT" >> "$(dirname "$0")/calls"\n'


def test_compose_v2_gets_the_configured_heap_pagecache_and_ports(
    docker_env: Path, start_docker: Callable[[], SimpleNamespace]
) -> None:
    _tool(docker_env, "docker", RECORD + "exit 0\n")
    config.save_local_settings(replace(config.local_settings(), heap="1g", pagecache="512m", bolt_port=7999))
    result = start_docker()
    assert result.exit_code == 0, result.output
    calls = (docker_env / "calls").read_text().splitlines()
    assert calls[0].startswith("compose version")
    assert calls[1].startswith("compose -f ") and " up -d --wait " in calls[1]
    assert calls[1].endswith("heap=1g pagecache=512m bolt=7999")
    assert "127.0.0.1:7999" in result.output


def test_without_the_compose_plugin_docker_compose_v1_is_used(
    docker_env: Path, start_docker: Callable[[], SimpleNamespace]
) -> None:
    _tool(docker_env, "docker", "echo \"docker: 'compose' is not a docker command.\" >&2\nexit 1\n")
    _tool(docker_env, "docker-compose", RECORD + "exit 0\n")
    result = start_docker()
    assert result.exit_code == 0, result.output
    (call,) = (docker_env / "calls").read_text().splitlines()
    assert call.startswith("-f ") and " up -d --wait " in call and "heap=4g pagecache=4g" in call


def test_without_any_compose_the_error_says_what_to_install(
    docker_env: Path, start_docker: Callable[[], SimpleNamespace]
) -> None:
    _tool(docker_env, "docker", "echo \"docker: 'compose' is not a docker command.\" >&2\nexit 1\n")
    result = start_docker()
    assert result.exit_code == 3
    assert "Docker Compose is missing" in result.output and "docker-compose-plugin" in result.output
    assert "engine running" not in result.output
    assert "Traceback" not in result.output


def test_without_docker_at_all_the_error_names_docker(docker_env: Path, start_docker: Callable[[], SimpleNamespace]) -> None:
    result = start_docker()
    assert result.exit_code == 3
    assert "docker not found" in result.output


def test_a_failing_up_names_the_command_and_its_last_line(docker_env: Path, start_docker: Callable[[], SimpleNamespace]) -> None:
    _tool(
        docker_env, "docker", 'if [ "$2" = version ]; then exit 0; fi\necho "Cannot connect to the Docker daemon" >&2\nexit 1\n'
    )
    result = start_docker()
    assert result.exit_code == 3
    assert "docker compose up failed: Cannot connect to the Docker daemon" in result.output
