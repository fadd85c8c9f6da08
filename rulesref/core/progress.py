"""Progress bars for long work, shown only on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable

from tqdm import tqdm


def progress_bar(description: str, *, stream=None) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """Return ``(update(done, total), close())`` drawing a bar when ``stream`` is a TTY."""
    stream = stream or sys.stderr
    if not stream.isatty():
        return (lambda done, total: None), (lambda: None)
    bar = tqdm(desc=description, file=stream, unit="entry", leave=False)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    return update, bar.close
