"""The JSON API's speed against the HTML pages it mirrors: server time of a rule and of a search.

    python -m benchmarks.api [--reps 60] [--json]

1. Imports the glossary, the bundled seeds and every official file of the corpora folder
   (``RULESREF_CORPORA``, else ``../shared/corpora``) into ``RULESREF_DATA_DIR`` if set, else a temporary
   folder removed at the end, and builds the search index (``_setup.ensure_index``). DEBUG is off.
2. Each pair (the API's answer, the HTML page of the same thing) is requested through the WSGI
   application itself (every middleware, gzip included, no network), once to warm up, then ``--reps``
   times, alternating API and HTML; prints p50/p95 in ms, "warm" (the answer kept in the ``pages``
   cache, or the search's result cache, as a reader asking again gets it) and "cold" (those caches
   emptied before each request: every query, template or serialisation runs), and the ratio API p95 /
   HTML p95 (target ≤ 1.5).

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from benchmarks import _setup
from benchmarks.load import UNLIMITED_SEARCHES
from benchmarks.pages import percentile, wsgi_get

PAIRS = [
    ("rule 208.2a en", "/api/v1/editions/mtg/en/2024-09-20/rules/208.2a", "/rules/mtg/en/2024-09-20/208.2a/"),
    ("rule 208.2a it", "/api/v1/editions/mtg/it/2024-10-02/rules/208.2a", "/rules/mtg/it/2024-10-02/208.2a/"),
    ("rule 702.19 en", "/api/v1/editions/mtg/en/2024-09-20/rules/702.19", "/rules/mtg/en/2024-09-20/702.19/"),
    ("search toughness", "/api/v1/search?q=toughness", "/search/?q=toughness"),
    ("search it", "/api/v1/search?q=costituzione%20creatura&lang=it", "/search/?q=costituzione+creatura&lang=it"),
]


def _clear() -> None:
    from django.core.cache import caches

    from rulesref.search.service import clear_cache

    caches["pages"].clear()
    clear_cache()


def _time(app, path: str, *, cold: bool) -> float:
    if cold:
        _clear()
    start = time.perf_counter()
    code, _headers, _body = wsgi_get(app, path, {"Accept-Encoding": "gzip"})
    elapsed = (time.perf_counter() - start) * 1000
    if code != 200:
        raise SystemExit(f"{path}: HTTP {code}")
    return elapsed


def _figures(times: list[float]) -> dict:
    return {"p50_ms": round(statistics.median(times), 2), "p95_ms": round(percentile(times, 0.95), 2)}


def measure(reps: int) -> dict:
    from django.core.wsgi import get_wsgi_application

    app = get_wsgi_application()
    figures = {}
    for name, api, page in PAIRS:
        row = {"api": api, "html": page}
        for mode in ("warm", "cold"):
            times: dict[str, list[float]] = {"api": [], "html": []}
            for path in (api, page):
                _time(app, path, cold=False)
            for _ in range(reps):
                for kind, path in (("api", api), ("html", page)):
                    times[kind].append(_time(app, path, cold=mode == "cold"))
            api_figures, html_figures = _figures(times["api"]), _figures(times["html"])
            row[mode] = {
                "api": api_figures,
                "html": html_figures,
                "ratio_p95": round(api_figures["p95_ms"] / html_figures["p95_ms"], 2),
            }
        figures[name] = row
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=60)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    # Plain HTTP, as the WSGI requests here are (a deployment's settings would redirect them to HTTPS).
    os.environ.setdefault("RULESREF_HTTPS", "0")
    # One client asking over and over: the throttle (measured by benchmarks.hostile) would cool it down
    # after a search cut short by its budget, as it does for any client; here both pages would get a 429.
    for name, value in UNLIMITED_SEARCHES.items():
        os.environ.setdefault(name, value)
    temporary = _setup.temporary_data_dir("rulesref-bench-api-")
    try:
        _setup.setup_django()
        _setup.ensure_index()
        figures = measure(args.reps)
    finally:
        if temporary is not None:
            temporary.cleanup()
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"{'':18} {'':5} {'API p50':>8} {'p95':>7} {'HTML p50':>9} {'p95':>7} {'API/HTML p95':>13}")
    for name, row in figures.items():
        for mode in ("warm", "cold"):
            f = row[mode]
            print(
                f"{name:18} {mode:5} {f['api']['p50_ms']:8.2f} {f['api']['p95_ms']:7.2f} "
                f"{f['html']['p50_ms']:9.2f} {f['html']['p95_ms']:7.2f} {f['ratio_p95']:13.2f}"
            )


if __name__ == "__main__":
    main()
