"""Index builds with a progress bar per language, on a terminal only."""

from __future__ import annotations

import sys

from tqdm import tqdm

from .store import BuildReport, IndexBuildFailed, Refresh, build_generation, ensure_index, index_state


def index_progress(*, enabled: bool = True, stream=None):
    stream = stream or sys.stderr
    if not enabled or not stream.isatty():
        return None, lambda: None
    bars: dict[str, tqdm] = {}

    def update(language: str, done: int, total: int) -> None:
        bar = bars.get(language)
        if bar is None:
            bar = bars[language] = tqdm(desc=f"indexing {language}", total=total, file=stream, unit="doc", leave=False)
        bar.n = done
        bar.refresh()

    def close() -> None:
        for bar in bars.values():
            bar.close()

    return update, close


def build_with_progress(*, show: bool = True) -> BuildReport:
    """Build a new index generation, drawing a bar per language on a terminal when ``show``."""
    update, close = index_progress(enabled=show)
    try:
        return build_generation(progress=update)
    finally:
        close()


def ensure_with_progress(*, show: bool = True) -> Refresh:
    """:func:`store.ensure_index`, drawing a bar per language on a terminal when ``show``."""
    update, close = index_progress(enabled=show)
    try:
        return ensure_index(progress=update)
    finally:
        close()


def refresh_after_import(*, skip: bool, quiet: bool) -> str:
    """What an import command (``import_rules``, ``import_archive``, ``import_glossary``) prints about the
    index after its change: nothing when it is current, that it is stale when ``skip`` (``--no-index``),
    else the rebuild's lines (one rebuild, or one queued behind a running build; progress drawn unless
    ``quiet``); a failed build leaves the committed rows and says the index is behind."""
    if index_state() == "current":
        return ""
    if skip:
        return "the search index is stale: run “python manage.py build_index”"
    try:
        refresh = ensure_with_progress(show=not quiet)
    except IndexBuildFailed as error:
        # The rows are committed; only the index is behind (the pages say so).
        return f"imported, but the search index is stale: {error}"
    lines = list(refresh.removed)
    if refresh.state == "queued":
        lines.append("another index build is running: a rebuild is queued and runs as soon as it finishes")
    elif refresh.state == "built":
        built = refresh.report
        lines.append(f"search index rebuilt: {sum(built.documents.values())} documents in {built.seconds} s")
    return "\n".join(lines)
