"""Seconds to parse each publisher's PDF of the corpora, and to import one (a dry run and a real one).

    RULESREF_CORPORA=/work/shared/corpora .venv/bin/python -m benchmarks.import_pdf [--runs 3]

Parsing is ``parse_source(read_source(path))``: reading the text layer (pdfminer.six), laying it out
as lines, the colour marks, the layout-kept rulebook parser and the finishing pass. Each PDF is parsed
``--runs`` times; the best and the worst run are printed (the machine is shared: the best run is the
cost of the work, the worst what a busy machine adds). The import runs in a fresh data dir (a new
SQLite database) and prints the seconds of ``edition_import(dry_run=True)`` and of the real import,
which also writes the rows and aligns the edition. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks._setup import corpora_dir, setup_django

TARGET_SECONDS = 5.0


def timed(func):
    start = time.perf_counter()
    value = func()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    corpora = corpora_dir()
    pdfs = sorted(corpora.glob("*.pdf"))
    if not pdfs:
        raise SystemExit(f"{corpora}: no PDF; set RULESREF_CORPORA")
    with tempfile.TemporaryDirectory(prefix="bench-pdf-") as data_dir:
        setup_django(data_dir=Path(data_dir))
        from django.core.management import call_command

        from rulesref.core.games import UnknownGame, get_game
        from rulesref.rules.parsers import parse_source, read_source
        from rulesref.rules.services import edition_import

        print(f"target: a PDF parsed in {TARGET_SECONDS:.0f} s or less")
        print(f"{'file':34} {'pages':>5} {'entries':>7} {'marked':>6} {'best s':>7} {'worst s':>7}")
        for path in pdfs:
            runs = [timed(lambda path=path: parse_source(read_source(path))) for _ in range(args.runs)]
            result = runs[-1][1]
            seconds = [run[0] for run in runs]
            # Every page has a footer, reported as skipped "…, page N".
            pages = max(int(s.reason.rsplit("page ", 1)[1]) for s in result.report.skipped if "page " in s.reason)
            marked = sum(entry.changed_by_publisher for entry in result.entries)
            print(
                f"{path.name:34} {pages:>5} {len(result.entries):>7} {marked:>6} "
                f"{min(seconds):>7.2f} {max(seconds):>7.2f}"
            )
        call_command("migrate", interactive=False, verbosity=0)
        try:
            game = get_game("lorcana").slug
        except UnknownGame:
            game = "mtg"  # before the games registry knows Lorcana
        english = next((path for path in pdfs if "_en_" in path.name), pdfs[0])
        dry, _ = timed(lambda: edition_import(path=english, game=game, language="en", dry_run=True))
        real, report = timed(lambda: edition_import(path=english, game=game, language="en"))
        again, _ = timed(lambda: edition_import(path=english, game=game, language="en"))
        print(f"import {english.name} as {game}: dry run {dry:.2f} s, import {real:.2f} s", end="")
        print(f" ({report.rows.created} rows created), the same file again {again:.2f} s")


if __name__ == "__main__":
    main()
