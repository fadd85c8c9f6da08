"""Hostile queries in-process: what one query can cost at worst, over many shapes.

    RULESREF_DATA_DIR=/tmp/bench-data python -m benchmarks.hostile_queries [--count 10000] [--json]

Generates ``--count`` hostile queries (seeded, so every run sends the same ones): one-letter and
two-letter wildcards, long words, long runs of common words, operator soup, deep parentheses, long CJK
runs, lone surrogates and control characters, every script mixed, many glossary terms at once, rule
numbers in odd spellings. Runs each once in this process through ``search()`` with the result cache
cleared, and prints the slowest (target ≤ 250 ms) and the p50/p99, wall clock and CPU time.

What a user sees over HTTP, beside other clients, is ``benchmarks.hostile`` (gunicorn on loopback):
this script measures one query at a time in one process, which says nothing about starving others.

Uses the data dir's index as it is (imports and builds only what is missing). Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from benchmarks import _setup

NORMAL = [
    "toughness",
    "deathtouch",
    "state-based actions",
    "costituzione",
    "タフネス",
    "防御力",
    "отражение ударов",
    '"replacement effect"',
    "trampl*",
    "tougness",
    "208.2a",
    "Veteran Motorist",
]
TARGET_SLOWEST_MS = 250

COMMON = "the a of to player creature card game turn damage ability spell permanent effect rule life".split()
SYLLABLES = "ab co re de in ex pro tra con per sta mon ter ing tion ness".split()
CJK = "生物防御力力量伤害牌手回合效应异能的了是在クリーチャーのタフネスパワー効果"
CYRILLIC = "существоздоровьеудартокопоклоннаяфаза"
GLOSSARY = ["toughness", "power", "creature", "flying", "trample", "防御力", "タフネス", "costituzione", "существо"]


def hostile_queries(count: int, seed: int = 7) -> list[str]:
    """``count`` hostile queries of many shapes, the same for the same seed."""
    rng = random.Random(seed)

    def word(n=None):
        return "".join(rng.choice(SYLLABLES) for _ in range(n or rng.randint(1, 4)))

    makers = [
        lambda: rng.choice("abcdefghilmnoprstuvwyz") + "*",
        lambda: " ".join(
            rng.choice("abcdefghilmnoprstuvw") + rng.choice("aeiou") + "*" for _ in range(rng.randint(1, 12))
        ),
        lambda: " ".join(rng.choice(COMMON) for _ in range(rng.randint(6, 60))),
        lambda: " OR ".join(rng.choice(COMMON) for _ in range(rng.randint(5, 40))),
        lambda: " ".join(rng.choice(["AND", "OR", "NOT", "(", ")", '"', rng.choice(COMMON)]) for _ in range(60)),
        lambda: "(" * rng.randint(5, 150) + rng.choice(COMMON) + ")" * rng.randint(0, 150),
        lambda: "".join(rng.choice(CJK) for _ in range(rng.randint(20, 300))),
        lambda: "".join(rng.choice(CYRILLIC) for _ in range(rng.randint(20, 300))),
        lambda: "a" * rng.randint(40, 400),
        lambda: word(rng.randint(10, 60)),
        lambda: " ".join(word() for _ in range(rng.randint(3, 30))),
        lambda: rng.choice(COMMON) + "\ud800" + rng.choice(COMMON) + "\udfff\x00\x1b\u200b",
        lambda: " ".join(rng.choice(GLOSSARY) for _ in range(rng.randint(3, 30))),
        lambda: '"' + " ".join(rng.choice(COMMON) for _ in range(rng.randint(3, 40))) + '"',
        lambda: " ".join(f"{rng.randint(100, 999)}.{rng.randint(1, 30)}{rng.choice('abcz')}*" for _ in range(10)),
        lambda: "".join(chr(rng.randint(32, 0x2FFFF)) for _ in range(rng.randint(5, 200))),
        lambda: "lang:xx " * rng.randint(1, 30) + rng.choice(COMMON),
        lambda: " ".join(rng.choice(COMMON) + "?" + rng.choice(COMMON) for _ in range(10)),
        lambda: "*" * rng.randint(1, 300),
        lambda: " ".join(rng.choice(COMMON)[:-1] + rng.choice("xqz") for _ in range(rng.randint(2, 25))),
    ]
    return [rng.choice(makers)() for _ in range(count)]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def _timed(query: str, cpu: list | None = None) -> float:
    """Wall seconds of one search (result cache cleared); its CPU seconds are appended to ``cpu``."""
    from rulesref.search import clear_cache, search

    clear_cache()
    started, started_cpu = time.perf_counter(), time.thread_time()
    search(query)
    if cpu is not None:
        cpu.append(time.thread_time() - started_cpu)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hostile_queries", description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10000, help="hostile queries to time (default 10000)")
    parser.add_argument("--json", action="store_true", help="print only the figures, as one JSON object")
    args = parser.parse_args(argv)
    log = (lambda line: print(line, file=sys.stderr)) if args.json else print
    _setup.setup_django()
    _setup.ensure_index(log=log)
    for query in NORMAL:
        _timed(query)

    queries = hostile_queries(args.count)
    times, cpu = [], []
    slowest = (0.0, "")
    for query in queries:
        seconds = _timed(query, cpu)
        times.append(seconds)
        if seconds > slowest[0]:
            slowest = (seconds, query)
    figures = {
        "hostile": {
            "count": len(queries),
            "slowest_ms": round(slowest[0] * 1000, 1),
            "slowest_query": slowest[1][:120],
            "p50_ms": round(percentile(times, 0.5) * 1000, 2),
            "p99_ms": round(percentile(times, 0.99) * 1000, 2),
            "slowest_cpu_ms": round(max(cpu) * 1000, 1),
            "p99_cpu_ms": round(percentile(cpu, 0.99) * 1000, 2),
            "target_ms": TARGET_SLOWEST_MS,
        }
    }
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return
    h = figures["hostile"]
    print(
        f"{h['count']} hostile queries in-process: slowest {h['slowest_ms']} ms "
        f"({'met' if h['slowest_ms'] <= TARGET_SLOWEST_MS else 'missed'} ≤ {TARGET_SLOWEST_MS} ms), "
        f"p50 {h['p50_ms']} ms, p99 {h['p99_ms']} ms; CPU time: slowest {h['slowest_cpu_ms']} ms, "
        f"p99 {h['p99_cpu_ms']} ms"
    )
    print(f"  slowest: {h['slowest_query']!r}")


if __name__ == "__main__":
    main()
