"""A progress bar per language for index builds, on a terminal only."""

from __future__ import annotations

import sys

from tqdm import tqdm


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
