"""The bundled scenarios and coverage reasons, read from ``RULES_DATA_DIR/examples`` and
kept in memory until a file there changes (its name, size or modification time).

A broken file takes only itself down: a scenario that does not read is left out (every other one
runs, and the rule pages and example pages keep working), a broken ``coverage.toml`` gives no
reasons; :func:`problems` lists them, one line each (file, line, reason), for the system check
(``rulesref.examples.W001``), the coverage page and ``run_example``.
"""

from __future__ import annotations

import threading
from pathlib import Path

from django.conf import settings

from .reasons import Reasons, load_reasons
from .scenarios import COVERAGE_FILE, Binding, Directory, Scenario, ScenarioError, read_directory

_lock = threading.Lock()
_cache: dict[str, tuple[tuple, object]] = {}


def examples_dir() -> Path:
    return Path(settings.RULES_DATA_DIR) / "examples"


def _signature(directory: Path) -> tuple:
    files = []
    for path in sorted(directory.glob("*.toml")):
        try:
            stat = path.stat()
        except OSError:  # a broken link: reading it reports it
            files.append((path.name, None, None))
            continue
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


def directory() -> Directory:
    """The folder's scenarios that read well, and an error for each file that does not."""
    return _cached("scenarios", read_directory)


def scenarios() -> dict[str, Scenario]:
    """Every scenario that reads well, by slug, in slug order (a broken file is left out)."""
    return directory().scenarios


def _reasons(folder: Path) -> tuple[Reasons, ScenarioError | None]:
    path = folder / COVERAGE_FILE
    try:
        return load_reasons(path), None
    except ScenarioError as error:
        return Reasons(path, {}, ()), error


def reasons() -> Reasons:
    """The reasons of coverage.toml (none when the file is broken: problems() says why)."""
    return _cached("reasons", _reasons)[0]


def problems() -> list[ScenarioError]:
    """Every file of the folder that does not read, scenarios first (by file name), then coverage.toml."""
    found = list(directory().errors)
    broken_reasons = _cached("reasons", _reasons)[1]
    if broken_reasons is not None:
        found.append(broken_reasons)
    return found


def broken_file(slug: str) -> ScenarioError | None:
    """The error of the file ``<slug>.toml`` when it is a broken scenario."""
    return next((error for error in directory().errors if Path(error.path).stem == slug), None)


def binding_index() -> dict[tuple[str, str, int], list[tuple[Binding, Scenario]]]:
    """(game, rule number, position) → the scenarios bound there (with their bindings)."""

    def build(_directory):
        index: dict[tuple[str, str, int], list[tuple[Binding, Scenario]]] = {}
        for scenario in scenarios().values():
            for binding in scenario.bindings:
                index.setdefault((binding.game, binding.rule, binding.position), []).append((binding, scenario))
        return index

    return _cached("bindings", build)
