"""Page speed and size: server time and bytes of the main pages, and rule-page throughput
against a static file of the same size served by the same server.

    python -m benchmarks.pages [--reps 60] [--requests 400] [--json]

1. Imports the glossary, the bundled seeds and every official file of the corpora folder
   (``RULESREF_CORPORA``, else ``../shared/corpora``) into ``RULESREF_DATA_DIR`` if set (an edition
   already there is not imported again), else a temporary folder removed at the end. DEBUG is off.
2. **Server time**: each page is requested through the WSGI application itself (every middleware,
   gzip included, no network), once to warm up, then ``--reps`` times; prints p50/p95 in ms and the
   bytes of the HTML before and after gzip. "p50/p95" is a page a reader asked for before (kept in
   the ``pages`` cache under its ETag), "cold" the same request with that cache emptied first (every
   query and the template run). Pages: home, a table of contents (en 2024-09-20), a section
   (208), a rule (208.2a, in English and in the Italian translation), the English glossary, a glossary
   term, the first page of the longest section (702), and a conditional GET of the rule answered 304.
   Targets: rule and home p95 ≤ 30 ms; a table of contents, rule or glossary page ≤ 150 KB.
3. **Throughput**: ``collectstatic`` into a temporary ``STATIC_ROOT`` holding also a copy of the rule
   page's bytes as a static file; gunicorn (one worker, one thread: requests one at a time) serves
   both on a free loopback port; one keep-alive client alternates blocks of rule-page and static-file
   requests for ``--requests`` requests each and prints requests/s and their ratio (target ≥ 0.5).
   Plain bytes (no ``Accept-Encoding``) so both send the same size.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import _setup

PAGES = [
    ("home", "/"),
    ("contents en", "/rules/mtg/en/2024-09-20/"),
    ("section 208", "/rules/mtg/en/2024-09-20/208/"),
    ("rule 208.2a en", "/rules/mtg/en/2024-09-20/208.2a/"),
    ("rule 208.2a it", "/rules/mtg/it/2024-10-02/208.2a/"),
    ("glossary en", "/rules/mtg/en/2024-09-20/glossary/"),
    ("glossary term", "/rules/mtg/en/2024-09-20/glossary/toughness/"),
    ("section 702 p1", "/rules/mtg/en/2024-09-20/702/"),
]
RULE = "/rules/mtg/en/2024-09-20/208.2a/"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def wsgi_get(app, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    path, _sep, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    for name, value in (headers or {}).items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    status = {}

    def start_response(line, response_headers, exc_info=None):
        status["code"] = int(line.split()[0])
        status["headers"] = dict(response_headers)

    result = app(environ, start_response)
    try:
        body = b"".join(result)
    finally:
        if hasattr(result, "close"):
            result.close()
    return status["code"], status["headers"], body


def server_times(reps: int) -> dict:
    from django.core.cache import caches
    from django.core.wsgi import get_wsgi_application

    app = get_wsgi_application()
    figures = {}
    for name, path in PAGES:
        code, _headers, body = wsgi_get(app, path)
        if code != 200:
            raise SystemExit(f"{path}: HTTP {code}")
        times = []
        cold = []
        zipped = b""
        for _ in range(reps):
            start = time.perf_counter()
            _code, _headers, zipped = wsgi_get(app, path, {"Accept-Encoding": "gzip"})
            times.append((time.perf_counter() - start) * 1000)
            caches["pages"].clear()
            start = time.perf_counter()
            wsgi_get(app, path, {"Accept-Encoding": "gzip"})
            cold.append((time.perf_counter() - start) * 1000)
        figures[name] = {
            "path": path,
            "bytes": len(body),
            "gzip_bytes": len(zipped),
            "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(percentile(times, 0.95), 2),
            "cold_p50_ms": round(statistics.median(cold), 2),
            "cold_p95_ms": round(percentile(cold, 0.95), 2),
        }
    _code, headers, _body = wsgi_get(app, RULE)
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        code, _h, _b = wsgi_get(app, RULE, {"If-None-Match": headers["ETag"]})
        times.append((time.perf_counter() - start) * 1000)
    figures["rule 208.2a 304"] = {
        "path": RULE,
        "status": code,
        "bytes": 0,
        "gzip_bytes": 0,
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(percentile(times, 0.95), 2),
        "cold_p50_ms": None,
        "cold_p95_ms": None,
    }
    return figures


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def throughput(requests: int, rule_bytes: bytes) -> dict:
    """Rule page vs a static file of the same size, both from one gunicorn on loopback."""
    static_root = Path(tempfile.mkdtemp(prefix="rulesref-static-"))
    try:
        env = dict(os.environ, DJANGO_DEBUG="0")
        env["RULESREF_STATIC_ROOT"] = str(static_root)
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=_setup.ROOT,
            env=env,
            check=True,
        )
        (static_root / "bench").mkdir()
        (static_root / "bench" / "rule-copy.html").write_bytes(rule_bytes)
        port = free_port()
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "rulesref.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "1",
                "--threads",
                "1",
                "--worker-class",
                "gthread",
                "--keep-alive",
                "30",
                "--log-level",
                "warning",
            ],
            cwd=_setup.ROOT,
            env=env,
        )
        try:
            _wait_for(port)
            paths = {"rule": RULE, "static": "/static/bench/rule-copy.html"}
            sizes = {}
            elapsed = {"rule": 0.0, "static": 0.0}
            counts = {"rule": 0, "static": 0}
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            for name, path in paths.items():  # warm up
                for _ in range(20):
                    connection.request("GET", path)
                    sizes[name] = len(connection.getresponse().read())
            block = 50
            deadline = time.monotonic() + 120
            while min(counts.values()) < requests and time.monotonic() < deadline:
                for name, path in paths.items():
                    start = time.perf_counter()
                    for _ in range(block):
                        connection.request("GET", path)
                        response = connection.getresponse()
                        response.read()
                        if response.status != 200:
                            raise SystemExit(f"{path}: HTTP {response.status}")
                    elapsed[name] += time.perf_counter() - start
                    counts[name] += block
            connection.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    finally:
        shutil.rmtree(static_root, ignore_errors=True)
    rates = {name: counts[name] / elapsed[name] for name in paths}
    return {
        "rule_rps": round(rates["rule"], 1),
        "static_rps": round(rates["static"], 1),
        "ratio": round(rates["rule"] / rates["static"], 3),
        "rule_bytes": sizes["rule"],
        "static_bytes": sizes["static"],
        "requests_each": counts["rule"],
    }


def _wait_for(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=60)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    temporary = None
    if not os.environ.get("RULESREF_DATA_DIR"):
        temporary = Path(tempfile.mkdtemp(prefix="rulesref-pages-"))
        os.environ["RULESREF_DATA_DIR"] = str(temporary)
    try:
        log = (lambda *a: print(*a, file=sys.stderr)) if args.json else print
        _setup.setup_django()
        _setup.ensure_index(log=log)
        pages = server_times(args.reps)
        from django.core.wsgi import get_wsgi_application

        _code, _headers, rule_bytes = wsgi_get(get_wsgi_application(), RULE)
        served = throughput(args.requests, rule_bytes)
        if args.json:
            print(json.dumps({"pages": pages, "throughput": served}, indent=1))
            return
        print(f"\n{'page':<18} {'bytes':>8} {'gzip':>7} {'p50 ms':>8} {'p95 ms':>8} {'cold p50':>9} {'cold p95':>9}")
        for name, row in pages.items():
            figures = f"{row['bytes']:>8} {row['gzip_bytes']:>7} {row['p50_ms']:>8} {row['p95_ms']:>8}"
            cold = f"{row['cold_p50_ms'] or '-':>9} {row['cold_p95_ms'] or '-':>9}"
            print(f"{name:<18} {figures} {cold}  {row['path']}")
        print(
            f"\nthroughput (gunicorn, 1 worker, 1 thread, keep-alive, {served['requests_each']} requests each):"
            f"\n  rule page   {served['rule_rps']:>8} req/s  ({served['rule_bytes']} bytes)"
            f"\n  static file {served['static_rps']:>8} req/s  ({served['static_bytes']} bytes)"
            f"\n  ratio       {served['ratio']:>8}   (target ≥ 0.5)"
        )
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)


if __name__ == "__main__":
    main()
