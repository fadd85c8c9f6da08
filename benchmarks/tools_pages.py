"""Speed and size of the translator workbench's pages (diff, freshness, concordance, side by side),
cold and warm: prints figures, asserts nothing.

    RULESREF_CORPORA=/work/shared/corpora .venv/bin/python -m benchmarks.tools_pages [--reps 20] [--json]

1. Imports the glossary, the seeds and the corpora into ``RULESREF_DATA_DIR`` if set (an edition
   already there is not imported again), else into a temporary folder removed at the end; then
   computes what the imports compute ahead for the workbench (``compare.stored.comparisons_refresh``:
   the differences of consecutive editions and the freshness of every translation, kept in the data
   dir) and prints how long that took.
2. Each page is requested through the WSGI application (every middleware, gzip included, no
   network), once untimed, then timed. **cold**: before each request the process forgets everything
   it keeps in memory (the store's versioned reads, Django's caches, the compiled templates, the
   database connection), as after a server start; what the data dir keeps (the stored comparisons)
   stays, as it does across a restart. **warm**: the same request again. Prints p50/p95 in ms of wall
   time, the cold p95 of the process's CPU time (what the request costs without waiting for a core:
   the machine is shared), and the bytes of the HTML (and gzipped), with the load average before.
   Targets (issue 16): every page p95 ≤ 50 ms cold and ≤ 150 KB.
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

PAGES = [
    ("diff en 2024-09-20 → 2025-04-04", "/compare/diff/?game=mtg&from=en:2024-09-20&to=en:2025-04-04"),
    ("diff en 2024 → 2025, page 2", "/compare/diff/?game=mtg&from=en:2024-09-20&to=en:2025-04-04&page=2"),
    ("diff en 2023-06-16 → 2024-09-20", "/compare/diff/?game=mtg&from=en:2023-06-16&to=en:2024-09-20"),
    ("diff en 2024 → 2025, scope 702", "/compare/diff/?game=mtg&from=en:2024-09-20&to=en:2025-04-04&scope=702"),
    ("diff lorcana en 2.1.0 → 2.2.0", "/compare/diff/?game=lorcana&from=en:2026-04-30&to=en:2026-07-09"),
    ("freshness zh-hans", "/compare/freshness/?game=mtg&edition=zh-hans:2024-09-20"),
    ("freshness zh-hans, page 2", "/compare/freshness/?game=mtg&edition=zh-hans:2024-09-20&page=2"),
    ("freshness it 2024-10-02", "/compare/freshness/?game=mtg&edition=it:2024-10-02"),
    ("freshness it, missing list p1", "/compare/freshness/?game=mtg&edition=it:2024-10-02&list=missing"),
    ("concordance en|zh toughness", "/compare/concordance/?game=mtg&c=en:2024-09-20&c=zh-hans&q=toughness"),
    ("concordance it|en costituzione", "/compare/concordance/?game=mtg&c=it:2024-10-02&c=en:2024-09-20&q=costituzione"),
    ("compare 208, four columns", "/compare/?game=mtg&c=en:2024-09-20&c=it:2024-10-02&c=it:2023-06-16&c=ja&scope=208"),
]
COLD_MS, MAX_BYTES = 50, 150 * 1024


def forget_memory() -> None:
    """What a server start empties: every in-process cache, compiled templates, the DB connection."""
    from django.core.cache import caches
    from django.db import connections
    from django.template import engines

    from rulesref.rules.selectors.cache import clear_all

    clear_all()
    for name in ("default", "pages"):
        caches[name].clear()
    for engine in engines.all():
        for loader in engine.engine.template_loaders:
            if hasattr(loader, "reset"):
                loader.reset()
    connections.close_all()


def measure(reps: int) -> dict:
    from django.core.wsgi import get_wsgi_application

    app = get_wsgi_application()
    wsgi_get(app, "/")  # the process's own start (URLconf, apps, catalogs) is not a page's cost
    figures = {}
    for name, path in PAGES:
        path_only, _, query = path.partition("?")
        wsgi_get_query(app, path_only, query)  # once first, as pages.py does: the modules it imports load once
        cold, cold_cpu, warm, body, zipped = [], [], [], b"", b""
        for _ in range(reps):
            forget_memory()
            start, start_cpu = time.perf_counter(), time.process_time()
            code, _headers, body = wsgi_get_query(app, path_only, query)
            cold.append((time.perf_counter() - start) * 1000)
            cold_cpu.append((time.process_time() - start_cpu) * 1000)
            if code != 200:
                raise SystemExit(f"{path}: HTTP {code}")
            start = time.perf_counter()
            _code, _headers, zipped = wsgi_get_query(app, path_only, query, {"Accept-Encoding": "gzip"})
            warm.append((time.perf_counter() - start) * 1000)
        figures[name] = {
            "path": path,
            "bytes": len(body),
            "gzip_bytes": len(zipped),
            "cold_p50_ms": round(statistics.median(cold), 1),
            "cold_p95_ms": round(percentile(cold, 0.95), 1),
            "cold_cpu_p95_ms": round(percentile(cold_cpu, 0.95), 1),
            "warm_p50_ms": round(statistics.median(warm), 1),
            "warm_p95_ms": round(percentile(warm, 0.95), 1),
        }
    return figures


def wsgi_get_query(app, path: str, query: str, headers: dict | None = None):
    """``pages.wsgi_get`` with a query string (it builds the environ with an empty one)."""

    def call(environ, start_response):
        environ["QUERY_STRING"] = query
        return app(environ, start_response)

    return wsgi_get(call, path, headers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=20, help="timed requests per page, cold and warm")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    args = parser.parse_args()
    temporary = None
    if not os.environ.get("RULESREF_DATA_DIR"):
        temporary = Path(tempfile.mkdtemp(prefix="rulesref-tools-"))
        os.environ["RULESREF_DATA_DIR"] = str(temporary)
    os.environ.setdefault("RULESREF_HTTPS", "0")
    try:
        _setup.setup_django()

        from rulesref.rules.models import Game

        try:
            from rulesref.compare.stored import comparisons_refresh
        except ImportError:  # a checkout from before the stored comparisons: measure it as it is
            comparisons_refresh = None

        log = (lambda line: None) if args.json else print
        if not _setup.rules_imported():
            start = time.perf_counter()
            _setup.import_rules(log=lambda line: None)
            log(f"imported the seeds and corpora in {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        for game in Game.objects.order_by("slug").values_list("slug", flat=True) if comparisons_refresh else ():
            for line in comparisons_refresh(game=game):
                log(f"  {line}")
        refresh_seconds = round(time.perf_counter() - start, 2)
        log(f"comparisons computed ahead in {refresh_seconds} s")
        load = " ".join(f"{value:.2f}" for value in os.getloadavg())
        figures = measure(args.reps)
        if args.json:
            print(json.dumps({"refresh_seconds": refresh_seconds, "pages": figures}, indent=1, ensure_ascii=False))
            return
        print(f"{args.reps} requests per page, cold and warm; targets: cold p95 ≤ {COLD_MS} ms, ≤ 150 KB")
        print(f"load average before: {load}")
        header = f"{'page':<34} {'bytes':>8} {'gzip':>7} {'cold p50':>9} {'cold p95':>9} {'cpu p95':>8}"
        print(f"{header} {'warm p50':>9} {'warm p95':>9}")
        for name, row in figures.items():
            flags = ("" if row["cold_p95_ms"] <= COLD_MS else " slow") + ("" if row["bytes"] <= MAX_BYTES else " big")
            print(
                f"{name:<34} {row['bytes']:>8,} {row['gzip_bytes']:>7,} {row['cold_p50_ms']:>9} "
                f"{row['cold_p95_ms']:>9} {row['cold_cpu_p95_ms']:>8} {row['warm_p50_ms']:>9} "
                f"{row['warm_p95_ms']:>9}{flags}"
            )
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    main()
