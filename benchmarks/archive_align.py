"""Aligning every consecutive pair of archive editions: per-pair counts and seconds. Prints, asserts nothing.

    .venv/bin/python -m benchmarks.archive_align [--archive ../shared/archive] [--pair 20090501 20090708]

Pure Python, no database: each file is parsed (``parse_file``), its entries made into alignment items as
the import stores them (``concepts.edition_items``: title, text and examples; parent; citations), and each
file is aligned with the previous one that parses (files refused today are skipped and named). The time
is that of ``align_editions`` alone, best of ``--repeat`` runs. ``--pair OLD NEW`` (dates as in the file
names) aligns one pair and lists its links by method, with ``--show`` the moved ones side by side.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesref.rules.alignment import Item, align_editions, counts  # noqa: E402
from rulesref.rules.markup import to_plain  # noqa: E402
from rulesref.rules.parsers import ParseError, has_markup, parse_file  # noqa: E402
from rulesref.rules.parsers.base import ParseResult  # noqa: E402

COLUMNS = ("same_number", "moved", "split", "merged", "added", "removed")


def result_items(result: ParseResult, start: int = 0) -> list[Item]:
    """A parse result's entries as alignment items, ids ``start`` + index, built as ``edition_items`` does."""
    markup = has_markup(result.format)
    found = []
    for index, entry in enumerate(result.entries):
        parts = [entry.title] if entry.title and entry.title != entry.text else []
        parts.append(entry.text)
        parts.extend(example.text for example in entry.examples)
        text = "\n".join(p for p in parts if p)
        found.append(
            Item(
                id=start + index,
                kind=entry.kind,
                number=entry.number,
                text=to_plain(text) if markup else text,
                parent=start + entry.parent if entry.parent is not None else None,
                references=tuple(ref.target for ref in entry.cross_references),
                examples=len(entry.examples),
            )
        )
    return found


def editions(archive: Path) -> tuple[list[tuple[str, list[Item]]], list[str]]:
    """(file name, items) of every archive file that parses, in name (date) order; and the refused ones."""
    found, refused = [], []
    start = 0
    for path in sorted(archive.glob("mtg_cr_en_*.txt")):
        try:
            result = parse_file(path)
        except ParseError as error:
            refused.append(f"{path.name}: {str(error).split(': ', 1)[-1][:80]}")
            continue
        found.append((path.name, result_items(result, start)))
        start += len(result.entries) + 1
    return found, refused


def timed(repeat: int, old: list[Item], new: list[Item]):
    """(wall seconds, CPU seconds, links) of aligning the pair, the best of ``repeat`` runs each. The CPU
    time is the steadier figure on a machine shared with other work (the alignment runs on one core)."""
    wall = cpu = None
    links = None
    for _ in range(repeat):
        began, began_cpu = time.perf_counter(), time.process_time()
        links = align_editions(old, new)
        seconds, cpu_seconds = time.perf_counter() - began, time.process_time() - began_cpu
        wall = seconds if wall is None else min(wall, seconds)
        cpu = cpu_seconds if cpu is None else min(cpu, cpu_seconds)
    return wall, cpu, links


def show_pair(old: list[Item], new: list[Item], links, show: bool) -> None:
    by_id = {item.id: item for item in (*old, *new)}
    print(Counter((link.method, link.relation) for link in links).most_common())
    if show:
        for link in sorted(links, key=lambda link: link.source):
            if link.relation != "same":
                a, b = by_id[link.source], by_id[link.target]
                print(f"{a.number:>8} → {b.number:<8} {link.method:<10} {link.relation:<7} {link.score:.3f}")
                print(f"    {a.text[:150]!r}\n    {b.text[:150]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, default=ROOT.parent.parent / "shared" / "archive")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--pair", nargs=2, metavar=("OLD", "NEW"))
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    if not args.archive.is_dir():
        parser.error(f"{args.archive}: not a folder")
    found, refused = editions(args.archive)
    if args.pair:
        named = dict(found)
        old, new = (named[f"mtg_cr_en_{date}.txt"] for date in args.pair)
        seconds, cpu, links = timed(args.repeat, old, new)
        print(f"{args.pair[0]} → {args.pair[1]}: {seconds:.2f} s ({cpu:.2f} s CPU)", counts(links, old, new))
        show_pair(old, new, links, args.show)
        return
    for line in refused:
        print("skipped", line)
    print(f"{'pair':<19} " + " ".join(f"{c:>11}" for c in COLUMNS) + "  seconds      CPU")
    walls, cpus = [], []
    for (name_a, old), (name_b, new) in zip(found, found[1:], strict=False):
        seconds, cpu, links = timed(args.repeat, old, new)
        walls.append(seconds)
        cpus.append(cpu)
        figures = counts(links, old, new)
        pair = f"{name_a[10:18]}→{name_b[10:18]}"
        print(f"{pair:<19} " + " ".join(f"{figures[c]:>11}" for c in COLUMNS) + f"  {seconds:7.2f}  {cpu:7.2f}")
    for label, times in (("seconds", walls), ("CPU seconds", cpus)):
        times.sort()
        print(
            f"{len(times)} pairs, {label}: total {sum(times):.1f}, median {times[len(times) // 2]:.2f}, "
            f"slowest {times[-1]:.2f}"
        )


if __name__ == "__main__":
    main()
