"""Search with the archive imported: the default mix with and without the older editions.

    python -m benchmarks.search_archive --archive DIR [--baseline DIR] [--archive-folder DIR] [--reps 10]
        [--rebuild] [--clock cpu] [--json]

``--archive``: a data dir with editions of the archive folder imported (e.g. 25 English editions
2004–2026, beside the bundled data and the corpora). ``--baseline``: the same data dir without them; when
the folder does not exist it is made from ``--archive``: copied, then every edition whose source file is
in ``--archive-folder`` (default ``../shared/archive``) deleted except the newest of its game and language,
so that both hold the very same newest editions (and the same rows of them, with the same alignment
keys). Both indexes are built when stale (the archive's build is timed: ``build_index`` as
``import_archive`` runs it once at the end).

Then, in one process (a search reads no database table: each data dir's index is opened by pointing
``DATA_DIR`` at it), every query of ``benchmarks.search.QUERIES`` runs as a default search (no edition,
no archive) against both, interleaved, the result cache cleared before each call, with a time budget of
10 s so that the machine's load cannot cut a search short. Prints:

- how many queries' top 10 differ (each hit as game, kind, number and every language's edition and
  number; target 0) and which;
- p50 and p95 of each, and their ratio (target: p95 within 10 %);
- the build: seconds, the generation's size on disk, documents of the current and the archive indexes
  and the rows they stand for, and a projection to ``--project`` editions (default 125) from the rows
  per edition and the distinct documents each edition added;
- a few archive searches (``edition:2004-06-01 …``, every edition) and their times.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

from benchmarks import _setup
from benchmarks.search import QUERIES, percentile

LIMIT = 10
BUDGET_SECONDS = 10.0
# Searches of older editions, timed after the mix (the first edition of the 25 is 2004-06-01).
ARCHIVE_QUERIES = [
    ("edition", "toughness edition:2004-06-01"),
    ("edition", "mana burn edition:2004-06-01"),
    ("edition", '"state-based effects" edition:2008-07-15'),
    ("edition", "208.2a edition:2004-06-01"),
    ("archive", "mana burn"),
    ("archive", "toughness"),
    ("archive", '"state-based effects"'),
    ("archive", "how many lands can a player play during their turn"),
]


def _bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.exists() else 0


def make_baseline(archive_dir: Path, baseline_dir: Path, folder: Path) -> list[str]:
    """Copy ``archive_dir`` and delete the editions imported from ``folder`` but the newest of each game and
    language; returns the slugs deleted. Runs in a child process (Django's database is fixed at setup)."""
    shutil.copytree(archive_dir, baseline_dir, symlinks=True)
    shutil.rmtree(baseline_dir / "index", ignore_errors=True)
    code = (
        "import json, sys\n"
        "from benchmarks import _setup\n"
        f"_setup.setup_django(data_dir={str(baseline_dir)!r})\n"
        "from rulesref.rules.models import Edition\n"
        f"names = set(__import__('os').listdir({str(folder)!r}))\n"
        "newest = {}\n"
        "for e in Edition.objects.newest_first().select_related('game'):\n"
        "    newest.setdefault((e.game.slug, e.language), e.pk)\n"
        "gone = [e for e in Edition.objects.order_by('pk') if e.source_name.rsplit('/', 1)[-1] in names\n"
        "        and e.pk not in newest.values()]\n"
        "slugs = [f'{e.language}:{e.slug}' for e in gone]\n"
        "for e in gone:\n"
        "    e.delete()\n"
        "print(json.dumps(slugs))\n"
    )
    import subprocess

    output = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=_setup.ROOT
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def _point_at(data_dir: Path) -> None:
    from django.conf import settings

    settings.DATA_DIR = str(data_dir)


def _hit_signature(hit) -> tuple:
    return (
        hit.game,
        hit.kind,
        hit.number,
        tuple((lang, text.edition, text.number) for lang, text in hit.texts.items()),
    )


def build_if_stale(data_dir: Path, *, rebuild: bool = False):
    """Build ``data_dir``'s index when it is not current (or ``rebuild``); the report (or None) and the seconds."""
    from rulesref.search import store

    _point_at(data_dir)
    if store.index_state() == "current" and not rebuild:
        return None
    started = time.perf_counter()
    report = store.build_generation()
    return report, time.perf_counter() - started


def generation_figures(data_dir: Path) -> dict:
    """What the live generation of ``data_dir`` holds: documents of each index, rows, bytes."""
    from whoosh import index as whoosh_index

    from rulesref.search import store
    from rulesref.search.integrity import current_generation, read_manifest

    _point_at(data_dir)
    generation = current_generation()
    manifest = read_manifest(generation)
    current, archive, rows = 0, 0, 0
    for language in manifest["documents"]:
        held, represented = store.represented(generation, language)
        current += held
        rows += represented
        folder = generation / "archive" / language
        if folder.is_dir():
            with whoosh_index.open_dir(str(folder)).searcher() as searcher:
                archive += searcher.doc_count()
    return {
        "generation": generation.name,
        "bytes": _bytes(generation),
        "current_bytes": sum(_bytes(generation / lang) for lang in manifest["documents"]),
        "archive_bytes": _bytes(generation / "archive"),
        "current_documents": current,
        "archive_documents": archive,
        "rows": rows,
    }


def growth(data_dir: Path, folder: Path) -> dict:
    """Per archive edition (oldest first): its rows, and the distinct documents it added to the archive
    index (texts no earlier edition printed): what the projection reads."""
    from rulesref.rules.models import Edition
    from rulesref.search import archive

    _point_at(data_dir)
    names = set(os.listdir(folder))
    by_language: dict[str, list] = {}
    for edition in Edition.objects.order_by("effective_date", "pk"):
        if edition.source_name.rsplit("/", 1)[-1] in names:
            by_language.setdefault(edition.language, []).append(edition.slug)
    editions_seen: dict[str, int] = {}
    added: dict[str, int] = {}
    started = time.perf_counter()
    for language, slugs in by_language.items():
        order = {slug: i for i, slug in enumerate(slugs)}
        for doc in archive.archive_documents(language):
            listed = [s for s in doc["editions"].split(",") if s in order]
            if listed:
                first = min(listed, key=order.__getitem__)
                added[first] = added.get(first, 0) + 1
            for slug in listed:
                editions_seen[slug] = editions_seen.get(slug, 0) + 1
    seconds = time.perf_counter() - started
    dated = [slug for slugs in by_language.values() for slug in slugs]
    return {
        "added": {slug: added.get(slug, 0) for slug in dated},
        "rows_in": {slug: editions_seen.get(slug, 0) for slug in dated},
        "documents_seconds": round(seconds, 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.search_archive", description=__doc__.split("\n")[0])
    parser.add_argument("--archive", type=Path, required=True, help="data dir with archive editions imported")
    parser.add_argument("--baseline", type=Path, help="the same without them (made from --archive if missing)")
    parser.add_argument(
        "--archive-folder",
        type=Path,
        default=_setup.ROOT.parent / "shared" / "archive",
        help="the archive folder the editions were imported from (default ../shared/archive)",
    )
    parser.add_argument("--reps", type=int, default=10, help="timed calls per query and data dir (default 10)")
    parser.add_argument("--project", type=int, default=125, help="editions to project the build to (default 125)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--json", action="store_true", help="print only the figures, as one JSON object")
    parser.add_argument("--rebuild", action="store_true", help="build the archive data dir's index even if current")
    args = parser.parse_args(argv)
    log = (lambda line: print(line, file=sys.stderr)) if args.json else print
    archive_dir = args.archive.resolve()
    baseline_dir = (args.baseline or archive_dir.with_name(archive_dir.name + "-baseline")).resolve()
    if not baseline_dir.exists():
        started = time.perf_counter()
        deleted = make_baseline(archive_dir, baseline_dir, args.archive_folder)
        log(f"baseline {baseline_dir}: {len(deleted)} archive editions deleted ({time.perf_counter() - started:.0f} s)")
    _setup.setup_django(data_dir=archive_dir)
    from rulesref.search import limits

    limits.QUERY_BUDGET_SECONDS = BUDGET_SECONDS
    data: dict = {"reps": args.reps, "clock": args.clock}
    built = build_if_stale(archive_dir, rebuild=args.rebuild)
    if built:
        data["build_seconds"] = round(built[1], 1)
        log(f"archive: index built in {built[1]:.1f} s")
    data["archive"] = generation_figures(archive_dir)
    data["growth"] = growth(archive_dir, args.archive_folder)
    # The baseline's database is another file: its index is built by a child process.
    import subprocess

    code = (
        "import json, time\n"
        "from benchmarks import _setup\n"
        "_setup.setup_django()\n"
        "from rulesref.search import store\n"
        "started = time.perf_counter()\n"
        "built = store.index_state() != 'current' and store.build_generation()\n"
        "print(json.dumps(round(time.perf_counter() - started, 1) if built else None))\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        cwd=_setup.ROOT,
        env={**os.environ, "RULESREF_DATA_DIR": str(baseline_dir)},
        capture_output=True,
        text=True,
    ).stdout
    baseline_seconds = json.loads(output.strip().splitlines()[-1])
    if baseline_seconds is not None:
        data["baseline_build_seconds"] = baseline_seconds
        log(f"baseline: index built in {baseline_seconds} s")
    data["baseline"] = generation_figures(baseline_dir)
    data.update(compare(archive_dir, baseline_dir, args))
    data.update(project(data, args.project))
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return
    report(data, args)


def compare(archive_dir: Path, baseline_dir: Path, args) -> dict:
    """The default mix against both data dirs: differing top 10s, and times interleaved."""
    from rulesref.search import clear_cache, search

    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    dirs = {"baseline": baseline_dir, "archive": archive_dir}
    tops: dict[str, dict[str, list]] = {name: {} for name in dirs}
    times: dict[str, dict[str, list[float]]] = {name: {} for name in dirs}
    for _kind, _lang, query in QUERIES:
        for name, path in dirs.items():
            _point_at(path)
            clear_cache()
            tops[name][query] = [_hit_signature(hit) for hit in search(query, limit=LIMIT).hits]
            times[name][query] = []
        for _ in range(args.reps):
            for name, path in dirs.items():
                _point_at(path)
                clear_cache()
                started = clock()
                search(query, limit=LIMIT)
                times[name][query].append(clock() - started)
    differing = [q for _, _, q in QUERIES if tops["baseline"][q] != tops["archive"][q]]
    figures = {}
    for name in dirs:
        samples = [t for q in times[name] for t in times[name][q]]
        figures[name] = {
            "p50_ms": round(percentile(samples, 0.5) * 1000, 2),
            "p95_ms": round(percentile(samples, 0.95) * 1000, 2),
            "mean_ms": round(statistics.fmean(samples) * 1000, 2),
        }
    ratio = round(figures["archive"]["p95_ms"] / figures["baseline"]["p95_ms"], 3)
    # Older editions, asked for: the archive data dir only.
    _point_at(archive_dir)
    asked = []
    for kind, query in ARCHIVE_QUERIES:
        samples, found = [], None
        for _ in range(max(3, args.reps // 2)):
            clear_cache()
            started = clock()
            found = search(query, limit=LIMIT, archive=kind == "archive")
            samples.append(clock() - started)
        first = found.hits[0] if found.hits else None
        text = next(iter(first.texts.values()), None) if first else None
        asked.append(
            {
                "kind": kind,
                "query": query,
                "hits": len(found.hits),
                "first": f"{first.number} ({text.edition})" if first and text else "",
                "matched": list(text.matched) if text else [],
                "median_ms": round(statistics.median(samples) * 1000, 1),
            }
        )
    return {
        "queries": len(QUERIES),
        "differing": differing,
        "times": figures,
        "p95_ratio": ratio,
        "asked": asked,
    }


def project(data: dict, editions: int) -> dict:
    """The build with ``editions`` archive editions, from this one: the current indexes as built, the
    archive index growing by the mean distinct documents an edition added after the first, and the reading
    of documents by the mean rows per edition."""
    growth_ = data["growth"]
    added = list(growth_["added"].values())
    rows = list(growth_["rows_in"].values())
    if not added or "build_seconds" not in data:
        return {}
    have = len(rows)
    later = added[1:] or added
    projected_documents = sum(added) + (editions - have) * statistics.fmean(later)
    projected_rows = sum(rows) + (editions - have) * statistics.fmean(rows)
    archive_documents = data["archive"]["archive_documents"] or 1
    # Seconds that scale with rows (reading and comparing every document) and with what is indexed.
    reading = growth_["documents_seconds"]
    indexing = max(0.0, data["build_seconds"] - reading)
    seconds = reading * projected_rows / max(1, sum(rows)) + indexing * (
        (data["archive"]["current_documents"] + projected_documents)
        / (data["archive"]["current_documents"] + archive_documents)
    )
    size = data["archive"]["current_bytes"] + data["archive"]["archive_bytes"] * projected_documents / archive_documents
    return {
        "projection": {
            "editions": editions,
            "archive_documents": round(projected_documents),
            "rows": round(projected_rows),
            "build_seconds": round(seconds),
            "bytes": round(size),
        }
    }


def report(data: dict, args) -> None:
    a, b = data["archive"], data["baseline"]
    print(f"default mix: {data['queries']} queries, {args.reps} timed calls each per data dir, interleaved")
    print(f"queries whose top {LIMIT} differ with the archive: {len(data['differing'])} (target 0)")
    for query in data["differing"]:
        print(f"  differs: {query}")
    t = data["times"]
    print(f"{'':<10} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8}")
    for name in ("baseline", "archive"):
        print(f"{name:<10} {t[name]['p50_ms']:>8.2f} {t[name]['p95_ms']:>8.2f} {t[name]['mean_ms']:>8.2f}")
    print(f"p95 archive / baseline: {data['p95_ratio']:.3f} (target ≤ 1.10)")
    print()
    print(f"{'index':<10} {'MB':>8} {'current docs':>13} {'archive docs':>13} {'rows':>9}")
    for name, g in (("baseline", b), ("archive", a)):
        print(
            f"{name:<10} {g['bytes'] / 1e6:>8.1f} {g['current_documents']:>13,} {g['archive_documents']:>13,} "
            f"{g['rows']:>9,}"
        )
    print(
        f"archive: current indexes {a['current_bytes'] / 1e6:.1f} MB, archive indexes {a['archive_bytes'] / 1e6:.1f} MB"
    )
    if "build_seconds" in data:
        print(f"archive: index build {data['build_seconds']} s")
    if "baseline_build_seconds" in data:
        print(f"baseline: index build {data['baseline_build_seconds']} s")
    g = data["growth"]
    print(
        f"archive editions: {len(g['rows_in'])}; distinct documents each added (oldest first): "
        + ", ".join(f"{slug} {n}" for slug, n in g["added"].items())
    )
    print(f"archive documents read and compared in {g['documents_seconds']} s")
    p = data.get("projection")
    if p:
        print(
            f"projected to {p['editions']} editions: {p['rows']:,} rows, {p['archive_documents']:,} archive documents, "
            f"build ≈ {p['build_seconds']} s, index ≈ {p['bytes'] / 1e6:.0f} MB"
        )
    print()
    print("older editions, asked for (archive data dir; median of the timed calls)")
    for item in data["asked"]:
        matched = f" matched in {len(item['matched'])} edition(s)" if item["matched"] else ""
        print(
            f"  {item['kind']:<8} {item['query']:<55} {item['hits']:>3} hits, first {item['first']}{matched}, "
            f"{item['median_ms']} ms"
        )


if __name__ == "__main__":
    main()
