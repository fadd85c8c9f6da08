"""Edition differences and translation freshness, computed once per content version and kept on disk.

A diff of two whole editions (``editiondiff.edition_diff`` and every text difference) takes
0.5–1.3 s on the corpora and a freshness report 0.3–0.6 s: too slow for a page. Both are computed
once, by :func:`comparisons_refresh` right after an import (``import_rules``, ``quickstart``), or by
the first page that asks for a pair nobody computed yet, and kept as plain data in files of the data
dir, so a page only reads them, also after a server restart::

    <data dir>/comparisons/          Django's file-based cache (one file per key, written to a
        <md5 of the key>.djcache     temporary file and renamed: readers never see half a file)

    key  diff:<FORMAT>:<old edition id>:<new edition id>:<game fingerprint>
         freshness:<FORMAT>:<translation edition id>:<game fingerprint>

The game fingerprint (``rules.selectors.content_version``) changes with every import of an edition
of the game (its ``imported_at``) and every glossary sync; an alignment is only rebuilt by an
import. So a re-import is a new key and the next read computes the new difference: nothing is
cleared in place and a writer need not know the files exist. Keys of older versions are left to
the cache's own culling (``MAX_ENTRIES``). ``FORMAT`` changes when the shape of the data does.

Why files and not a table or Django's default cache: the default cache is per process and empty
after a restart; a table would make a GET write to the database when it computes a pair first,
which under SQLite can wait for an import's write lock. A file write takes no lock.

What is kept is plain data (dicts, lists, strings, numbers), everything a page renders: numbers,
texts, text-difference pieces, links. Pages page and summarise it (``views.py``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.core.cache.backends.filebased import FileBasedCache

from rulesref.rules.models import Edition, EditionAlignment, Entry, EntryLink
from rulesref.rules.selectors import content_version, current_edition_ids, number_under, same_rule_in

from .editiondiff import CHANGED, KINDS, MOVED, UNCHANGED, chapter_of, chapter_titles, edition_diff
from .freshness import FreshnessReport, freshness_report
from .textdiff import Piece, changed

logger = logging.getLogger(__name__)

FORMAT = 4
# Old versions of a key stay until the cache culls them: a third of the files once there are this many.
MAX_ENTRIES = 2000


def _store() -> FileBasedCache:
    # Made per call from the settings in force, so a test's private data dir gets its own files.
    return FileBasedCache(
        str(settings.DATA_DIR / "comparisons"), {"TIMEOUT": None, "OPTIONS": {"MAX_ENTRIES": MAX_ENTRIES}}
    )


def _kept(key: str, compute) -> dict:
    store = _store()
    try:
        found = store.get(key)
    except Exception:  # a file from another version of the code, or cut short: compute it again
        logger.warning("comparisons: could not read %s; computing it again", key, exc_info=True)
        found = None
    if found is None:
        found = compute()
        try:
            store.set(key, found)
        except OSError:
            # A read-only or full data dir: the page is still right, only not kept.
            logger.warning("comparisons: could not keep %s", key, exc_info=True)
    return found


def diff_key(old: Edition, new: Edition) -> str:
    return f"diff:{FORMAT}:{old.pk}:{new.pk}:{content_version(old.game.slug).fingerprint}"


def freshness_key(translation: Edition) -> str:
    return f"freshness:{FORMAT}:{translation.pk}:{content_version(translation.game.slug).fingerprint}"


# ---------------------------------------------------------------------------------------------------
# Edition differences


def diff_data(old: Edition, new: Edition) -> dict:
    """Everything a diff page shows of two whole editions, as plain data (every text difference too)."""
    diff = edition_diff(old, new)
    changes, unchanged = [], []
    for change in diff.changes:
        if change.kind == UNCHANGED:
            unchanged.append(change.number)
            continue
        entry = change.new or change.old
        lost, gained = change.references
        pieces = [(piece.op, piece.text) for piece in change.pieces] if change.kind in (CHANGED, MOVED) else []
        changes.append(
            {
                "kind": change.kind,
                "old_number": change.old.number if change.old else "",
                "new_number": change.new.number if change.new else "",
                "anchor": change.anchor,
                "split_from": change.split_from,
                "merged_into": change.merged_into,
                "method": change.method,
                "score": change.score,
                "language": entry.edition.language,
                "title": entry.title,
                "text": entry.text,
                "pieces": pieces,
                "lost": lost,
                "gained": gained,
            }
        )
    titles = chapter_titles(new, old)
    return {
        "changes": changes,
        "unchanged": unchanged,
        "titles": titles,
        "chapters": by_chapter(changes, unchanged, titles),
    }


class _WithPieces:
    """A stored row with word differences: ``pieces_data``, the (op, text) pairs as stored, read as
    ``Piece``s by the templates; ``of`` builds the row from its stored dict, less ``DROPPED`` keys."""

    DROPPED: tuple[str, ...] = ()

    @classmethod
    def of(cls, data: dict):
        data = {key: value for key, value in data.items() if key not in cls.DROPPED}
        data["pieces_data"] = data.pop("pieces")
        return cls(**data)

    @cached_property
    def pieces(self) -> list[Piece]:
        return [Piece(op, text) for op, text in self.pieces_data]


@dataclass
class StoredChange(_WithPieces):
    """One change of a stored diff, with the names ``compare/_change.html`` reads."""

    kind: str
    old_number: str
    new_number: str
    anchor: str
    split_from: str
    merged_into: str
    method: str
    score: float | None
    language: str
    title: str
    text: str
    pieces_data: list
    lost: list
    gained: list

    @property
    def number(self) -> str:
        return self.new_number or self.old_number

    @property
    def text_changed(self) -> bool:
        return changed(self.pieces)

    @property
    def references(self) -> tuple[list[str], list[str]]:
        return (self.lost, self.gained)

    @property
    def method_label(self) -> str:
        if self.method in EntryLink.Method.values:
            return str(EntryLink.Method(self.method).label)
        return self.method


@dataclass
class StoredDiff:
    """The changes of two editions (within a scope, if given) as a page shows them."""

    old: Edition
    new: Edition
    scope: str
    changes: list[dict]  # every change but the unchanged rules, in the new edition's order (``diff_data``)
    chapters: list[dict]  # counts per chapter, in chapter order (as ``EditionDiff.by_chapter``)

    def counts(self) -> dict[str, int]:
        return {kind: sum(chapter[kind] for chapter in self.chapters) for kind in KINDS}

    @staticmethod
    def rows(changes: list[dict]) -> list[StoredChange]:
        """The changes a page renders, as objects (a page renders a few of them)."""
        return [StoredChange.of(change) for change in changes]


def by_chapter(changes: list[dict], unchanged: list[str], titles: dict[str, str]) -> list[dict]:
    chapters: dict[str, dict[str, int]] = {}
    for change in changes:
        number = change["new_number"] or change["old_number"]
        chapters.setdefault(chapter_of(number), dict.fromkeys(KINDS, 0))[change["kind"]] += 1
    for number in unchanged:
        chapters.setdefault(chapter_of(number), dict.fromkeys(KINDS, 0))[UNCHANGED] += 1
    return [
        {"chapter": chapter, "title": titles.get(chapter, ""), **counts}
        for chapter, counts in sorted(chapters.items(), key=lambda item: _chapter_sort(item[0]))
    ]


def _chapter_sort(chapter: str) -> tuple:
    return (0, int(chapter), "") if chapter.isdigit() else (1, 0, chapter)


def stored_diff(old: Edition, new: Edition, scope: str = "") -> StoredDiff:
    """The diff of ``old`` and ``new``, read from the store (computed and kept first if it is not there).

    With a scope, the changes of the whole diff whose old rule is under the scope in the old edition,
    or whose new rule is under it in the new edition's numbering (the number the scope's own rule has
    there: Берсерк's 107 is 108 in Heroes), as ``edition_diff(old, new, scope)`` pairs them.
    """
    data = _kept(diff_key(old, new), lambda: diff_data(old, new))
    if not scope:
        return StoredDiff(old, new, scope, data["changes"], data["chapters"])
    changes = data["changes"]
    there = next((c["new_number"] for c in changes if c["old_number"] == scope and c["new_number"]), None)
    if there is None:
        there = scope  # unchanged (the same number) or not in the old edition
    changes = [c for c in changes if number_under(c["old_number"], scope) or number_under(c["new_number"], there)]
    unchanged = [n for n in data["unchanged"] if number_under(n, scope) or number_under(n, there)]
    return StoredDiff(old, new, scope, changes, by_chapter(changes, unchanged, data["titles"]))


# ---------------------------------------------------------------------------------------------------
# Translation freshness


def freshness_data(report: FreshnessReport) -> dict:
    """Everything a freshness page shows, as plain data: the numbers of the fresh rules, the stale rules
    with their source difference, the missing rules with their links and their places in the newest
    source's order (the summary's runs are read from them)."""
    stale = [
        {
            "number": item.entry.number,
            "url": item.entry.get_absolute_url(),
            "reason": item.reason,
            "text": item.translation_text,
            "source_number": item.source.number if item.source else "",
            "newest_number": item.newest.number if item.newest else "",
            "pieces": [(piece.op, piece.text) for piece in item.pieces],
            # The rule page's stale notice (panels.py) finds its rules by these.
            "ids": (item.entry.pk, item.source.pk if item.source else None, item.newest.pk if item.newest else None),
        }
        for item in report.stale
    ]
    missing = [(entry.number, entry.get_absolute_url()) for entry in report.missing]
    position = {entry.pk: index for index, entry in enumerate(report.newest_rules)}
    return {
        "source": report.source.pk,
        "newest": report.newest_source.pk,
        "fresh": [entry.number for entry in report.fresh],
        "stale": stale,
        "missing": missing,
        "positions": [position[entry.pk] for entry in report.missing],
    }


def _runs(positions: list[int]) -> list[tuple[int, int]]:
    """(first, last) index into the missing rules of each run of them that are next to each other in
    the newest source's order (``positions``: each missing rule's place in that order)."""
    runs: list[tuple[int, int]] = []
    for index, here in enumerate(positions):
        if runs and positions[index - 1] == here - 1:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    return runs


@dataclass
class StoredStale(_WithPieces):
    """A stale translated rule, with the names ``compare/_freshness.html`` reads."""

    number: str
    url: str
    reason: str
    text: str
    source_number: str
    newest_number: str
    pieces_data: list

    # The entry ids a stored report keeps for the rule pages' stale notices (``stale_ids``); a row shown on
    # the freshness page does not need them.
    DROPPED = ("ids",)


@dataclass
class MissingRun:
    """Missing rules that follow each other in the newest source: ``first``–``last``."""

    first: tuple[str, str]  # (number, url)
    last: tuple[str, str]
    count: int
    index: int  # of ``first`` in the full list


@dataclass
class StoredFreshness:
    translation: Edition
    source: Edition
    newest_source: Edition
    scope: str
    fresh: int
    stale: list[StoredStale]
    missing: list[tuple[str, str]]  # (number, url), in the newest source's order
    runs: list[MissingRun]

    @property
    def up_to_date(self) -> bool:
        return self.source.pk == self.newest_source.pk

    def as_json(self) -> dict:
        from .selection import edition_key

        return {
            "source": edition_key(self.source),
            "newest_source": edition_key(self.newest_source),
            "fresh": self.fresh,
            "stale": [item.number for item in self.stale],
            "missing": [number for number, _url in self.missing],
        }


def stored_freshness(translation: Edition, scope: str = "") -> StoredFreshness:
    """The freshness of ``translation``, read from the store (computed and kept first if it is not there).

    With a scope: the fresh and stale rules of the translation under the scope in its own numbering, and
    the missing rules under the number the scope's own rule has in the newest source (the Initiative's
    722 in 2023 is 723 in 2024), as ``freshness_report(translation, scope)`` reads them; a rule of the
    newest source counts as missing when the translation lacks it anywhere (the report of a scope alone
    counts one translated outside the scope too).
    """
    data = _kept(freshness_key(translation), lambda: freshness_data(freshness_report(translation)))
    editions = Edition.objects.select_related("game").in_bulk([data["source"], data["newest"]])
    source, newest = editions[data["source"]], editions[data["newest"]]
    fresh, stale = data["fresh"], data["stale"]
    missing, positions = [tuple(item) for item in data["missing"]], data["positions"]
    if scope:
        there = _scope_in(translation, newest, scope)
        fresh = [number for number in fresh if number_under(number, scope)]
        stale = [item for item in stale if number_under(item["number"], scope)]
        kept = [index for index, (number, _url) in enumerate(missing) if number_under(number, there)]
        missing, positions = [missing[i] for i in kept], [positions[i] for i in kept]
    runs = [MissingRun(missing[first], missing[last], last - first + 1, first) for first, last in _runs(positions)]
    return StoredFreshness(
        translation, source, newest, scope, len(fresh), [StoredStale.of(item) for item in stale], missing, runs
    )


def stale_ids(translation: Edition) -> dict[int, tuple[str, int | None, int | None]]:
    """entry id → (reason, source entry id, newest source entry id) for the stale rules of
    ``translation``, from the store (what a rule page's stale notice needs)."""
    data = _kept(freshness_key(translation), lambda: freshness_data(freshness_report(translation)))
    return {item["ids"][0]: (item["reason"], item["ids"][1], item["ids"][2]) for item in data["stale"]}


def _scope_in(translation: Edition, newest: Edition, scope: str) -> str:
    """The number the translation's rule ``scope`` has in ``newest`` (``scope`` itself when it has none)."""
    root = Entry.objects.in_edition(translation).filter(number=scope, duplicate_of__isnull=True).first()
    there = same_rule_in(root, newest) if root is not None else None
    return there.number if there is not None else scope


# ---------------------------------------------------------------------------------------------------
# Computing ahead


def comparisons_refresh(*, game: str) -> Iterator[str]:
    """Compute and keep what the pages of ``game`` will ask for first: the difference of each language's
    current edition with the one before it (older → newer, as aligned at import) and the freshness of
    every translation edition. What is already kept for the current version is not computed again.
    Yields one line per computed item, with its time. Any other pair (two older editions, an older
    edition against a much newer one, newer → older) is computed by its first page and kept from then
    on: with the archive imported, every consecutive pair again after each import took 75 s."""
    pairs = (
        EditionAlignment.objects.filter(game__slug=game, kind=EditionAlignment.Kind.SUCCESSOR)
        .select_related("source__game", "target__game")
        .order_by("source__language", "source__effective_date", "pk")
    )
    current = current_edition_ids(game)
    store = _store()
    for alignment in pairs:
        old, new = alignment.source, alignment.target
        if old.language != new.language or new.pk not in current:
            continue
        key = diff_key(old, new)
        if store.has_key(key):
            continue
        start = time.perf_counter()
        _kept(key, lambda old=old, new=new: diff_data(old, new))
        yield f"kept the differences {old.language}:{old.slug} → {new.slug} ({time.perf_counter() - start:.1f} s)"
    translations = Edition.objects.for_game(game).filter(translates__isnull=False).select_related("game", "translates")
    for translation in translations:
        key = freshness_key(translation)
        if store.has_key(key):
            continue
        start = time.perf_counter()
        _kept(key, lambda translation=translation: freshness_data(freshness_report(translation)))
        yield f"kept the freshness of {translation.language}:{translation.slug} ({time.perf_counter() - start:.1f} s)"
