"""Speed of a rule's trace through every edition of its language (``compare/trace.py``) and of its
history page, cold and warm, for a sample of rules; the database's and the index's sizes. Prints
figures, asserts nothing.

    RULESREF_DATA_DIR=/tmp/my-data .venv/bin/python -m benchmarks.trace [--game mtg] [--lang en]
        [--sample 40] [--reps 3] [--json]

Uses the data dir as it is (an archive imported there: ``import_archive``), or, when it holds no
rules, imports the seeds and the corpora as ``quickstart`` does (into a temporary folder unless
``RULESREF_DATA_DIR`` is set); ``--synthetic 125`` imports 125 small synthetic editions of a game
``synth`` first (into a temporary folder, unless ``RULESREF_DATA_DIR`` is set) and traces those.
The sample: ``--sample`` rules of the newest edition, taken at an even stride through its numbered
rules, plus 704.5f and 702.19b where they exist (rules that moved across the 2009 renumbering).

- **trace cold**: ``rule_trace(entry)`` after the process forgot everything it keeps (the store's
  versioned reads, Django's caches, the compiled templates, the database connection), as after a
  server start; **trace warm**: the same call again (a look-up under the content version).
- **page cold / warm**: the history page (``/compare/history/…``) through the WSGI application the
  same two ways (rendering included).
- **release cold / warm**: the first page of every release page of the language (each requested once
  before: a pair of editions nobody computed ahead is computed and kept then, as by its first reader).
- queries per cold trace (the same for any number of editions), editions in the trace's language,
  versions found per rule (p50, max), the database file's size (SQLite; PostgreSQL's
  ``pg_database_size``) and the live index generation's size. Targets (issue 21): a trace ≤ 1 s cold
  and ≤ 100 ms warm.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import _setup
from benchmarks.pages import percentile, wsgi_get
from benchmarks.tools_pages import forget_memory

COLD_MS, WARM_MS = 1000, 100
MOVED = ("704.5f", "702.19b")


def database_bytes() -> int:
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            return cursor.fetchone()[0]
    name = Path(connection.settings_dict["NAME"])
    return sum(path.stat().st_size for path in (name, Path(f"{name}-wal")) if path.exists())


def index_bytes() -> int:
    from django.conf import settings

    live = Path(settings.DATA_DIR) / "index" / "current"
    if not live.exists():
        return 0
    return sum(path.stat().st_size for path in live.resolve().rglob("*") if path.is_file())


def sample(game: str, language: str, size: int) -> list:
    from rulesref.rules.models import Edition, Entry

    edition = Edition.objects.newest(game, language)
    if edition is None:
        raise SystemExit(f"--game {game} --lang {language}: no edition imported")
    rules = list(
        Entry.objects.in_edition(edition)
        .rules()
        .filter(duplicate_of=None)
        .select_related("edition__game")
        .order_by("order")
    )
    step = max(1, len(rules) // size)
    chosen = rules[::step][:size]
    chosen += [entry for entry in rules if entry.number in MOVED and entry not in chosen]
    return chosen


def synthetic_editions(count: int, folder: Path) -> None:
    """``count`` English editions of a game ``synth``, two months apart from 2001-01-01, of 50 rules
    each (``tests/synthetic.small_cr``): every rule reworded every 10 editions, all renumbered every 25
    (a new rule at the front)."""
    import datetime

    from django.core.management import call_command

    from rulesref.rules.services import edition_import
    from tests.synthetic import small_cr

    call_command("migrate", interactive=False, verbosity=0)
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        date = (datetime.date(2001, 1, 1) + datetime.timedelta(days=61 * index)).isoformat()
        shift = index // 25
        rules = [(f"100.{n}", f"New rule {n} of block {n} added in edition {n} stays.") for n in range(1, shift + 1)]
        for rule in range(1, 51):
            version = (index + rule) // 10
            text = f"Rule {rule} says thing {rule} the way of version {version} for player {rule}."
            rules.append((f"100.{rule + shift}", text))
        path = folder / f"{date}.txt"
        path.write_text(small_cr(date, rules), encoding="utf-8")
        edition_import(path=path, game="synth", language="en", game_name="Synthetic", numbering="cr")


def measure(entries: list, reps: int) -> dict:
    from django.core.wsgi import get_wsgi_application
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from rulesref.compare.trace import rule_trace
    from rulesref.rules.models import Edition, Entry

    app = get_wsgi_application()
    wsgi_get(app, "/")  # the process's own start is not a trace's cost
    cold, warm, page_cold, page_warm, queries, versions, sizes = [], [], [], [], [], [], []
    for entry in entries:
        edition = entry.edition
        url = f"/compare/history/{edition.game.slug}/{edition.language}/{edition.slug}/{entry.number}/"
        for _ in range(reps):
            forget_memory()
            fresh = Entry.objects.select_related("edition__game").get(pk=entry.pk)
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                trace = rule_trace(fresh)
                cold.append((time.perf_counter() - start) * 1000)
            queries.append(len(captured))
            start = time.perf_counter()
            rule_trace(fresh)
            warm.append((time.perf_counter() - start) * 1000)
            forget_memory()
            start = time.perf_counter()
            code, _headers, body = wsgi_get(app, url)
            page_cold.append((time.perf_counter() - start) * 1000)
            if code != 200:
                raise SystemExit(f"{url}: HTTP {code}")
            start = time.perf_counter()
            wsgi_get(app, url)
            page_warm.append((time.perf_counter() - start) * 1000)
        versions.append(len(trace.present))
        sizes.append(len(body))

    releases_cold, releases_warm, release_sizes = [], [], []
    for edition in Edition.objects.for_game(entries[0].edition.game.slug).filter(language=entries[0].edition.language):
        url = f"/compare/releases/{edition.game.slug}/{edition.language}/{edition.slug}/"
        wsgi_get(app, url)  # a pair nobody computed ahead is computed and kept by its first request
        forget_memory()
        start = time.perf_counter()
        code, _headers, body = wsgi_get(app, url)
        releases_cold.append((time.perf_counter() - start) * 1000)
        if code != 200:
            raise SystemExit(f"{url}: HTTP {code}")
        start = time.perf_counter()
        wsgi_get(app, url)
        releases_warm.append((time.perf_counter() - start) * 1000)
        release_sizes.append(len(body))

    def summary(values):
        return {"p50_ms": round(statistics.median(values), 1), "p95_ms": round(percentile(values, 0.95), 1)}

    return {
        "rules": len(entries),
        "editions": trace.editions,
        "versions_p50": statistics.median(versions),
        "versions_max": max(versions),
        "queries_per_trace": max(queries),
        "trace_cold": summary(cold),
        "trace_warm": summary(warm),
        "page_cold": summary(page_cold),
        "page_warm": summary(page_warm),
        "page_bytes_max": max(sizes),
        "releases": len(release_sizes),
        "release_cold": summary(releases_cold),
        "release_warm": summary(releases_warm),
        "release_bytes_max": max(release_sizes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mtg", help="the game's key (default mtg)")
    parser.add_argument("--lang", default="en", help="the language traced (default en)")
    parser.add_argument("--sample", type=int, default=40, help="rules of the newest edition traced (default 40)")
    parser.add_argument("--reps", type=int, default=3, help="cold and warm runs per rule (default 3)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the lines")
    parser.add_argument(
        "--synthetic",
        type=int,
        default=0,
        help="import this many synthetic editions of a game 'synth' first (an empty data dir) and trace them",
    )
    args = parser.parse_args()
    temporary = None
    if not os.environ.get("RULESREF_DATA_DIR"):
        temporary = Path(tempfile.mkdtemp(prefix="rulesref-trace-"))
        os.environ["RULESREF_DATA_DIR"] = str(temporary)
    os.environ.setdefault("RULESREF_HTTPS", "0")
    try:
        data_dir = _setup.setup_django()
        if args.synthetic:
            start = time.perf_counter()
            synthetic_editions(args.synthetic, data_dir / "synthetic-files")
            args.game, args.lang = "synth", "en"
            if not args.json:
                print(f"imported {args.synthetic} synthetic editions in {time.perf_counter() - start:.0f} s")
        _setup.ensure_rules(log=lambda line: None)
        load = " ".join(f"{value:.2f}" for value in os.getloadavg())
        figures = measure(sample(args.game, args.lang, args.sample), args.reps)
        figures.update(database_bytes=database_bytes(), index_bytes=index_bytes(), load_before=load)
        if args.json:
            print(json.dumps(figures, indent=1))
            return
        print(f"{figures['rules']} rules of {args.game} {args.lang}, {args.reps} runs each; load before: {load}")
        print(
            f"{figures['editions']} editions; versions per rule p50 {figures['versions_p50']}, "
            f"max {figures['versions_max']}; {figures['queries_per_trace']} queries per cold trace"
        )
        targets = {"trace_cold": COLD_MS, "trace_warm": WARM_MS, "page_cold": None, "page_warm": None}
        targets.update(release_cold=None, release_warm=None)
        for name, target in targets.items():
            row = figures[name]
            flag = " slow" if target is not None and row["p95_ms"] > target else ""
            print(f"{name.replace('_', ' '):<12} p50 {row['p50_ms']:>8} ms  p95 {row['p95_ms']:>8} ms{flag}")
        print(f"history page at most {figures['page_bytes_max']:,} bytes")
        print(f"{figures['releases']} release pages (page 1), at most {figures['release_bytes_max']:,} bytes")
        print(f"database {figures['database_bytes'] / 2**20:.1f} MiB, index {figures['index_bytes'] / 2**20:.1f} MiB")
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    main()
