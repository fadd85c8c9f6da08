"""Speed of the translator workbench on the real data: prints figures, asserts nothing.

    RULESREF_DATA_DIR=/tmp/bench-data RULESREF_CORPORA=/work/shared/corpora \
        .venv/bin/python -m benchmarks.compare [--repeat 3]

Imports the seeds and the corpora first when the data dir holds no rules (as quickstart does, without
the search index, which the workbench does not use). Each figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse

from benchmarks._setup import best, ensure_rules, setup_django


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    setup_django()
    from django.test import Client

    from rulesref.compare.editiondiff import edition_diff
    from rulesref.compare.exports import tmx_document
    from rulesref.compare.freshness import freshness_report
    from rulesref.compare.sidebyside import side_by_side
    from rulesref.rules.models import Edition

    ensure_rules()

    def edition(language, slug, game="mtg"):
        return Edition.objects.select_related("game", "translates").get(game__slug=game, language=language, slug=slug)

    en23, en24, en25 = edition("en", "2023-06-16"), edition("en", "2024-09-20"), edition("en", "2025-04-04")
    zh, it24 = edition("zh-hans", "2024-09-20"), edition("it", "2024-10-02")
    figures = [
        ("side_by_side en|zh|en25 scope 208", lambda: len(side_by_side([en24, zh, en25], "208").rows)),
        ("side_by_side en|zh|en25 chapter 7", lambda: len(side_by_side([en24, zh, en25], "7").rows)),
        ("side_by_side en|zh whole edition", lambda: len(side_by_side([en24, zh], "").rows)),
        ("edition_diff en 2023 → 2024 (counts)", lambda: edition_diff(en23, en24).counts()["changed"]),
        ("edition_diff en 2023 → 2025, not neighbours", lambda: edition_diff(en23, en25).counts()["changed"]),
        (
            "edition_diff en 2023 → 2024 + every text diff",
            lambda: sum(len(c.pieces) for c in edition_diff(en23, en24).shown),
        ),
        ("freshness it 2024-10-02 (whole)", lambda: len(freshness_report(it24).stale)),
        ("freshness zh-hans (whole)", lambda: len(freshness_report(zh).stale)),
        ("tmx en|zh whole edition (bytes)", lambda: len(tmx_document(side_by_side([en24, zh], "")))),
    ]
    print(f"best of {args.repeat} runs")
    for label, func in figures:
        seconds, result = best(args.repeat, func)
        print(f"{label:<50} {seconds * 1000:8.0f} ms   ({result})")
    client = Client()
    pages = [
        "/compare/?game=mtg&c=en:2024-09-20&c=it:2024-10-02&c=it:2023-06-16&c=ja&scope=208",
        "/compare/?game=mtg&c=en:2024-09-20&c=zh-hans&c=en:2025-04-04&scope=7",
        "/compare/diff/?game=mtg&from=en:2023-06-16&to=en:2024-09-20",
        "/compare/freshness/?game=mtg&edition=zh-hans:2024-09-20",
        "/compare/concordance/?game=mtg&c=en:2024-09-20&c=zh-hans&q=toughness",
        "/compare/consistency/?game=mtg&edition=zh-hans:2024-09-20",
    ]
    for url in pages:
        seconds, response = best(args.repeat, lambda url=url: client.get(url))
        print(f"GET {url:<90} {seconds * 1000:7.0f} ms  {len(response.content) / 1024:7.0f} KiB")


if __name__ == "__main__":
    main()
