"""A release: one edition of a language against the edition before it, as the community's "rules changes"
pages show it (Yawgatog's, Academy Ruins'): how many rules were added, removed, reworded, renumbered,
split and merged, and every change with its difference.

Read from the stored whole-edition difference (``stored.py``: computed once per content version, at
import for consecutive editions), so a release page is one file read. The list of a language's
releases reads the counts the alignment stored with each pair of consecutive editions
(``EditionAlignment.counts``, one query for every release); the reworded rules, which the alignment does
not count, are on each release's page.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.rules.models import Edition, EditionAlignment
from rulesref.rules.selectors import editions_of

from .stored import StoredDiff, stored_diff

# The kinds a release counts, in the order its page lists them.
RELEASE_KINDS = ("added", "removed", "reworded", "renumbered", "split", "merged")


def release_kind(change: dict) -> str:
    """A stored change's kind as a release names it: a part split from a rule is ``split``, a rule merged
    into another ``merged``, a changed text ``reworded``, a moved rule ``renumbered``."""
    kind = change["kind"]
    if kind == "added":
        return "split" if change["split_from"] else "added"
    if kind == "removed":
        return "merged" if change["merged_into"] else "removed"
    return {"changed": "reworded", "moved": "renumbered"}.get(kind, kind)


def language_editions(game: str, language: str) -> list[Edition]:
    """The editions of one language, newest first (the game's snapshot: no query while the data is unchanged)."""
    return [edition for edition in editions_of(game) if edition.language == language]


def previous_edition(edition: Edition) -> Edition | None:
    """The edition of the same language just before ``edition`` (None for the oldest)."""
    editions = language_editions(edition.game.slug, edition.language)
    at = next(i for i, e in enumerate(editions) if e.pk == edition.pk)
    return editions[at + 1] if at + 1 < len(editions) else None


@dataclass
class Release:
    edition: Edition
    previous: Edition | None
    diff: StoredDiff | None

    def counts(self) -> dict[str, int]:
        found = dict.fromkeys(RELEASE_KINDS, 0)
        for change in self.diff.changes if self.diff else []:
            found[release_kind(change)] += 1
        return found

    def by_kind(self) -> list[tuple[str, list[dict]]]:
        """Every change grouped by its release kind (each group in rule order), with its index in the
        page order (``changes``), for linking to the page it is on."""
        groups: dict[str, list[dict]] = {kind: [] for kind in RELEASE_KINDS}
        for index, change in enumerate(self.diff.changes if self.diff else []):
            groups[release_kind(change)].append({**change, "index": index})
        return [(kind, items) for kind, items in groups.items() if items]


def release(edition: Edition) -> Release:
    previous = previous_edition(edition)
    return Release(edition, previous, stored_diff(previous, edition) if previous is not None else None)


def release_list(game: str, language: str) -> list[dict]:
    """Every edition of a language, newest first, with the edition before it and the alignment's counts of
    the pair (None where the two were not aligned as consecutive editions)."""
    editions = language_editions(game, language)
    counts = {
        (source, target): found
        for source, target, found in EditionAlignment.objects.filter(
            source__in=editions, target__in=editions, kind=EditionAlignment.Kind.SUCCESSOR
        )
        .order_by()
        .values_list("source_id", "target_id", "counts")
    }
    rows = []
    for at, edition in enumerate(editions):
        previous = editions[at + 1] if at + 1 < len(editions) else None
        found = counts.get((previous.pk, edition.pk)) if previous is not None else None
        rows.append({"edition": edition, "previous": previous, "counts": found})
    return rows
