"""Index builds with a progress bar per language, on a terminal only."""

from __future__ import annotations

import sys

from tqdm import tqdm

from .store import BuildReport, Refresh, build_generation, ensure_index


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
