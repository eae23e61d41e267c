"""The layers' rules, read from the source with the standard library's `ast`.

- No import cycles among the package's modules. Every import counts: at module level,
  under `if TYPE_CHECKING:` and inside functions (a lazy import is still a dependency).
- No module uses another module's underscored names: neither `from m import _x`, nor
  `m._x` on an imported module, nor `obj._x` where `_x` is not defined in the module that
  reads it (a private attribute of another module's class).
- ui/ never imports `fincoach_tui.store` or `fincoach_tui.settings.config`: it goes
  through the application layer (service/).
- domain/ is pure: no Textual, no openai, no file system (`os`, `pathlib`, `io`, `open()`),
  no clock (`time`, `datetime.now()`).

Each test lists every violation it finds, with the file and line, so a failure says
exactly what to fix.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

PACKAGE = "fincoach_tui"
ROOT = Path(__file__).resolve().parents[2] / PACKAGE

# Attributes with an underscore that are public by convention (namedtuple's API).
PUBLIC_UNDERSCORED = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
# settings.config is split into config_schema/config_read/config_write: all forbidden alike.
UI_FORBIDDEN = (
    "fincoach_tui.store",
    "fincoach_tui.settings.config",
    "fincoach_tui.settings.config_schema",
    "fincoach_tui.settings.config_read",
    "fincoach_tui.settings.config_write",
)
DOMAIN_FORBIDDEN = ("textual", "openai", "os", "pathlib", "io", "shutil", "tempfile", "time")
CLOCK_CALLS = frozenset({"now", "utcnow", "today"})


@dataclass(frozen=True)
class Import:
    module: str  # the package module (or any module, for the layer rules) imported
    line: int
    names: tuple[str, ...] = ()  # the names of a `from ... import`


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    tree: ast.Module

    @property
    def where(self) -> str:
        return str(self.path.relative_to(ROOT.parent))


@cache
def modules() -> dict[str, Module]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        found[name] = Module(name, path, ast.parse(path.read_text(), str(path)))
    return found


def _is_package(name: str) -> bool:
    return (ROOT.parent / name.replace(".", "/") / "__init__.py").exists()


def imports_of(module: Module) -> Iterator[Import]:
    """Every import in `module`, wherever it is, with relative imports made absolute."""
    for node in ast.walk(module.tree):
        yield from imports_at(module.name, node)


def imports_at(module_name: str, node: ast.AST) -> Iterator[Import]:
    """The imports of one statement of module `module_name` (none if it is not one)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield Import(alias.name, node.lineno)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            anchor = module_name.split(".")
            if not _is_package(module_name):
                anchor = anchor[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        names = tuple(a.name for a in node.names)
        # `from fincoach_tui.ui import format` imports the module fincoach_tui.ui.format.
        submodules = [f"{base}.{n}" for n in names if f"{base}.{n}" in modules()]
        others = tuple(n for n in names if f"{base}.{n}" not in modules())
        if others or not submodules:  # `from p import m` alone imports m, not p's names
            yield Import(base, node.lineno, others)
        for sub in submodules:
            yield Import(sub, node.lineno)


def package_edges() -> dict[str, dict[str, int]]:
    """module -> {package module it imports: first line}."""
    edges: dict[str, dict[str, int]] = {}
    for name, module in modules().items():
        targets = edges.setdefault(name, {})
        for imp in imports_of(module):
            if imp.module in modules() and imp.module != name:
                targets.setdefault(imp.module, imp.line)
    return edges


def cycles() -> list[list[str]]:
    """One cycle per strongly connected component of the import graph (Tarjan)."""
    edges = package_edges()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return [_one_cycle(sorted(c), edges) for c in sorted(components)]


def _one_cycle(component: list[str], edges: dict[str, dict[str, int]]) -> list[str]:
    """The shortest cycle through the component's first module, as a path."""
    start, members = component[0], set(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(edges[node]):
                if target == start:
                    return [*paths[node], start]
                if target in members and target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    return component


def describe_cycle(path: list[str]) -> str:
    edges = package_edges()
    steps = [f"{a} (line {edges[a][b]})" for a, b in zip(path, path[1:])]
    return " -> ".join([*steps, path[-1]])


def _defined_names(tree: ast.Module) -> set[str]:
    """Every name a module defines or assigns, attributes of `self` included."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)  # dataclass fields passed by name, replace(x, _y=...)
    return names


def _module_aliases(module: Module) -> dict[str, str]:
    """Local names bound to package modules: `import fincoach_tui.x as m`, `from p import m`."""
    aliases = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE) and alias.asname:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            for imp in (i.module for i in imports_at(module.name, node)):
                for alias in node.names:
                    if imp.endswith(f".{alias.name}") and imp in modules():
                        aliases[alias.asname or alias.name] = imp
    return aliases


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC_UNDERSCORED


def private_uses(module: Module) -> Iterator[str]:
    defined = _defined_names(module.tree)
    aliases = _module_aliases(module)
    for node in ast.walk(module.tree):
        if isinstance(node, ast.ImportFrom):
            for imp in imports_at(module.name, node):
                if not imp.module.startswith(PACKAGE):
                    continue
                for name in (*imp.names, imp.module.rpartition(".")[2]):
                    if _private(name):
                        yield f"{module.where}:{node.lineno}: imports {name} from {imp.module}"
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in aliases:
                yield (
                    f"{module.where}:{node.lineno}: {owner.id}.{node.attr} "
                    f"(a private name of {aliases[owner.id]})"
                )
            elif isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            elif node.attr not in defined:
                yield (
                    f"{module.where}:{node.lineno}: {ast.unparse(node)} "
                    f"(a private attribute this module does not define)"
                )


def layer_violations(checked: str) -> Iterator[str]:
    """What the modules of layer `checked` ("ui" or "domain") do that the layer may not."""
    for name, module in modules().items():
        layer = name.split(".")[1] if "." in name else ""
        if layer != checked:
            continue
        for imp in imports_of(module):
            top = imp.module.split(".")[0]
            if layer == "ui" and any(
                imp.module == f or imp.module.startswith(f + ".") for f in UI_FORBIDDEN
            ):
                yield f"{module.where}:{imp.line}: ui imports {imp.module}"
            if layer == "domain" and top in DOMAIN_FORBIDDEN:
                yield f"{module.where}:{imp.line}: domain imports {imp.module}"
        if layer == "domain":
            for node in ast.walk(module.tree):
                if not isinstance(node, ast.Call):
                    continue
                if isinstance(node.func, ast.Name) and node.func.id == "open":
                    yield f"{module.where}:{node.lineno}: domain calls open()"
                if isinstance(node.func, ast.Attribute) and node.func.attr in CLOCK_CALLS:
                    yield f"{module.where}:{node.lineno}: domain reads the clock ({ast.unparse(node.func)}())"


# ---- the checks themselves -------------------------------------------------------------


def test_the_package_is_found_and_parsed():
    assert {"fincoach_tui.domain.conversation", "fincoach_tui.ui.app"} <= modules().keys()
    assert "fincoach_tui.service.coach" in package_edges()["fincoach_tui.service.runtime"]


def test_there_are_no_import_cycles():
    found = [describe_cycle(c) for c in cycles()]
    assert not found, "import cycles:\n" + "\n".join(found)


def test_no_module_uses_another_modules_underscored_names():
    found = [use for m in modules().values() for use in private_uses(m)]
    assert not found, "private names used across modules:\n" + "\n".join(found)


def test_ui_goes_through_the_application_layer():
    found = list(layer_violations("ui"))
    assert not found, "ui imports what it must reach through service/:\n" + "\n".join(found)


def test_domain_stays_pure():
    found = list(layer_violations("domain"))
    assert not found, "domain does I/O or reads the clock:\n" + "\n".join(found)


def test_the_layer_rules_catch_what_they_name():
    source = (
        "import os\nfrom pathlib import Path\nimport time\nfrom textual.app import App\n"
        "open('x')\nfrom datetime import datetime\ndatetime.now()\n"
    )
    modules()["fincoach_tui.domain.made_up"] = _module("fincoach_tui.domain.made_up", source)
    modules()["fincoach_tui.ui.made_up"] = _module(
        "fincoach_tui.ui.made_up", "from fincoach_tui.store import sessions\n"
    )
    try:
        domain = [v for v in layer_violations("domain") if "made_up" in v]
        ui = [v for v in layer_violations("ui") if "made_up" in v]
    finally:
        del modules()["fincoach_tui.domain.made_up"], modules()["fincoach_tui.ui.made_up"]
    assert [v.partition(": ")[2] for v in domain] == [
        "domain imports os",
        "domain imports pathlib",
        "domain imports time",
        "domain imports textual.app",
        "domain calls open()",
        "domain reads the clock (datetime.now())",
    ]
    assert [v.partition(": ")[2] for v in ui] == ["ui imports fincoach_tui.store.sessions"]


# ---- the checker checks itself on small made-up packages ---------------------------------


def _module(name: str, source: str) -> Module:
    return Module(name, ROOT / "made_up.py", ast.parse(source))


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from fincoach_tui.domain.tokens import _secret\n", "imports _secret"),
        ("from fincoach_tui.ui import format as fmt\nfmt._shade\n", "fmt._shade"),
        ("def f(app):\n    app._apply_strategy()\n", "app._apply_strategy"),
    ],
)
def test_private_uses_are_reported(source, expected):
    (found,) = private_uses(_module("fincoach_tui.ui.made_up", source))
    assert expected in found


@pytest.mark.parametrize(
    "source",
    [
        "class A:\n    def __init__(self):\n        self._x = 1\n    def same(self, o):\n        return o._x\n",
        "import collections\nP = collections.namedtuple('P', 'a')\nP(1)._replace(a=2)\n",
        "from fincoach_tui.domain.tokens import TokenCounter\n",
    ],
)
def test_own_and_public_names_are_not_reported(source):
    assert list(private_uses(_module("fincoach_tui.ui.made_up", source))) == []


def test_relative_and_type_checking_imports_are_counted():
    source = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from ..service.coach import Coach\n"
        "def later():\n    from . import format\n"
    )
    found = {i.module for i in imports_of(_module("fincoach_tui.ui.made_up", source))}
    assert {"fincoach_tui.service.coach", "fincoach_tui.ui.format"} <= found


# ---- tests use the package's public names only -----------------------------------------

TESTS = Path(__file__).resolve().parents[1]


@cache
def modules_of_tests() -> dict[str, Module]:
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        name = ".".join(path.relative_to(TESTS.parent).with_suffix("").parts)
        found[name] = Module(name, path, ast.parse(path.read_text(), str(path)))
    return found


@cache
def package_private_names() -> frozenset[str]:
    """Every underscored name the package defines (functions, classes, attributes)."""
    return frozenset(
        name for m in modules().values() for name in _defined_names(m.tree) if _private(name)
    )


def _package_bindings(module: Module) -> dict[str, str]:
    """Local names bound by an import from the package: name -> what it names."""
    bound = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PACKAGE:
                    bound[alias.asname or PACKAGE] = alias.name if alias.asname else PACKAGE
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == PACKAGE:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def private_uses_in_test(module: Module) -> Iterator[str]:
    """What a test reads of the package that the package keeps private: an underscored
    name imported from it, `._x` on a name imported from it, `._x` on any object when `_x`
    is a private name the package defines and the test module does not, and the same
    through `setattr`/`getattr`/`monkeypatch.setattr` with the name as a string."""
    bound = _package_bindings(module)
    own = _defined_names(module.tree)
    package_private = package_private_names()
    where = str(module.path.relative_to(TESTS.parent))

    def reaches(owner: ast.expr, attr: str) -> str | None:
        if not _private(attr):
            return None
        root = owner
        while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
            root = root.func if isinstance(root, ast.Call) else root.value
        if isinstance(root, ast.Name) and root.id in bound:
            return f"(a private name of {bound[root.id]})"
        if attr in package_private and attr not in own:
            return "(a private name of the package)"
        return None

    for node in ast.walk(module.tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == PACKAGE:
            for name in (*(a.name for a in node.names), *node.module.split(".")):
                if _private(name):
                    yield f"{where}:{node.lineno}: imports {name} from {node.module}"
        elif isinstance(node, ast.Attribute) and (why := reaches(node.value, node.attr)):
            yield f"{where}:{node.lineno}: {ast.unparse(node)} {why}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Name, ast.Attribute))
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
            in ("setattr", "getattr", "delattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and (why := reaches(node.args[0], node.args[1].value))
        ):
            yield f"{where}:{node.lineno}: {ast.unparse(node.func)}(..., {node.args[1].value!r}) {why}"
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith(PACKAGE + ".")
            and any(_private(part) for part in node.value.split("."))
        ):
            yield f"{where}:{node.lineno}: {node.value!r} (a private name, by its dotted path)"


def test_tests_use_only_public_names():
    found = [use for m in modules_of_tests().values() for use in private_uses_in_test(m)]
    assert not found, "tests reach into private names:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from fincoach_tui.domain.tokens import _secret\n", "imports _secret"),
        ("from fincoach_tui.ui import format as fmt\nfmt._shade\n", "fmt._shade"),
        ("from fincoach_tui.ui.app import App\nApp()._apply\n", "App()._apply"),
        (
            "from fincoach_tui.llm import vocab\ndef t(monkeypatch):\n"
            "    monkeypatch.setattr(vocab, '_sha256', None)\n",
            "'_sha256'",
        ),
    ],
)
def test_private_uses_in_tests_are_reported(source, expected):
    module = Module("tests.made_up", TESTS / "made_up.py", ast.parse(source))
    (found,) = private_uses_in_test(module)
    assert expected in found


def test_a_private_attribute_of_the_package_is_reported_on_any_object():
    name = min(package_private_names())
    module = Module("tests.made_up", TESTS / "made_up.py", ast.parse(f"def f(o):\n    o.{name}\n"))
    (found,) = private_uses_in_test(module)
    assert f"o.{name} (a private name of the package)" in found


def test_a_tests_own_private_names_are_not_reported():
    source = "def _helper():\n    pass\nclass F:\n    _apply_strategy = 1\nF()._apply_strategy\n"
    module = Module("tests.made_up", TESTS / "made_up.py", ast.parse(source))
    assert list(private_uses_in_test(module)) == []
