"""The boundaries of the house rules, as imports: a test that fails the day one is crossed.

- only ``rulesref/search/`` imports whoosh;
- the parsers (``rulesref/rules/parsers/``) and the aligners (``rules/alignment.py``,
  ``rules/structure_alignment.py``) import no Django, not even through another module;
- ``rulesref/rules/`` and ``rulesref/core/`` never import ``search``, ``examples`` or ``compare``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Pure modules outside the parsers' package.
PURE = ("rulesref.rules.alignment", "rulesref.rules.structure_alignment")


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
            for upper in ("rulesref.search", "rulesref.examples", "rulesref.compare"):
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
    return sorted(set(found))


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
    assert violations(tmp_path) == [
        "rulesref.core.checks imports rulesref.search",
        "rulesref.rules.parsers.cr imports Django (through rulesref.rules.parsers.helpers)",
        "rulesref.rules.parsers.helpers imports Django (through rulesref.rules.parsers.helpers)",
        "rulesref.rules.views imports rulesref.search",
        "rulesref.site imports whoosh (only rulesref.search may)",
    ]
