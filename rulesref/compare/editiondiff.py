"""What changed between two editions of one language, rule by rule, from the alignment.

Rules are paired by the store's alignment (``EntryLink``: consecutive editions are
linked directly, others through their concepts), never by bare numbers, so a rule
that moved is **moved** (Берсерк's 107.2–107.5 → 108.2–108.5), not removed and added:

- ``moved``: paired, but printed under another number (its text may have changed too);
- ``changed``: the same number, a different text (title, text or examples);
- ``unchanged``: the same number and the same text (white space aside);
- ``added`` / ``removed``: no partner on the other side. A part split from a rule
  is added (and says which rule it was split from); a rule merged into another is
  removed (and says into which).

Each change carries its word-level (alphabetic scripts) or character-level (CJK)
difference and the citations it gained or lost.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from rulesref.core.formatting import edition_label
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.models import Edition, Entry, EntryLink
from rulesref.rules.selectors import (
    attach_parts,
    entries_under,
    entry_pairs,
    numbered_entries,
    rule_history,
    same_rule_in,
)

from .parts import examples_of, references_of
from .textdiff import Piece, by_character, changed, diff_texts

ADDED, REMOVED, CHANGED, MOVED, UNCHANGED = "added", "removed", "changed", "moved", "unchanged"
KINDS = (ADDED, REMOVED, CHANGED, MOVED, UNCHANGED)


def entry_content(entry: Entry) -> str:
    """What a reader compares of one entry: its title, text and examples, one per line."""
    label = CONTENT_LANGUAGES[entry.edition.language].example_label
    parts = [entry.title] if entry.title and entry.title != entry.text else []
    parts.append(entry.text)
    # Each example under the label it is printed with ("Example A:"), else the language's ("Example:").
    parts.extend(f"{example.label or label} {example.text}" for example in examples_of(entry))
    return "\n".join(part for part in parts if part)


def same_content(a: Entry, b: Entry) -> bool:
    return _squeeze(entry_content(a)) == _squeeze(entry_content(b))


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# Typographic forms a new edition may print for the same words (the archive's English editions moved from
# ASCII quotes to typographic ones in 2014): "it's" and "it’s" are one wording.
TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "...", "\u00a0": " "})


def same_wording(a: Entry, b: Entry) -> bool:
    """The same words, whatever the quotes, apostrophes and dashes are printed as ("--" is a dash too);
    a U+FFFD that a damaged file printed for one of them (2005-10-01's "who\ufffdve") stands for any
    character that is not a letter or a digit."""
    old, new = _plain_typography(entry_content(a)), _plain_typography(entry_content(b))
    if old == new:
        return True
    if len(old) != len(new) or REPLACEMENT not in old + new:
        return False
    return all(
        x == y or (REPLACEMENT in (x, y) and not (x + y).replace(REPLACEMENT, "").isalnum())
        for x, y in zip(old, new, strict=True)
    )


REPLACEMENT = "\ufffd"


def _plain_typography(text: str) -> str:
    return _squeeze(text.translate(TYPOGRAPHY).replace("--", "-"))


def text_diff(old: Entry, new: Entry) -> list[Piece]:
    script = CONTENT_LANGUAGES[new.edition.language].script
    return diff_texts(entry_content(old), entry_content(new), by_character=by_character(script))


def references_diff(old: Entry, new: Entry) -> tuple[list[str], list[str]]:
    """Cited numbers ``old`` has and ``new`` has not, and the other way round (in citing order)."""
    before = [ref.target_number for ref in references_of(old)]
    after = [ref.target_number for ref in references_of(new)]
    lost = Counter(before) - Counter(after)
    gained = Counter(after) - Counter(before)
    return [n for n in dict.fromkeys(before) if lost[n]], [n for n in dict.fromkeys(after) if gained[n]]


def chapter_of(number: str) -> str:
    """The chapter a number belongs to in its edition: ``208.3a`` → ``2``, ``2`` → ``2``."""
    head = number.split(".", 1)[0]
    return head[0] if len(head) == 3 and head.isdigit() else head


@dataclass
class Change:
    kind: str
    old: Entry | None
    new: Entry | None
    method: str = ""
    score: float | None = None
    split_from: str = ""
    merged_into: str = ""

    @cached_property
    def pieces(self) -> list[Piece]:
        """The text difference (computed when first asked: a page shows a few, a count needs none)."""
        if self.old is None or self.new is None or self.kind == UNCHANGED:
            return []
        return text_diff(self.old, self.new)

    @cached_property
    def references(self) -> tuple[list[str], list[str]]:
        if self.old is None or self.new is None:
            return ([], [])
        return references_diff(self.old, self.new)

    @property
    def method_label(self) -> str:
        """How the pair was found, in the interface language ("text similarity")."""
        if self.method in EntryLink.Method.values:
            return str(EntryLink.Method(self.method).label)
        return self.method

    @property
    def number(self) -> str:
        return (self.new or self.old).number

    @property
    def chapter(self) -> str:
        return chapter_of(self.number)

    @property
    def text_changed(self) -> bool:
        return changed(self.pieces)

    @property
    def anchor(self) -> str:
        entry = self.new or self.old
        return f"d-{'new' if self.new else 'old'}-{entry.pk}"


@dataclass
class EditionDiff:
    old: Edition
    new: Edition
    scope: str
    changes: list[Change]

    def of_kind(self, kind: str) -> list[Change]:
        return [change for change in self.changes if change.kind == kind]

    @property
    def shown(self) -> list[Change]:
        """Every change but the unchanged rules."""
        return [change for change in self.changes if change.kind != UNCHANGED]

    def counts(self) -> dict[str, int]:
        found = Counter(change.kind for change in self.changes)
        return {kind: found[kind] for kind in KINDS}

    def by_chapter(self, titles: dict[str, str] | None = None) -> list[dict]:
        """Counts per chapter, in chapter order."""
        chapters: dict[str, Counter] = {}
        for change in self.changes:
            chapters.setdefault(change.chapter, Counter())[change.kind] += 1
        return [
            {
                "chapter": chapter,
                "title": (titles or {}).get(chapter, ""),
                **{kind: counts[kind] for kind in KINDS},
            }
            for chapter, counts in sorted(chapters.items(), key=lambda item: _chapter_sort(item[0]))
        ]

    def as_json(self) -> dict:
        return {
            "added": [change.number for change in self.of_kind(ADDED)],
            "removed": [change.number for change in self.of_kind(REMOVED)],
            "changed": [change.number for change in self.of_kind(CHANGED)],
            "moved": [{"from": change.old.number, "to": change.new.number} for change in self.of_kind(MOVED)],
            "unchanged": len(self.of_kind(UNCHANGED)),
        }


def _chapter_sort(chapter: str) -> tuple:
    return (0, int(chapter), "") if chapter.isdigit() else (1, 0, chapter)


def chapter_titles(*editions: Edition) -> dict[str, str]:
    """Chapter number → title, from the first of ``editions`` that prints it."""
    titles: dict[str, str] = {}
    for edition in editions:
        for number, title in (
            Entry.objects.in_edition(edition).filter(kind=Entry.Kind.CHAPTER).values_list("number", "title")
        ):
            titles.setdefault(number, title)
    return titles


def edition_diff(old: Edition, new: Edition, scope: str = "") -> EditionDiff:
    """Every rule of ``old`` and ``new`` (within ``scope``, if given) with what happened to it.

    With a scope, a rule of either edition under it is shown with its partner, even
    when the partner is numbered outside the scope (Берсерк's 107.2 is 108.2 now).
    """
    pairs = entry_pairs(old, new)
    if scope:
        old_entries = entries_under(old, scope)
        root = next((e for e in old_entries if e.number == scope and not e.duplicate_of_id), None)
        there = same_rule_in(root, new) if root is not None else None
        new_entries = entries_under(new, there.number if there is not None else scope)
        old_entries, new_entries = _with_partners(old, new, old_entries, new_entries, pairs)
    else:
        old_entries, new_entries = numbered_entries(old), numbered_entries(new)
    old_by_id = {entry.pk: entry for entry in old_entries}
    new_by_id = {entry.pk: entry for entry in new_entries}
    primary: dict[int, tuple] = {}  # new id → (old id, method, score)
    partner_of_old: dict[int, int] = {}
    split_from: dict[int, int] = {}
    merged_into: dict[int, int] = {}
    for source, target, method, relation, score in pairs:
        if relation in ("same", "moved"):
            if source in old_by_id and target in new_by_id:
                primary[target] = (source, method, score)
                partner_of_old[source] = target
        elif relation == "split":
            split_from[target] = source
        elif relation == "merged":
            merged_into[source] = target
    numbers_old = dict(Entry.objects.filter(pk__in=list(split_from.values())).values_list("pk", "number"))
    numbers_new = dict(Entry.objects.filter(pk__in=list(merged_into.values())).values_list("pk", "number"))
    placed: list[tuple[tuple, Change]] = []
    for entry in new_entries:
        if entry.pk in primary:
            old_id, method, score = primary[entry.pk]
            before = old_by_id[old_id]
            if before.number != entry.number:
                kind = MOVED
            elif same_content(before, entry):
                kind = UNCHANGED
            else:
                kind = CHANGED
            change = Change(kind, before, entry, method, score)
        else:
            change = Change(ADDED, None, entry, split_from=numbers_old.get(split_from.get(entry.pk), ""))
        placed.append(((entry.order, 0, 0), change))
    # A removed rule goes after the change of the rule that preceded it in the old edition.
    after = -1
    for entry in old_entries:
        if entry.pk in partner_of_old:
            after = new_by_id[partner_of_old[entry.pk]].order
            continue
        change = Change(REMOVED, entry, None, merged_into=numbers_new.get(merged_into.get(entry.pk), ""))
        placed.append(((after, 1, entry.order), change))
    placed.sort(key=lambda item: item[0])
    return EditionDiff(old, new, scope, [change for _, change in placed])


def _with_partners(old, new, old_entries, new_entries, pairs) -> tuple[list[Entry], list[Entry]]:
    """Both lists completed with the partners of their entries, each in source order."""
    old_ids = {entry.pk for entry in old_entries}
    new_ids = {entry.pk for entry in new_entries}
    paired = [(source, target) for source, target, _m, relation, _s in pairs if relation in ("same", "moved")]
    more_new = {target for source, target in paired if source in old_ids and target not in new_ids}
    more_old = {source for source, target in paired if target in new_ids and source not in old_ids}
    if more_new:
        found = attach_parts(list(Entry.objects.filter(pk__in=more_new).exclude(number="")), new)
        new_entries = sorted(new_entries + found, key=lambda entry: entry.order)
    if more_old:
        found = attach_parts(list(Entry.objects.filter(pk__in=more_old).exclude(number="")), old)
        old_entries = sorted(old_entries + found, key=lambda entry: entry.order)
    return old_entries, new_entries


def diff_label(diff: EditionDiff) -> str:
    """ "English · 20 September 2024 → English · 4 April 2025": the page's heading and title."""
    return f"{edition_label(diff.old)} → {edition_label(diff.new)}"


@dataclass
class Version:
    """One edition's version of a rule, and how it differs from the next older version."""

    edition: Edition
    entry: Entry | None
    change: Change | None = None  # None: the oldest version, or absent


def rule_versions(entry: Entry) -> list[Version]:
    """The rule in every edition of its language, newest first, each compared with the version
    before it (``moved``, ``changed`` or ``unchanged``; ``added`` where it first appears)."""
    versions = [Version(edition, found) for edition, found in rule_history(entry)]
    present = [version for version in versions if version.entry is not None]
    for newer, older in zip(present, present[1:], strict=False):
        before, after = older.entry, newer.entry
        if before.number != after.number:
            kind = MOVED
        elif same_content(before, after):
            kind = UNCHANGED
        else:
            kind = CHANGED
        newer.change = Change(kind, before, after)
    if present and present[-1] is not versions[-1]:
        present[-1].change = Change(ADDED, None, present[-1].entry)
    return versions
