"""Link the folders of [tool.setuptools.package-dir] into one tree, build/checktree/auditgraph.

mypy and import-linter find a package by walking one folder; the editable install maps auditgraph.loader to loader/
with an import hook neither can follow. Folders are linked, not files, so new modules appear without a rebuild.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(tree: Path = ROOT / "build" / "checktree") -> Path:
    dirs: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    shutil.rmtree(tree, ignore_errors=True)
    package = tree / "auditgraph"
    package.mkdir(parents=True)
    for entry in (ROOT / dirs["auditgraph"]).iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name, folder in dirs.items():
        top, _, sub = name.partition(".")
        if sub:
            if top != "auditgraph" or "." in sub:
                raise SystemExit(
                    f"checktree: package-dir {name!r} is not a direct subpackage of auditgraph; extend .ci/checktree.py"
                )
            (package / sub).symlink_to(ROOT / folder)
    return package


if __name__ == "__main__":
    print("checktree:", build().relative_to(ROOT))
