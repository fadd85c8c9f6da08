"""The boundaries of the house rules, as imports: a test that fails the day one is crossed.

- only ``rulesref/search/`` imports whoosh;
- the parsers (``rulesref/rules/parsers/``) and the aligners (``rules/alignment.py``,
  ``rules/structure_alignment.py``) import no Django, not even through another module;
- ``rulesref/rules/`` and ``rulesref/core/`` never import ``search``, ``examples``, ``compare`` or ``api``;
- the search's reader (``generations`` and what it imports) never imports the writer (``store``), and
  nothing a query runs (what ``service`` and ``views`` import, and what those import) imports a
  build-time module (``store``, ``documents``, ``derivation``, ``progress``);
- the search's stages (``STAGES``, in pipeline order) never import a later stage, and the helpers every
  stage shares (``SHARED``) import no stage at all: only ``service`` calls the stages;
- no modules of ``rulesref/examples/`` import each other in a circle, and the parts of the examples'
  ``Game`` (``GAME_PARTS``: zones, copies, actions, effects, casting, stack, combat, turns, state-based
  actions, replacements) import neither ``game`` nor one another: only ``game`` puts them together.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Pure modules outside the parsers' package.
PURE = ("rulesref.rules.alignment", "rulesref.rules.structure_alignment")
SEARCH = "rulesref.search"
# Build-time modules of the search: they read the database and write generations.
BUILD_TIME = tuple(f"{SEARCH}.{name}" for name in ("store", "documents", "derivation", "progress"))
# What a query runs from: the service and the page.
QUERY_TIME = (f"{SEARCH}.service", f"{SEARCH}.views")
# The reader of generations, which must never import the writer (store).
READER = f"{SEARCH}.generations"
# The search's stages, in the order search() calls them.
STAGES = tuple(f"{SEARCH}.{name}" for name in ("queries", "planning", "execution", "ranking", "results", "snippets"))
# Shared by the stages; they import none of them.
SHARED = tuple(
    f"{SEARCH}.{name}"
    for name in (
        "budget",
        "names",
        "integrity",
        "weights",
        "questions",
        "analysis",
        "definitions",
        "spelling",
        "limits",
    )
)


EXAMPLES = "rulesref.examples"
ENGINE = f"{EXAMPLES}.engine"
# The parts of the examples' Game, each a class that game.Game inherits.
GAME_PARTS = tuple(
    f"{ENGINE}.{name}"
    for name in ("zones", "copies", "actions", "effects", "casting", "stack", "combat", "turns", "sba", "replacements")
)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path) -> set[str]:
    """Every module ``path`` imports (absolute names; relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path, root)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            found.add(prefix)
            found.update(f"{prefix}.{alias.name}" for alias in node.names)
    return found


def modules(root: Path, package: str = "rulesref") -> dict[str, Path]:
    base = root / package.replace(".", "/")
    return {module_name(p, root): p for p in base.rglob("*.py") if "migrations" not in p.parts}


def violations(root: Path) -> list[str]:
    """Every crossed boundary under ``root`` (a checkout), as readable lines."""
    found = []
    table = modules(root)
    graph = {name: imports_of(path, root) for name, path in table.items()}

    def starts(name: str, prefix: str) -> bool:
        return name == prefix or name.startswith(prefix + ".")

    for name, imported in sorted(graph.items()):
        if not starts(name, "rulesref.search") and any(starts(i, "whoosh") for i in imported):
            found.append(f"{name} imports whoosh (only rulesref.search may)")
        if starts(name, "rulesref.rules") or starts(name, "rulesref.core"):
            for upper in ("rulesref.search", "rulesref.examples", "rulesref.compare", "rulesref.api"):
                if any(starts(i, upper) for i in imported):
                    found.append(f"{name} imports {upper}")
    # Parsers and aligners: follow every rulesref module they import (and the packages those live in).
    for name in sorted(n for n in graph if starts(n, "rulesref.rules.parsers") or n in PURE):
        seen, todo = set(), [name]
        while todo:
            current = todo.pop()
            if current in seen:
                continue
            seen.add(current)
            parts = current.split(".")
            todo.extend(".".join(parts[:i]) for i in range(1, len(parts)) if ".".join(parts[:i]) in graph)
            for imported in graph.get(current, ()):
                if starts(imported, "django"):
                    found.append(f"{name} imports Django (through {current})")
                elif imported in graph:
                    todo.append(imported)
    found += _search_violations(graph)
    found += _examples_violations(graph)
    return sorted(set(found))


def _examples_violations(graph: dict[str, set[str]]) -> list[str]:
    found = []
    # Imports between modules of the examples app; ``from .. import x`` also names the package it
    # imports from, which is not an import of that package's own code.
    within = {
        name: {i for i in imported if i.startswith(EXAMPLES + ".") and i in graph and not name.startswith(i + ".")}
        for name, imported in graph.items()
        if name.startswith(EXAMPLES + ".")
    }
    for cycle in _cycles(within):
        found.append("import circle: " + " → ".join(cycle + [cycle[0]]))
    for part in GAME_PARTS:
        for other in (f"{ENGINE}.game",) + GAME_PARTS:
            if other != part and other in within.get(part, ()):
                found.append(f"{part} imports {other} (only {ENGINE}.game puts the parts of Game together)")
    return found


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle per strongly connected group of modules (Tarjan), starting from its first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(groups)


def _search_violations(graph: dict[str, set[str]]) -> list[str]:
    found = []
    # A module's imports within the search package (its own package, named by "from . import x", aside).
    within = {
        name: {i for i in imported if i.startswith(SEARCH + ".") and i in graph}
        for name, imported in graph.items()
        if name.startswith(SEARCH + ".")
    }

    def reached(start: str) -> dict[str, str]:
        """Every search module ``start`` imports, directly or not: module → the module importing it."""
        via: dict[str, str] = {}
        todo = [start]
        while todo:
            current = todo.pop()
            for imported in sorted(within.get(current, ())):
                if imported not in via and imported != start:
                    via[imported] = current
                    todo.append(imported)
        return via

    for start in QUERY_TIME + (READER,):
        if start not in within:
            continue
        forbidden = (f"{SEARCH}.store",) if start == READER else BUILD_TIME
        for module, importer in sorted(reached(start).items()):
            if module in forbidden:
                kind = "the writer" if start == READER else "a build-time module"
                found.append(f"{start} imports {kind}, {module} (through {importer})")
    for position, stage in enumerate(STAGES):
        for later in STAGES[position + 1 :]:
            if later in within.get(stage, ()):
                found.append(f"{stage} imports {later}, a later stage")
    for shared in SHARED:
        for stage in STAGES:
            if stage in within.get(shared, ()):
                found.append(f"{shared} imports {stage}, a stage")
    return found


def test_the_project_keeps_its_boundaries():
    assert violations(ROOT) == []


def write(root: Path, name: str, text: str = "") -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_check_finds_each_kind_of_crossing(tmp_path):
    for package in ("rulesref", "rulesref/rules", "rulesref/rules/parsers", "rulesref/core", "rulesref/search"):
        write(tmp_path, f"{package}/__init__.py")
    write(tmp_path, "rulesref/site/__init__.py", "import whoosh.index\n")
    write(tmp_path, "rulesref/rules/parsers/cr.py", "from .helpers import x\n")
    write(tmp_path, "rulesref/rules/parsers/helpers.py", "from django.conf import settings\nx = 1\n")
    write(tmp_path, "rulesref/core/checks.py", "from rulesref.search import analysis\n")
    write(tmp_path, "rulesref/rules/views.py", "from ..search.service import search\n")
    write(tmp_path, "rulesref/search/analysis.py", "import whoosh\n")
    write(tmp_path, "rulesref/search/service.py", "from . import planning, results\n")
    write(tmp_path, "rulesref/search/generations.py", "from .integrity import check\n")
    write(tmp_path, "rulesref/search/integrity.py", "from .store import IndexDamaged\n")
    write(tmp_path, "rulesref/search/store.py", "from . import documents\n")
    write(tmp_path, "rulesref/search/documents.py")
    write(tmp_path, "rulesref/search/planning.py", "from .documents import definition_form\nfrom . import ranking\n")
    write(tmp_path, "rulesref/search/ranking.py")
    write(tmp_path, "rulesref/search/results.py")
    write(tmp_path, "rulesref/search/spelling.py", "from .snippets import analysed\n")
    write(tmp_path, "rulesref/search/snippets.py")
    for package in ("rulesref/examples", "rulesref/examples/engine"):
        write(tmp_path, f"{package}/__init__.py")
    write(tmp_path, "rulesref/examples/runner.py", "from .engine.game import Game\nfrom . import expressions\n")
    write(tmp_path, "rulesref/examples/expressions.py")
    write(tmp_path, "rulesref/examples/engine/game.py", "from .sba import StateBasedActions\nfrom . import turns\n")
    write(tmp_path, "rulesref/examples/engine/sba.py", "from .game import Game\n")
    write(tmp_path, "rulesref/examples/engine/turns.py", "from .. import expressions\nfrom .stack import Stack\n")
    write(tmp_path, "rulesref/examples/engine/stack.py")
    assert violations(tmp_path) == [
        "import circle: rulesref.examples.engine.game → rulesref.examples.engine.sba → rulesref.examples.engine.game",
        "rulesref.core.checks imports rulesref.search",
        "rulesref.examples.engine.sba imports rulesref.examples.engine.game"
        " (only rulesref.examples.engine.game puts the parts of Game together)",
        "rulesref.examples.engine.turns imports rulesref.examples.engine.stack"
        " (only rulesref.examples.engine.game puts the parts of Game together)",
        "rulesref.rules.parsers.cr imports Django (through rulesref.rules.parsers.helpers)",
        "rulesref.rules.parsers.helpers imports Django (through rulesref.rules.parsers.helpers)",
        "rulesref.rules.views imports rulesref.search",
        "rulesref.search.generations imports the writer, rulesref.search.store (through rulesref.search.integrity)",
        "rulesref.search.planning imports rulesref.search.ranking, a later stage",
        "rulesref.search.service imports a build-time module, rulesref.search.documents"
        " (through rulesref.search.planning)",
        "rulesref.search.spelling imports rulesref.search.snippets, a stage",
        "rulesref.site imports whoosh (only rulesref.search may)",
    ]
