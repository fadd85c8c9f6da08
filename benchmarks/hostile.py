"""Hostile clients over HTTP: what normal readers see while others send expensive queries non-stop.

    .venv/bin/python -m benchmarks.hostile                          # bundled data, 20 s per phase
    RULESREF_CORPORA=../shared/corpora .venv/bin/python -m benchmarks.hostile --seconds 30
    .venv/bin/python -m benchmarks.hostile --hostile-addresses 4    # four abusers instead of one

Fills a data dir as ``quickstart`` does (``RULESREF_DATA_DIR``, else a temporary one removed at the end;
the official files of ``RULESREF_CORPORA`` too when it is set), starts gunicorn (pinned in
requirements.txt) with the repository's ``gunicorn.conf.py`` on a free port of 127.0.0.1 with
deployment settings, then, after ``--warm-up`` seconds of both kinds of clients (every worker's caches
filled), runs two phases of ``--seconds`` each, in ``--rounds`` alternating parts (alone, beside, alone,
beside…: a drift of the machine's load weighs on both alike):

1. **alone**: ``--normal`` clients, each from its own loopback address (127.0.1.x: the search limits
   count by address), each asking for one page after another: rule pages of every edition and ordinary
   searches (the ``url_mix`` of ``benchmarks.load``, rule pages and searches only);
2. **beside**: the same, plus ``--hostile`` clients sending queries of 20 nested parentheses around 20
   two-letter wildcards (a new query each time, so the result cache never answers), from
   ``--hostile-addresses`` addresses (127.0.2.x; default 1: one abuser with several connections). A
   hostile client ignores ``Retry-After`` and asks again at once, as an abuser would.

Prints, per phase, the normal clients' requests, throughput, p50/p95/p99 (nearest rank, wall clock
from request to last byte) and failures (429 counted apart), and for the hostile clients their
requests, how many were answered 200 and 429, and the slowest request's wall time. Targets: normal p95
beside hostile ≤ 2× alone; the slowest hostile request ≤ 250 ms. Only loopback, bounded in clients and
seconds; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import time
from dataclasses import dataclass, field
from urllib.parse import quote

from benchmarks._setup import setup_django, temporary_data_dir
from benchmarks.load import Gunicorn, percentile, prepare, url_mix

MAX_CLIENTS = 50
MAX_SECONDS = 300
TARGET_RATIO = 2.0
TARGET_HOSTILE_MS = 250
PREFIXES = [a + b for a in "bcdfgmprst" for b in "aeiou"] + "tr pl cr st ex in an re de co".split()
NESTING = 20
WILDCARDS = 20
NORMAL_KINDS = ("rule", "search", "number")


def hostile_query(rng: random.Random) -> str:
    """20 nested parentheses around 20 two-letter wildcards; a new one each time."""
    return "(" * NESTING + " ".join(f"{rng.choice(PREFIXES)}*" for _ in range(WILDCARDS)) + ")" * NESTING


@dataclass
class Phase:
    normal: list[tuple[float, int | None]] = field(default_factory=list)  # (seconds, status)
    hostile: list[tuple[float, int | None]] = field(default_factory=list)


async def _client(base_url: str, address: str, next_path, samples: list, stop_at: float, ok=(200, 302)) -> None:
    import httpx

    transport = httpx.AsyncHTTPTransport(local_address=address)
    headers = {"X-Forwarded-Proto": "https", "Accept-Language": "en"}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=60, transport=transport) as client:
        while time.monotonic() < stop_at:
            started = time.monotonic()
            try:
                response = await client.get(next_path())
                await response.aread()
                status = response.status_code
            except httpx.HTTPError:
                status = None
            samples.append((time.monotonic() - started, status))


async def _phase(base_url: str, targets, normal: int, hostile: int, addresses: int, seconds: float, seed: int):
    phase = Phase()
    stop_at = time.monotonic() + seconds
    weights = [t.weight for t in targets]
    tasks = []
    for i in range(normal):
        rng = random.Random(seed + i)
        pick = lambda r=rng: r.choices(targets, weights)[0].path  # noqa: E731
        tasks.append(_client(base_url, f"127.0.1.{i + 1}", pick, phase.normal, stop_at))
    for i in range(hostile):
        rng = random.Random(seed + 1000 + i)
        tasks.append(
            _client(
                base_url,
                f"127.0.2.{i % addresses + 1}",
                lambda r=rng: f"/search/?q={quote(hostile_query(r))}",
                phase.hostile,
                stop_at,
            )
        )
    await asyncio.gather(*tasks)
    return phase


def _figures(samples: list[tuple[float, int | None]], seconds: float) -> dict:
    ms = [s * 1000 for s, _ in samples]
    statuses = [status for _, status in samples]
    figures = {
        "requests": len(samples),
        "throughput": round(len(samples) / seconds, 1),
        "ok": sum(1 for s in statuses if s in (200, 302)),
        "too_many": statuses.count(429),
        "failed": sum(1 for s in statuses if s not in (200, 302, 429)),
    }
    if ms:
        figures |= {f"p{p}_ms": round(percentile(ms, p), 1) for p in (50, 95, 99)}
        figures["max_ms"] = round(max(ms), 1)
    return figures


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hostile", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20, help="length of each phase (default 20)")
    parser.add_argument("--normal", type=int, default=4, help="normal clients (default 4)")
    parser.add_argument("--hostile", type=int, default=4, help="hostile clients (default 4)")
    parser.add_argument("--hostile-addresses", type=int, default=1, help="addresses they come from (default 1)")
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: gunicorn.conf.py's 2 × cores + 1)")
    parser.add_argument("--warm-up", type=float, default=15, help="seconds of both kinds of clients first (15)")
    parser.add_argument("--rounds", type=int, default=4, help="alone and beside alternate this many times (4)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    args = parser.parse_args(argv)
    if not (1 <= args.normal <= MAX_CLIENTS and 0 <= args.hostile <= MAX_CLIENTS and 1 <= args.seconds <= MAX_SECONDS):
        parser.error(f"--normal 1..{MAX_CLIENTS}, --hostile 0..{MAX_CLIENTS}, --seconds 1..{MAX_SECONDS}")
    addresses = max(1, min(args.hostile_addresses, max(1, args.hostile)))

    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    temporary = temporary_data_dir("rulesref-hostile-")
    data_dir = setup_django()
    # What quickstart imports (plus the corpora when RULESREF_CORPORA is set); the index if needed.
    prepare(with_corpora=bool(os.environ.get("RULESREF_CORPORA")))
    from django.db import connections

    targets = [t for t in url_mix(with_big_pages=False) if t.kind in NORMAL_KINDS]
    connections.close_all()
    workers = args.workers or (os.cpu_count() or 1) * 2 + 1
    server = Gunicorn(data_dir, workers)
    results: dict = {
        "workers": workers,
        "cores": os.cpu_count(),
        "normal_clients": args.normal,
        "hostile_clients": args.hostile,
        "hostile_addresses": addresses,
        "seconds": args.seconds,
        "corpora": bool(os.environ.get("RULESREF_CORPORA")),
    }
    print(
        f"gunicorn: {workers} workers on {os.cpu_count()} cores; {args.normal} normal clients over "
        f"{len(targets)} URLs (rule pages and searches); {args.hostile} hostile clients from {addresses} "
        f"address(es); {args.seconds:.0f} s per phase"
    )
    try:
        server.wait_ready()
        run = asyncio.run
        run(_phase(server.url, targets, args.normal, args.hostile, addresses, args.warm_up, args.seed + 99))
        # Alone and beside alternate, so that a machine whose load drifts (other jobs, caches still
        # filling) weighs on both alike.
        alone, beside = Phase(), Phase()
        part = args.seconds / args.rounds
        for number in range(args.rounds):
            seed = args.seed + 10 * number
            alone.normal += run(_phase(server.url, targets, args.normal, 0, addresses, part, seed)).normal
            both = run(_phase(server.url, targets, args.normal, args.hostile, addresses, part, seed))
            beside.normal += both.normal
            beside.hostile += both.hostile
    finally:
        server.stop()
        for block in server.errors()[:5]:
            print("gunicorn logged:\n" + block)
        if temporary is not None:
            temporary.cleanup()
    results["alone"] = _figures(alone.normal, args.seconds)
    results["beside"] = _figures(beside.normal, args.seconds)
    results["hostile"] = _figures(beside.hostile, args.seconds)
    answered = [s for s, status in beside.hostile if status == 200]
    results["hostile"]["slowest_200_ms"] = round(max(answered) * 1000, 1) if answered else None
    results["hostile"]["p95_200_ms"] = round(percentile([s * 1000 for s in answered], 95), 1) if answered else None
    ratio = results["beside"]["p95_ms"] / results["alone"]["p95_ms"]
    results["p95_ratio"] = round(ratio, 2)
    for name in ("alone", "beside"):
        f = results[name]
        print(
            f"normal {name:<6}: {f['requests']} requests, {f['throughput']} req/s, p50 {f['p50_ms']} ms, "
            f"p95 {f['p95_ms']} ms, p99 {f['p99_ms']} ms, max {f['max_ms']} ms; {f['too_many']} × 429, "
            f"{f['failed']} failed"
        )
    h = results["hostile"]
    print(
        f"hostile      : {h['requests']} requests, {h['ok']} answered 200, {h['too_many']} × 429, "
        f"{h['failed']} failed; p95 {h.get('p95_ms')} ms, slowest {h.get('max_ms')} ms; answered 200: "
        f"p95 {h['p95_200_ms']} ms, slowest {h['slowest_200_ms']} ms"
    )
    print(
        f"normal p95 beside hostile / alone: {ratio:.2f}× ({'met' if ratio <= TARGET_RATIO else 'missed'} "
        f"≤ {TARGET_RATIO}×); slowest hostile request {h.get('max_ms')} ms "
        f"({'met' if (h.get('max_ms') or 0) <= TARGET_HOSTILE_MS else 'missed'} ≤ {TARGET_HOSTILE_MS} ms)"
    )
    if args.json:
        print(json.dumps(results))
    return results


if __name__ == "__main__":
    main()
