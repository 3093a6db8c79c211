"""One error tree: every exception class of the package is defined in auditgraph.errors, with its exit code.

A stage that needs a new error adds it to errors.py (and to the tree in its docstring), so the CLI's
exit codes are decided in one file. Module-local control-flow exceptions that never leave their
module may be listed in LOCAL_CONTROL_FLOW instead, by "module.Class".
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest

import auditgraph
from auditgraph import errors
from auditgraph.errors import EXIT_BUG, EXIT_ENVIRONMENT, EXIT_INPUT, AuditGraphError

STAGES = ("loader", "checks", "tools", "llm", "agents", "verifier", "eval")  # top-level folders with Python code
SKIP = {"auditgraph.__main__"}  # importing it runs the CLI
# exceptions that never leave their module's package: each is raised and caught inside it
LOCAL_CONTROL_FLOW: set[str] = {
    "auditgraph.eval.claims_devset.blocks.Skip",  # "no claim of this kind for this filing": eval/claims_devset/build.py catches it
}


def all_modules() -> list[str]:
    names = {"auditgraph"}
    packages = [auditgraph] + [importlib.import_module(f"auditgraph.{s}") for s in STAGES]
    for pkg in packages:
        names.add(pkg.__name__)
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            names.add(info.name)
    return sorted(names - SKIP)


def exceptions_defined_in(module_name: str) -> list[type[BaseException]]:
    module = importlib.import_module(module_name)
    return [
        obj
        for obj in vars(module).values()
        if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module_name
    ]


def error_classes() -> list[type[AuditGraphError]]:
    return [c for c in exceptions_defined_in("auditgraph.errors") if issubclass(c, AuditGraphError)]


def test_the_walk_reaches_every_stage():
    found = all_modules()
    for module in (
        "auditgraph.graph",
        "auditgraph.loader.fetch",
        "auditgraph.llm.providers",
        "auditgraph.agents.role_client",
        "auditgraph.verifier.model_proposals",
        "auditgraph.eval.cases",
    ):
        assert module in found


def test_every_exception_class_is_defined_in_errors():
    stray = [
        f"{c.__module__}.{c.__qualname__}" for m in all_modules() if m != "auditgraph.errors" for c in exceptions_defined_in(m)
    ]
    assert [s for s in stray if s not in LOCAL_CONTROL_FLOW] == []


def test_every_error_descends_from_auditgraph_error_with_an_exit_code():
    defined = exceptions_defined_in("auditgraph.errors")
    assert defined == error_classes()  # nothing in errors.py sits outside the tree
    for cls in defined:
        assert cls.exit_code in {EXIT_INPUT, EXIT_ENVIRONMENT, EXIT_BUG}, cls.__name__


def test_the_docstring_tree_names_every_error_with_its_exit_code():
    doc = errors.__doc__ or ""
    for cls in error_classes():
        if cls is AuditGraphError:
            continue
        assert re.search(rf"\b{cls.__name__}\s+{cls.exit_code}\b", doc), f"{cls.__name__} ({cls.exit_code}) not in the tree"


@pytest.mark.parametrize(
    "name, parents, code",
    [
        ("ProviderError", (AuditGraphError,), EXIT_ENVIRONMENT),
        ("ContextOverflow", (errors.ProviderError,), EXIT_ENVIRONMENT),
        ("ModelError", (errors.ProviderError,), EXIT_ENVIRONMENT),
        ("NotFound", (errors.LoadError,), EXIT_INPUT),
        ("FormulaError", (AuditGraphError, ValueError), EXIT_INPUT),  # pydantic validators need a ValueError
        ("ClaimParseError", (AuditGraphError, ValueError), EXIT_INPUT),
    ],
)
def test_the_stages_errors_keep_their_places(name, parents, code):
    cls = getattr(errors, name)
    assert all(issubclass(cls, p) for p in parents)
    assert cls.exit_code == code


def test_a_bad_formula_is_still_a_value_error_where_pydantic_validates_it():
    from auditgraph.verifier import formula as fx

    with pytest.raises(ValueError, match="only names, numbers"):
        fx.parse("__import__('os')")
