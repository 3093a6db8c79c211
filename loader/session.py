"""Arelle, offline: one controller per process, taxonomy packages mapped, no network ever.

Arelle's PackageManager and PluginManager are process-global (not thread-safe), so a process
holds one ArelleSession; load models one after another and close each when done.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import arelle
from arelle import Cntlr, PackageManager, PluginManager
from arelle.ModelXbrl import ModelXbrl

from auditgraph.errors import LoadError

log = logging.getLogger(__name__)

ARELLE_PLUGINS = Path(arelle.__file__).parent / "plugin"


def add_plugin(plugin: str) -> None:
    """Add an Arelle plugin by its file: a plugin Arelle ships may be named (`inlineXbrlDocumentSet`).

    Arelle's own lookup by name (PluginManager.addPluginModule) first parses the source of every plugin
    it ships, about 0.25 s per process; reading the one file takes 0.02 s."""
    path = Path(plugin) if plugin.endswith(".py") else ARELLE_PLUGINS / f"{plugin}.py"
    info = PluginManager.moduleModuleInfo(moduleURL=str(path)) if path.is_file() else None
    if not info or not PluginManager.addPluginModuleInfo(info):
        raise LoadError(f"{plugin}: Arelle could not load this plugin; reinstall arelle-release")


class ArelleSession:
    """An offline Arelle controller with the given taxonomy packages (zip or unpacked folder)."""

    def __init__(self, packages: Sequence[Path] = (), plugins: Sequence[str] = ("inlineXbrlDocumentSet",)):
        self.cntlr = Cntlr.Cntlr(logFileName="logToBuffer")
        self.cntlr.webCache.workOffline = True  # never touch the network
        self.cntlr.startLogging(logFileName="logToBuffer")
        PluginManager.init(self.cntlr, loadPluginConfig=False)
        for plugin in plugins:
            add_plugin(plugin)
        PluginManager.reset()
        self.cntlr.modelManager.customTransforms = None
        self.cntlr.modelManager.loadCustomTransforms()  # Arelle only does this itself in its CLI/GUI
        PackageManager.reset()  # package mappings are process-wide; start from the given packages only
        PackageManager.init(self.cntlr, loadPackagesConfig=False)
        self.packages: list[Path] = []
        for pkg in packages:
            self.add_package(pkg)

    def add_package(self, path: Path) -> dict[str, Any]:
        """Map a taxonomy package's URLs onto its files; raises LoadError naming the file."""
        path = Path(path)
        if not path.exists():
            raise LoadError(f"{path}: no such taxonomy package; pass a .zip or an unpacked folder with META-INF/")
        if path.is_dir() and not (path / "META-INF" / "taxonomyPackage.xml").exists():
            raise LoadError(
                f"{path}: not a taxonomy package (no META-INF/taxonomyPackage.xml); pass the package zip or its unpacked folder"
            )
        # Arelle reads an unpacked package through its manifest file, a zip directly
        target = path / "META-INF" / "taxonomyPackage.xml" if path.is_dir() else path
        info: dict[str, Any] = PackageManager.addPackage(self.cntlr, str(target.resolve()))
        if not info:
            raise LoadError(f"{path}: Arelle could not read it as a taxonomy package; check that it is a FASB/SEC package zip")
        PackageManager.rebuildRemappings(self.cntlr)
        if path.is_dir():
            self.errors()  # Arelle logs "Taxonomy package is not a zip file." for every unpacked package
        self.packages.append(path)
        return info

    def load(self, entry: str | Path) -> ModelXbrl:
        """Load an instance, inline document, schema or package entry point; errors name the file."""
        from arelle import FileSource

        entry = str(entry)
        try:
            fs = FileSource.openFileSource(entry, self.cntlr)
            model = self.cntlr.modelManager.load(fs, "auditgraph")
        except Exception as exc:  # Arelle raises many types; the user needs the file and the cause
            raise LoadError(f"{entry}: Arelle could not load it ({exc})") from exc
        if model is None or model.modelDocument is None:
            errors = "; ".join(self.errors()[:3]) or "no document"
            if model is not None:
                model.close()
            raise LoadError(
                f"{entry}: Arelle could not load it ({errors}); check the path and that its taxonomy packages are given"
            )
        return model

    @contextmanager
    def model(self, entry: str | Path) -> Iterator[ModelXbrl]:
        """A loaded model that is closed (and its memory freed) when the block ends."""
        model = self.load(entry)
        try:
            yield model
        finally:
            model.close()

    def errors(self) -> list[str]:
        """Error-level messages Arelle logged so far (and clears the buffer)."""
        handler = self.cntlr.logHandler
        records = getattr(handler, "logRecordBuffer", None) or []
        out = [r.getMessage() for r in records if r.levelno >= logging.ERROR]
        if hasattr(handler, "clearLogBuffer"):
            handler.clearLogBuffer()
        return out

    def close(self) -> None:
        """Close any model its loader left open, then the controller. Not Arelle's ModelManager.close(): it closes
        the last model once more and then runs a full garbage collection (0.1 s and more at the end of every load
        command); the closed models' cycles are swept where that costs no time (auditgraph.collector)."""
        manager = self.cntlr.modelManager
        for model in manager.loadedModelXbrls:
            if not model.isClosed:
                model.close()
        manager.loadedModelXbrls.clear()
        manager.modelXbrl = None
        self.cntlr.close()
