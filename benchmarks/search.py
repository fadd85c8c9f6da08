"""Search speed: our service against SQLite FTS5, the plain baseline and a fair one doing the same work.

    python -m benchmarks.search [--reps 20] [--keep] [--json] [--clock cpu]

1. Imports the glossary, the bundled seeds and every official file of the corpora folder
   (``RULESREF_CORPORA``, else ``../shared/corpora``) into a data dir: ``RULESREF_DATA_DIR`` if set (an
   edition already there is not imported again), else a temporary folder removed at the end.
2. Builds our index (a new generation) and, from the very same documents
   (``rulesref.search.documents.documents_for_language``), two FTS5 indexes: the present baseline
   (``fts5.py``: two tables, no stemming, no glossary expansion, highlights only matched texts) and the
   fair one (``fts5_fair.py``: one table per language with its best tokenizer, the same query reading,
   glossary rewrite, fusion, highlighting of every shown text and respelling as ours).
3. Runs a mixed query set through the three: term, phrase, prefix, typo, rule number, cross-language
   and questions (in English, Chinese, Japanese, German and French), in every language that has rules
   (Korean has none yet: the output says so, and its queries join the mix once it has). Each query
   runs once per engine to warm up, then ``--reps`` times per engine, interleaved. Timings are warm:
   the process, index readers and per-generation caches stay open, but our service's *result* cache is
   cleared before every timed call, so every call really searches.
4. Prints, per query kind, per language typed in and for all: p50 and p95 (nearest rank over every
   call) of each engine, their ratios, and the geometric mean of the per-query ratios of medians (a
   p50 over a mixed set falls in a gap between fast and slow queries and jumps from run to run; the
   geometric mean does not), with the targets of issue 18 next to them (against the fair FTS5: p50 ≤
   2.0×, p95 ≤ 2.0×, geometric mean ≤ 1.3×; against the plain FTS5: p95 ≤ 2.5×; questions' p95 ≤ 30
   ms) and whether each is met. Then the MRR@10 of ours and of both baselines on the development
   queries, the top 10 of each engine per query, and a cProfile of ours.

``--json`` prints only one JSON object: ``{"ours": {"p50_ms", "p95_ms"}, "fts5": {...}, "fts5_fair":
{...}, "ratios": {"fts5": {"p50", "p95", "gm"}, "fts5_fair": {...}}, "queries", "kinds": {KIND: {the
same}}, "languages": {LANGUAGE: {the same}}, "targets": [{"figure", "target", "value", "met"}],
"not_in_mix": {LANGUAGE: documents}, "mrr10": {...}, "top10_overlap": {...}, "build": {...}, "reps",
"clock"}``. ``--clock cpu`` times calls by the thread's CPU time. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import _setup

# (kind, language typed in, query). Every language with rules, and for each kind at least one query in a
# CJK language where it applies; "" for a rule number, which is typed in no language.
QUERIES: list[tuple[str, str, str]] = [
    ("term", "en", "toughness"),
    ("term", "en", "deathtouch"),
    ("term", "en", "state-based actions"),
    ("term", "it", "costituzione"),
    ("term", "ja", "タフネス"),
    ("term", "zh-hans", "防御力"),
    ("term", "zh-hans", "死触"),
    ("term", "ru", "отражение ударов"),
    ("term", "ja", "状況起因処理"),
    ("term", "ja", "ロア"),
    ("term", "de", "Willenskraft"),
    ("term", "de", "Ersatzeffekte"),
    ("term", "fr", "volonté"),
    ("term", "fr", "réserve d'encre"),
    ("phrase", "en", '"replacement effect"'),
    ("phrase", "en", '"characteristic-defining ability"'),
    ("phrase", "en", '"trample over planeswalkers"'),
    ("phrase", "it", '"forza base"'),
    ("phrase", "ru", '"слабость первого хода"'),
    ("phrase", "zh-hans", '"替代性效应"'),
    ("phrase", "ja", '"誘発能力"'),
    ("phrase", "de", '"Auslösbare Fähigkeiten"'),
    ("phrase", "fr", '"capacités déclenchables"'),
    ("prefix", "en", "trampl*"),
    ("prefix", "en", "daybo*"),
    ("prefix", "en", "commande*"),
    ("prefix", "it", "costitu*"),
    ("prefix", "ru", "предотвращ*"),
    ("prefix", "ja", "ロケーシ*"),
    ("prefix", "de", "Gestaltwand*"),
    ("prefix", "fr", "défi*"),
    ("typo", "en", "tougness"),
    ("typo", "en", "deathtuch"),
    ("typo", "en", "Veteran Motorst"),
    ("typo", "it", "costituzine"),
    ("typo", "ru", "пересдоча"),
    ("typo", "de", "Wilenskraft"),
    ("typo", "fr", "volonnté"),
    ("number", "", "208.2a"),
    ("number", "", "２０８．２ａ"),
    ("number", "en", "CR 208.2a"),
    ("number", "en", "rule 704.5k"),
    ("number", "", "702.19b"),
    ("cross", "en", "Veteran Motorist"),
    ("cross", "it", "Manovratore Veterano"),
    ("cross", "ja", "経験豊富な操縦者"),
    ("cross", "zh-hans", "老练车手"),
    ("cross", "ja", "置換効果"),
    ("cross", "ru", "Водитель-Ветеран"),
    # Japanese 攻撃 finds the Chinese edition's 攻击 (Han forms folded).
    ("cross", "ja", "攻撃"),
    # Questions as people type them (the first ten from tests/search/queries.tsv, kind natural).
    ("question", "en", "what happens to a token that leaves the battlefield"),
    ("question", "en", "how many lands can a player play during their turn"),
    ("question", "en", "what happens when a creature has damage equal to its toughness"),
    ("question", "en", "in what order are triggered abilities put on the stack"),
    ("question", "en", "what happens to unused mana at the end of a step"),
    ("question", "en", "does the first player draw a card on their first turn"),
    ("question", "en", "can a creature with defender attack"),
    ("question", "zh-hans", "衍生物离开战场会怎样"),
    ("question", "zh-hans", "玩家在其回合中可以使用几个地"),
    ("question", "zh-hans", "每位玩家起手抽几张牌"),
    ("question", "ja", "ロアを何点獲得するとゲームに勝つ"),
    ("question", "de", "wie viele Legenden braucht ein Spieler zum Gewinnen"),
    ("question", "fr", "combien de points de lore faut-il pour gagner"),
]
KINDS = ("term", "phrase", "prefix", "typo", "number", "cross", "question")
# Languages the mix has queries in; a registered language without rules gets its queries once it has some.
LANGUAGES = ("en", "it", "ru", "zh-hans", "ja", "de", "fr")
ENGINES = ("ours", "fts5", "fts5_fair")
BASELINES = ("fts5", "fts5_fair")
# Targets of issue 18 (figures on this machine): ratios of ours to each baseline, and the questions' p95.
TARGETS = {"fts5_fair": {"p50": 2.0, "p95": 2.0, "gm": 1.3}, "fts5": {"p95": 2.5}}
QUESTION_P95_MS = 30.0
LIMIT = 10


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


class Ours:
    """Our service, its result cache cleared before each call (every call searches)."""

    def __init__(self):
        from benchmarks._ours import ours

        self.service = ours()

    def search(self, query: str, limit: int = LIMIT):
        self.service.clear_cache()
        return self.service.search(query, limit=limit).hits


def measure(engines: dict, reps: int, clock=time.perf_counter) -> dict[str, dict[str, list[float]]]:
    """Seconds per call: engine → query → samples; one warm-up call per engine and query first."""
    times = {name: {} for name in engines}
    for _kind, _lang, query in QUERIES:
        for name, engine in engines.items():
            engine.search(query)
            times[name][query] = []
        for _ in range(reps):
            for name, engine in engines.items():
                started = clock()
                engine.search(query, limit=LIMIT)
                times[name][query].append(clock() - started)
    return times


def figures(times: dict[str, dict[str, list[float]]]) -> dict:
    """The JSON object: p50/p95 per engine and ratios, overall, per kind and per language; the targets."""

    def block(queries: list[str]) -> dict:
        data = {"queries": len(queries)}
        for name in ENGINES:
            samples = [t for q in queries for t in times[name][q]]
            data[name] = {
                "p50_ms": round(percentile(samples, 0.5) * 1000, 3),
                "p95_ms": round(percentile(samples, 0.95) * 1000, 3),
            }
        data["ratios"] = {}
        for base in BASELINES:
            per_query = [statistics.median(times["ours"][q]) / statistics.median(times[base][q]) for q in queries]
            data["ratios"][base] = {
                "p50": round(data["ours"]["p50_ms"] / data[base]["p50_ms"], 3),
                "p95": round(data["ours"]["p95_ms"] / data[base]["p95_ms"], 3),
                "gm": round(geometric_mean(per_query), 3),
            }
        return data

    everything = [q for _, _, q in QUERIES]
    result = block(everything)
    result["kinds"] = {kind: block([q for k, _, q in QUERIES if k == kind]) for kind in KINDS}
    result["kinds"]["all"] = block(everything)
    result["languages"] = {lang: block([q for _, ql, q in QUERIES if ql == lang]) for lang in LANGUAGES}
    targets = [
        {"figure": f"ours/{base} {figure}", "target": target, "value": result["ratios"][base][figure]}
        for base, figures_ in TARGETS.items()
        for figure, target in figures_.items()
    ]
    questions = result["kinds"]["question"]["ours"]["p95_ms"]
    targets.append({"figure": "questions p95 ms", "target": QUESTION_P95_MS, "value": questions})
    for target in targets:
        target["met"] = target["value"] <= target["target"]
    result["targets"] = targets
    return result


def _ratio(value: float, target: float | None) -> str:
    """A ratio, marked "!" when it is over its target."""
    return f"{value:>5.2f}{'!' if target is not None and value > target else ' '}"


def timing_table(data: dict) -> list[str]:
    fair, plain = TARGETS["fts5_fair"], TARGETS["fts5"]
    lines = [
        f"{'':<8} {'n':>3} {'ours p50':>9} {'p95':>8} │ {'fts5 p50':>9} {'p95':>8} {'×p95':>6} │ "
        f"{'fair p50':>9} {'p95':>8} {'×p50':>6} {'×p95':>6} {'×gm':>6}",
        f"{'target':<8} {'':>3} {'':>9} {'':>8} │ {'':>9} {'':>8} {'≤' + str(plain['p95']):>6} │ "
        f"{'':>9} {'':>8} {'≤' + str(fair['p50']):>6} {'≤' + str(fair['p95']):>6} {'≤' + str(fair['gm']):>6}",
    ]

    def row(label: str, k: dict) -> str:
        o, f, g = k["ours"], k["fts5"], k["fts5_fair"]
        rf, rg = k["ratios"]["fts5"], k["ratios"]["fts5_fair"]
        return (
            f"{label:<8} {k['queries']:>3} {o['p50_ms']:>7.2f}ms {o['p95_ms']:>6.2f}ms │ "
            f"{f['p50_ms']:>7.2f}ms {f['p95_ms']:>6.2f}ms {_ratio(rf['p95'], plain['p95'])} │ "
            f"{g['p50_ms']:>7.2f}ms {g['p95_ms']:>6.2f}ms {_ratio(rg['p50'], fair['p50'])} "
            f"{_ratio(rg['p95'], fair['p95'])} {_ratio(rg['gm'], fair['gm'])}"
        )

    lines.append("per kind")
    lines += [row(kind, data["kinds"][kind]) for kind in (*KINDS, "all")]
    lines.append("per language typed in (rule numbers are in none)")
    lines += [row(lang, data["languages"][lang]) for lang in LANGUAGES]
    lines.append("")
    for target in data["targets"]:
        unit = " ms" if target["figure"].endswith(" ms") else "×"
        lines.append(
            f"target {target['figure']} ≤ {target['target']}{unit}: {target['value']:.2f}{unit} "
            f"{'met' if target['met'] else 'missed'}"
        )
    return lines


def not_in_mix() -> dict[str, int]:
    """Registered content languages the mix has no queries in, with their documents in the latest
    editions: Korean, which has no rules yet (its queries join the mix once it has some)."""
    from benchmarks._ours import ours

    service = ours()
    return {lang: service.documents(lang) for lang in service.languages if lang not in LANGUAGES}


def quality(engines: dict) -> dict:
    """MRR@10 of each engine on the development queries (as benchmarks.search_quality counts it)."""
    from benchmarks.search_quality import QUERIES as DEV_QUERIES
    from benchmarks.search_quality import load_queries

    rows = load_queries(DEV_QUERIES)
    result = {}
    for name, engine in engines.items():
        total = 0.0
        for row in rows:
            hits = engine.search(row.query, limit=10)
            for rank, hit in enumerate(hits[:10], start=1):
                if hit.game == row.game and hit.number == row.expected[0]:
                    total += 1.0 / rank
                    break
        result[name] = round(total / len(rows), 3)
    result["queries"] = len(rows)
    return result


def overlap(engines: dict) -> dict:
    """How many of a baseline's top 10 rules (by alignment key) are in ours, over the benchmark queries."""
    result = {}
    ours = {query: [h.key for h in engines["ours"].search(query)] for _, _, query in QUERIES}
    for base in BASELINES:
        shared = total = 0
        for _, _, query in QUERIES:
            theirs = [h.key for h in engines[base].search(query)]
            total += len(theirs)
            shared += len(set(theirs) & set(ours[query]))
        result[base] = {"shared": shared, "of": total}
    return result


def per_query_table(engines: dict, times) -> list[str]:
    lines = []
    for kind, lang, query in QUERIES:
        medians = ", ".join(f"{name} {statistics.median(times[name][query]) * 1000:.2f} ms" for name in ENGINES)
        lines.append(f"[{kind}{', ' + lang if lang else ''}] {query!r}: {medians}")
        for name in ENGINES:
            hits = engines[name].search(query)
            lines.append(f"    {name:<9} {' '.join(h.number or f'({h.kind})' for h in hits) or '(nothing)'}")
    return lines


def profile(ours: Ours, top: int) -> list[str]:
    for _kind, _lang, query in QUERIES:
        ours.search(query)
    profiler = cProfile.Profile()
    for _kind, _lang, query in QUERIES:
        ours.service.clear_cache()
        profiler.enable()
        ours.service.search(query, limit=LIMIT)
        profiler.disable()
    stream = io.StringIO()
    pstats.Stats(profiler, stream=stream).sort_stats("cumulative").print_stats(top)
    return [line for line in stream.getvalue().splitlines() if line.strip()]


def _bytes(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.search", description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=20, help="timed calls per query and engine (default 20)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary data dir")
    parser.add_argument("--json", action="store_true", help="print only the figures, as one JSON object")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time calls by the wall clock (default) or by this thread's CPU time, which other processes "
        "on a shared machine do not inflate (SQLite runs in the calling thread, so both engines are counted)",
    )
    parser.add_argument("--profile-top", type=int, default=25, help="functions to show from the profile")
    args = parser.parse_args(argv)

    temporary = None
    if os.environ.get("RULESREF_DATA_DIR"):
        data_dir = _setup.setup_django()
    else:
        temporary = Path(tempfile.mkdtemp(prefix="rulesref-bench-"))
        data_dir = _setup.setup_django(data_dir=temporary)
    try:
        run(data_dir, args)
    finally:
        if temporary and not args.keep:
            shutil.rmtree(temporary, ignore_errors=True)
        elif temporary:
            print(f"kept {temporary}", file=sys.stderr)


def run(data_dir: Path, args) -> None:
    import sqlite3

    from benchmarks.fts5 import Fts5Search
    from benchmarks.fts5_fair import Fts5FairSearch

    log = (lambda line: print(line, file=sys.stderr)) if args.json else print
    log(f"data dir {data_dir}; SQLite {sqlite3.sqlite_version}; {os.cpu_count()} CPUs")
    started = time.perf_counter()
    _setup.import_rules(log=lambda line: log("  " + line))
    log(f"import: {time.perf_counter() - started:.1f} s")

    built = _setup.build_index()
    paths = {name: Path(data_dir) / f"{name}-benchmark.sqlite3" for name in BASELINES}
    for path in paths.values():
        for suffix in ("", "-journal", "-wal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    fts, fts_seconds = Fts5Search.build(paths["fts5"])
    fair, fair_seconds = Fts5FairSearch.build(paths["fts5_fair"])
    engines = {"ours": Ours(), "fts5": fts, "fts5_fair": fair}
    build = {
        "ours": {"seconds": built.seconds, "bytes": built.bytes, "documents": sum(built.documents.values())},
        "fts5": {"seconds": round(fts_seconds, 2), "bytes": _bytes(paths["fts5"])},
        "fts5_fair": {"seconds": round(fair_seconds, 2), "bytes": _bytes(paths["fts5_fair"])},
    }
    log("")
    log(f"{'index build':<12} {'seconds':>8} {'bytes':>12}")
    for name in ENGINES:
        log(f"{name:<12} {build[name]['seconds']:>8.1f} {build[name]['bytes']:>12,}")

    times = measure(engines, args.reps, time.thread_time if args.clock == "cpu" else time.perf_counter)
    data = figures(times)
    data["mrr10"] = quality(engines)
    data["top10_overlap"] = overlap(engines)
    data["build"] = build
    data["queries"] = len(QUERIES)
    data["reps"] = args.reps
    data["clock"] = args.clock
    data["not_in_mix"] = not_in_mix()
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return
    print()
    print(
        f"query times: {len(QUERIES)} queries × {args.reps} timed calls per engine after one warm-up call; "
        "warm process, our result cache cleared before each call; × = ours / baseline, gm = geometric mean "
        "of per-query ratios of medians"
    )
    for line in timing_table(data):
        print(line)
    for lang, documents in data["not_in_mix"].items():
        if documents:
            print(f"{lang}: {documents} documents but no queries in the mix: add them (LANGUAGES, QUERIES)")
        else:
            print(f"{lang}: no rules in this language exist yet; its queries join the mix once they do")
    print()
    mrr = data["mrr10"]
    print(
        f"MRR@10 on the {mrr['queries']} development queries: ours {mrr['ours']}, fts5 {mrr['fts5']}, "
        f"fts5_fair {mrr['fts5_fair']}"
    )
    for base, counts in data["top10_overlap"].items():
        print(f"{base} top 10 also in ours: {counts['shared']} of {counts['of']}")
    print()
    print("hits per query (rule numbers, top 10, best first)")
    for line in per_query_table(engines, times):
        print(line)
    print()
    print(f"profile of ours: the {len(QUERIES)} queries once each, warm, result cache cleared per query")
    for line in profile(engines["ours"], args.profile_top):
        print(line)


if __name__ == "__main__":
    main()
