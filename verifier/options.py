"""The model options `auditgraph verify` and `auditgraph ask` share, declared once (click only: `--help` stays light).

`ChatModel.from_options(model_name, base_url)` reads them, else AUDITGRAPH_VERIFIER_MODEL and
AUDITGRAPH_VERIFIER_BASE_URL (verifier/model_proposals.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def model_options(fn: F) -> F:
    """`--llm MODEL` (as the parameter `model_name`) and `--base-url URL`."""
    fn = click.option(
        "--base-url",
        help="Endpoint: http://127.0.0.1:8000/v1 for openai-compatible servers; optional for openai and "
        "anthropic (or AUDITGRAPH_VERIFIER_BASE_URL).",
    )(fn)
    return click.option(
        "--llm",
        "model_name",
        help="Model, as for the agents: openai:MODEL, anthropic:MODEL or openai-compatible[:MODEL] (or AUDITGRAPH_VERIFIER_MODEL).",
    )(fn)
