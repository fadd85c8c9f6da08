"""Seconds to import the whole Comprehensive Rules archive with ``import_archive``, and what it weighs.

    RULESREF_CORPORA=/work/shared/corpora .venv/bin/python -m benchmarks.archive [--archive DIR] [--data-dir /tmp/…]

The archive is ``--archive``, else the ``archive`` folder beside the corpora (``../shared/archive``).

In a fresh data dir (a temporary one unless ``--data-dir`` or ``RULESREF_DATA_DIR`` names one; a
new SQLite database, migrated, nothing else imported), runs what ``manage.py import_archive DIR
--game mtg --lang en`` runs: every edition file in date order, each in its own transaction
(``rules/archive.py``), the game's concepts rebuilt once at the end, then the workbench's stored
differences and the search index, once each (the downloads are built when first asked for). Prints
the total, each stage, the per-edition p50/p95/max, the outcome counts, then the database and index
sizes; then a second run (every file unchanged). Asserts nothing; the issue's target is the whole
import in ≤ 10 minutes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from benchmarks._setup import corpora_dir, setup_django, temporary_data_dir

TARGET_SECONDS = 600.0


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(item.stat().st_size for item in path.rglob("*") if item.is_file() and not item.is_symlink())


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, default=corpora_dir().parent / "archive")
    parser.add_argument("--data-dir", type=Path)
    args = parser.parse_args()
    if args.data_dir:
        os.environ["RULESREF_DATA_DIR"] = str(args.data_dir)
    temporary = temporary_data_dir("bench-archive-")
    data_dir = setup_django()
    from django.conf import settings
    from django.core.management import call_command

    from rulesref.rules.archive import archive_import
    from rulesref.rules.models import Concept, Edition, Entry
    from rulesref.search.store import build_generation
    from rulesref.site.setup import compute_comparisons

    data_dir.mkdir(parents=True, exist_ok=True)
    call_command("migrate", interactive=False, verbosity=0)
    if Edition.objects.exists():
        raise SystemExit(f"{data_dir}: holds editions already; give a fresh --data-dir")
    print(f"archive {args.archive}, data dir {data_dir}")
    start = time.perf_counter()
    report = archive_import(directory=args.archive, game="mtg", language="en")
    imported = time.perf_counter() - start
    stages = {"editions": imported - report.concepts_seconds, "concepts (once)": report.concepts_seconds}
    began = time.perf_counter()
    compute_comparisons(["mtg"])
    stages["stored differences"] = time.perf_counter() - began
    began = time.perf_counter()
    built = build_generation()
    stages["search index"] = time.perf_counter() - began
    total = time.perf_counter() - start
    totals = report.totals
    per_edition = [item.seconds for item in report.files if item.status == "imported"]
    print(
        f"{len(report.files)} files: {totals['imported']} imported, {totals['unchanged']} unchanged, "
        f"{totals['refused']} refused"
    )
    for item in report.files:
        if item.status == "refused":
            print(f"  refused {item.name}: {item.reason[:100]}")
    print(f"total {total:.1f} s (target ≤ {TARGET_SECONDS:.0f} s)")
    for name, seconds in stages.items():
        print(f"  {name}: {seconds:.1f} s")
    if per_edition:
        print(
            f"per imported edition: p50 {statistics.median(per_edition):.2f} s, "
            f"p95 {percentile(per_edition, 0.95):.2f} s, max {max(per_edition):.2f} s"
        )
    database = Path(settings.DATABASES["default"]["NAME"])
    print(
        f"{Edition.objects.count()} editions, {Entry.objects.count()} entries, {Concept.objects.count()} concepts; "
        f"{sum(built.documents.values())} documents indexed"
    )
    print(f"database {size(database) / 2**20:.1f} MiB, index {size(data_dir / 'index') / 2**20:.1f} MiB")
    began = time.perf_counter()
    again = archive_import(directory=args.archive, game="mtg", language="en")
    print(f"second run: {again.totals['unchanged']} unchanged in {time.perf_counter() - began:.1f} s")
    if temporary is not None:
        temporary.cleanup()


if __name__ == "__main__":
    main()
