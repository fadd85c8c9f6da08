"""Speed of the dataset export (``export_dataset``) and of one edition's download: prints figures.

    RULESREF_DATA_DIR=/tmp/bench-data RULESREF_CORPORA=/work/shared/corpora \
        .venv/bin/python -m benchmarks.export [--repeat 3]

Imports the seeds and the corpora first when the data dir holds no rules (as quickstart does, without
the search index, which an export does not read). Each figure is the best of ``--repeat`` runs; the
goal of issue 20 is one full English edition in at most 5 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks._setup import best, ensure_rules, setup_django


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    setup_django()

    from rulesref.opendata.dataset import dataset_write, dataset_zip, select_editions
    from rulesref.opendata.downloads import downloads_refresh
    from rulesref.rules.models import Edition

    ensure_rules()
    with tempfile.TemporaryDirectory(prefix="export-bench-") as folder:
        output = Path(folder)

        def export(**selection):
            editions = select_editions(game="mtg", **selection)
            report = dataset_write(game="mtg", editions=editions, output=output)
            return f"{report.counts['entries']} entries, {report.counts['concepts']} concepts"

        figures = [
            ("one full edition: mtg en 2025-04-04", lambda: export(language="en", edition="2025-04-04")),
            ("export_dataset mtg en (every English edition)", lambda: export(language="en")),
            ("export_dataset mtg (every edition)", lambda: export()),
            (
                "download zip mtg en 2025-04-04 (bytes)",
                lambda: len(dataset_zip(Edition.objects.with_source().get(language="en", slug="2025-04-04"))),
            ),
        ]
        print(f"best of {args.repeat} runs")
        for label, func in figures:
            seconds, result = best(args.repeat, func)
            print(f"{label:<55} {seconds * 1000:8.0f} ms   ({result})")
    for game in ("mtg", "berserk", "lorcana"):
        start = time.perf_counter()
        written = list(downloads_refresh(game=game, force=True))
        seconds = time.perf_counter() - start
        print(f"{f'downloads_refresh {game} ({len(written)} editions)':<55} {seconds * 1000:8.0f} ms")


if __name__ == "__main__":
    main()
