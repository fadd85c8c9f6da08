"""Progress bars for long work, shown only on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable

from tqdm import tqdm


def progress_bar(
    description: str, *, stream=None, unit: str = "entry"
) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """Return ``(update(done, total), close())`` drawing a bar when ``stream`` is a TTY (``unit="B"``
    counts bytes, shown as kB and MB; a total of 0 is unknown)."""
    stream = stream or sys.stderr
    if not stream.isatty():
        return (lambda done, total: None), (lambda: None)
    bar = tqdm(desc=description, file=stream, unit=unit, unit_scale=unit == "B", leave=False)

    def update(done: int, total: int) -> None:
        bar.total = total or None
        bar.n = done
        bar.refresh()

    return update, bar.close
