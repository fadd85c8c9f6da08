"""What telling a damaged index from a sound one costs: per request, per cron run, per build.

    RULESREF_DATA_DIR=/tmp/bench-data python -m benchmarks.index_health [--reps 5] [--json]

Uses the data dir's index as it is (imports and builds only what is missing). Prints, for the live
generation: its files and bytes; the sha256 of every file, as a build writes them into its manifest
(what the manifest costs a build); the cheap check a reader makes once per generation and process
(the manifest parsed, every file's size); the thorough check of ``build_index --check`` and
``--if-stale`` (every file's sha256, every language's index opened); and ``build_index --if-stale`` on
a current index, as the README's once-a-minute cron runs it (wall clock, in this process). Medians of
``--reps`` runs. Asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time

from benchmarks import _setup


def median_ms(function, reps: int) -> float:
    times = []
    for _ in range(reps):
        started = time.perf_counter()
        function()
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    _setup.setup_django()
    _setup.ensure_index()
    from django.core.management import call_command

    from rulesref.search import store

    live = store.current_generation()
    files = [path for path in live.rglob("*") if path.is_file()]
    if "files" not in store.read_manifest(live):
        raise SystemExit(f"{live}: built before manifests listed their files: run build_index first")
    figures = {
        "generation": live.name,
        "files": len(files),
        "megabytes": round(sum(path.stat().st_size for path in files) / 1e6, 1),
        "digests_ms": median_ms(lambda: store._file_digests(live), args.reps),
        "cheap_check_ms": median_ms(lambda: store._problem(live, thorough=False), args.reps),
        "thorough_check_ms": median_ms(lambda: store._problem(live, thorough=True), args.reps),
        "if_stale_ms": median_ms(lambda: call_command("build_index", "--if-stale", stdout=io.StringIO()), args.reps),
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(f"live generation {figures['generation']}: {figures['files']} files, {figures['megabytes']} MB")
    print(f"  sha256 of every file (what a build adds for its manifest): {figures['digests_ms']} ms")
    print(f"  cheap check (a reader, once per generation and process): {figures['cheap_check_ms']} ms")
    print(f"  thorough check (build_index --check, --if-stale): {figures['thorough_check_ms']} ms")
    print(f"  build_index --if-stale on a current index: {figures['if_stale_ms']} ms")


if __name__ == "__main__":
    main()
