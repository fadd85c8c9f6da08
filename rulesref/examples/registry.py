"""The bundled scenarios and coverage reasons, read from ``RULES_DATA_DIR/examples`` and
kept in memory until a file there changes (its name, size or modification time)."""

from __future__ import annotations

import threading
from pathlib import Path

from django.conf import settings

from .reasons import Reasons, load_reasons
from .scenarios import Binding, Scenario, load_directory

COVERAGE_FILE = "coverage.toml"
_lock = threading.Lock()
_cache: dict[str, tuple[tuple, object]] = {}


def examples_dir() -> Path:
    return Path(settings.RULES_DATA_DIR) / "examples"


def _signature(directory: Path) -> tuple:
    files = []
    for path in sorted(directory.glob("*.toml")):
        stat = path.stat()
        files.append((path.name, stat.st_mtime_ns, stat.st_size))
    return (str(directory), tuple(files))


def _cached(name: str, build):
    directory = examples_dir()
    signature = _signature(directory)
    with _lock:
        hit = _cache.get(name)
        if hit and hit[0] == signature:
            return hit[1]
    value = build(directory)
    with _lock:
        _cache[name] = (signature, value)
    return value


def scenarios() -> dict[str, Scenario]:
    """Every scenario by slug, in slug order. An invalid file raises ScenarioError."""
    return _cached("scenarios", lambda directory: dict(sorted(load_directory(directory).items())))


def reasons() -> Reasons:
    return _cached("reasons", lambda directory: load_reasons(directory / COVERAGE_FILE))


def binding_index() -> dict[tuple[str, str, int], list[tuple[Binding, Scenario]]]:
    """(game, rule number, position) → the scenarios bound there (with their bindings)."""

    def build(_directory):
        index: dict[tuple[str, str, int], list[tuple[Binding, Scenario]]] = {}
        for scenario in scenarios().values():
            for binding in scenario.bindings:
                index.setdefault((binding.game, binding.rule, binding.position), []).append((binding, scenario))
        return index

    return _cached("bindings", build)
