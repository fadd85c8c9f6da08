"""Search quality on the development queries: MRR@10 and recall@10, overall, per kind and per language.

    RULESREF_DATA_DIR=/tmp/bench-data python -m benchmarks.search_quality [--queries FILE] [--all]

Each query of ``tests/search/queries.tsv`` runs through the search service exactly as the search page
runs it (no language or game given: the query's own ``lang:``/``game:``/``edition:`` filters apply).
A hit matches an expected answer when its game is the row's game and its number is the expected number
(glossary hits are numbered by their term). Figures:

- RR (reciprocal rank) = 1/rank of the row's *first* expected answer, the best one, in the top 10; 0 if
  it is not there. MRR@10 is its mean. A query is listed as failing exactly when its RR is below 1.
- RR(any) = 1/rank of the first hit that matches *any* expected answer (the textbook MRR), for reference.
- recall@10 = the fraction of the row's expected answers found in the top 10.

If the data dir has no rules or no current index, they are imported and built first (see ``_setup``);
``--rebuild`` builds a fresh index even when the database has not changed, which a change to the analyzers
or the schema needs (the index records the database it was built from, not the code).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import csv
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import _setup

QUERIES = _setup.ROOT / "tests" / "search" / "queries.tsv"
KINDS = ("term", "phrase", "prefix", "card", "inflection", "typo", "number", "cross", "boolean", "filter", "natural")
K = 10
# The time budget of a query while taking or comparing a snapshot (seconds).
SNAPSHOT_BUDGET_SECONDS = 60.0


@dataclass
class Row:
    query: str
    kind: str
    lang: str
    game: str
    expected: list[str]
    note: str


@dataclass
class Outcome:
    row: Row
    got: list[tuple[str, str, str]]  # (game, number, kind) of the top K hits
    corrected: str | None = None
    error: str | None = None
    seconds: float = 0.0
    ranks: dict[str, int] = field(default_factory=dict)  # expected number -> 1-based rank

    @property
    def rr(self) -> float:
        rank = self.ranks.get(self.row.expected[0])
        return 1.0 / rank if rank else 0.0

    @property
    def rr_any(self) -> float:
        return 1.0 / min(self.ranks.values()) if self.ranks else 0.0

    @property
    def recall(self) -> float:
        return len(self.ranks) / len(self.row.expected)


def load_queries(path: Path) -> list[Row]:
    rows = []
    with path.open(encoding="utf-8", newline="") as handle:
        for line, record in enumerate(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE), start=2):
            expected = [number.strip() for number in record["expected"].split(",") if number.strip()]
            if record["kind"] not in KINDS or not expected:
                raise SystemExit(f"{path}:{line}: unknown kind {record['kind']!r} or no expected answer")
            rows.append(Row(record["query"], record["kind"], record["lang"], record["game"], expected, record["note"]))
    return rows


def evaluate(rows: list[Row]) -> list[Outcome]:
    from benchmarks._ours import ours

    service = ours()
    outcomes = []
    for row in rows:
        service.clear_cache()
        started = time.perf_counter()
        results = service.search(row.query, limit=K)
        seconds = time.perf_counter() - started
        got = [(hit.game, hit.number, hit.kind) for hit in results.hits[:K]]
        outcome = Outcome(row, got, corrected=results.corrected, error=results.error, seconds=seconds)
        for rank, (game, number, _kind) in enumerate(got, start=1):
            if game == row.game and number in row.expected:
                outcome.ranks.setdefault(number, rank)
        outcomes.append(outcome)
    return outcomes


def _summary(outcomes: list[Outcome]) -> tuple[int, float, float, float]:
    n = len(outcomes)
    return (
        n,
        sum(o.rr for o in outcomes) / n,
        sum(o.rr_any for o in outcomes) / n,
        sum(o.recall for o in outcomes) / n,
    )


def _table(title: str, groups: dict[str, list[Outcome]]) -> list[str]:
    lines = [f"{title:<12} {'n':>3} {'MRR@10':>7} {'MRR(any)':>8} {'recall@10':>9}"]
    for name, outcomes in groups.items():
        n, mrr, mrr_any, recall = _summary(outcomes)
        lines.append(f"{name:<12} {n:>3} {mrr:>7.3f} {mrr_any:>8.3f} {recall:>9.3f}")
    return lines


def _label(game: str, number: str, kind: str, row: Row) -> str:
    label = number or f"({kind})"  # notes have no number
    return label if game == row.game else f"{game}:{label}"


def report(outcomes: list[Outcome], *, show_all: bool = False) -> list[str]:
    lines = []
    lines += _table("overall", {"all": outcomes})
    lines.append("")
    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    by_lang: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        by_kind[outcome.row.kind].append(outcome)
        by_lang[outcome.row.lang].append(outcome)
    lines += _table("kind", {kind: by_kind[kind] for kind in KINDS if kind in by_kind})
    lines.append("")
    lines += _table("language", dict(sorted(by_lang.items())))
    failing = [o for o in outcomes if o.rr < 1.0]
    lines.append("")
    lines.append(f"first expected answer not at rank 1: {len(failing)} of {len(outcomes)}")
    for outcome in outcomes if show_all else failing:
        row = outcome.row
        best = outcome.ranks.get(row.expected[0])
        got = ", ".join(_label(*hit, row) for hit in outcome.got[:3]) or "(nothing)"
        extra = f"; corrected to {outcome.corrected!r}" if outcome.corrected else ""
        extra += f"; error: {outcome.error}" if outcome.error else ""
        lines.append(
            f"  [{row.kind}/{row.lang}] {row.query!r}: expected {','.join(row.expected[:4])}"
            f"{'…' if len(row.expected) > 4 else ''} | best at rank {best or '>10'} | got {got}{extra}"
        )
    seconds = sorted(o.seconds for o in outcomes)
    lines.append("")
    lines.append(
        f"{len(outcomes)} queries, cold service cache: median {seconds[len(seconds) // 2] * 1000:.1f} ms, "
        f"slowest {seconds[-1] * 1000:.1f} ms"
    )
    return lines


def snapshot(rows: list[Row], *, limit: int = K) -> dict:
    """The top ``limit`` of every query: game, number, kind, alignment key, and each language's edition
    and snippet. Two snapshots equal means a change left every result as it was."""
    from benchmarks._ours import ours

    service = ours()
    data = {}
    for row in rows:
        service.clear_cache()
        results = service.search(row.query, limit=limit)
        data[row.query] = [
            [hit.game, hit.number, hit.kind, hit.key]
            + [[lang, text.edition, str(text.snippet)] for lang, text in sorted(hit.texts.items())]
            for hit in results.hits
        ]
    return data


def compare(before: dict, after: dict) -> list[str]:
    """Queries whose top 10 (rules in order) or shown texts differ between two snapshots."""
    lines = []
    for query, hits in before.items():
        new = after.get(query)
        if [h[:4] for h in hits] != [h[:4] for h in new or []]:
            lines.append(f"  top 10 changed: {query!r}: {[h[1] for h in hits]} → {[h[1] for h in new or []]}")
        elif hits != new:
            lines.append(f"  texts changed: {query!r}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.search_quality", description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=Path, default=QUERIES, help=f"TSV of queries (default {QUERIES})")
    parser.add_argument("--all", action="store_true", help="list every query, not only the failing ones")
    parser.add_argument(
        "--budget",
        type=float,
        help="each query's time budget in seconds (default: the request's); on a busy machine a large one "
        "measures the rankings rather than the load",
    )
    parser.add_argument(
        "--rebuild",
        action="store_true",
        help="build a fresh index generation first (after a change to the search code)",
    )
    parser.add_argument("--snapshot", type=Path, help="write the top 10 of every query (with texts) to this JSON file")
    parser.add_argument(
        "--compare", type=Path, help="compare the top 10 of every query with a snapshot; exit 1 if any changed"
    )
    args = parser.parse_args(argv)
    data_dir = _setup.setup_django()
    if _setup.ensure_index() is None and args.rebuild:
        built = _setup.build_index()
        print(f"rebuilt {sum(built.documents.values())} documents in {built.seconds} s")
    rows = load_queries(args.queries)
    print(f"data dir {data_dir}; {len(rows)} queries from {args.queries}")
    if args.budget:
        from rulesref.search import limits

        limits.QUERY_BUDGET_SECONDS = args.budget
    if args.snapshot or args.compare:
        import json

        from rulesref.search import limits

        # The proof compares rankings, not the machine's load: with the request's time budget a question
        # cut short on a busy machine shows less one run than the next. Each query gets a minute.
        limits.QUERY_BUDGET_SECONDS = SNAPSHOT_BUDGET_SECONDS
        current = snapshot(rows)
        if args.snapshot:
            args.snapshot.write_text(json.dumps(current, ensure_ascii=False, indent=0), encoding="utf-8")
            print(f"wrote the top {K} of {len(rows)} queries to {args.snapshot}")
        if args.compare:
            before = json.loads(args.compare.read_text(encoding="utf-8"))
            changed = compare(before, current)
            tops = sum(1 for line in changed if "top 10" in line)
            print(
                f"compared with {args.compare}: {tops} of {len(before)} top 10s changed, "
                f"{len(changed) - tops} more with changed texts"
            )
            for line in changed:
                print(line)
            if tops:
                raise SystemExit(1)
        return
    for line in report(evaluate(rows), show_all=args.all):
        print(line)


if __name__ == "__main__":
    main()
