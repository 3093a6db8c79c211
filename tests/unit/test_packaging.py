"""The wheel ships every data folder: a new cypher/ subfolder must be listed in pyproject.toml."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# benchmark data the scripts read from a checkout; the wheel leaves it out (eval/datasets/README.md)
UNSHIPPED = (REPO / "eval" / "datasets",)


def test_every_data_folder_is_a_listed_package():
    setup = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(setup["packages"])
    roots = {pkg: REPO / path for pkg, path in setup["package-dir"].items()}
    missing = []
    for pkg, root in roots.items():
        for folder in root.rglob("*"):
            if not folder.is_dir() or "__pycache__" in folder.parts or "-" in folder.name or folder.name.startswith("."):
                continue
            if any(folder == u or u in folder.parents for u in UNSHIPPED):
                continue
            if not any(
                f.is_file() and f.suffix in {".cypher", ".md", ".csv", ".json", ".xml", ".xsd", ".py"} for f in folder.iterdir()
            ):
                continue
            name = pkg + "." + ".".join(folder.relative_to(root).parts)
            if name not in listed:
                missing.append(name)
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {missing}"
