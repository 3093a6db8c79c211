"""The DQC family tests share a few filing builders (_support.py beside this file); pytest's importlib mode puts no
test folder on sys.path, so this puts this one there, as tests/conftest.py does for tests/support."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
