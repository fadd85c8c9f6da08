"""A rule's trace: every edition of its language in which it exists, its number there and what changed,
newest first, with runs of unchanged editions collapsed ("unchanged from 2014-07-18 to 2016-04-08, 14
editions"), where it first appeared, where it was removed, and the other languages that have it.

Move-aware: the editions are joined by the store's alignment (the rule's **concept**, which the imports
build from the one-to-one ``EntryLink``\\ s of consecutive editions), never by the number; splits and merges
are read from the ``split``/``merged`` links that touch the rule. What a version is compared on is the
edition differences' (``editiondiff.entry_content``: title, text, examples; white space aside).

A fixed number of queries for any number of editions (the reason: a trace through 125 editions must
stay under a second cold): the game's editions (``editions_of``, kept per content version), the
rule's entries in every language (one query on the concept), their examples and citations (two), the
split and merge links that touch them (one). The result is kept per process under the game's content
version (``rules/selectors/cache.py``), so a second read is a look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from rulesref.rules.models import CrossReference, Edition, EditionAlignment, Entry, EntryLink, Example
from rulesref.rules.selectors import editions_of
from rulesref.rules.selectors.cache import versioned
from rulesref.rules.selectors.versions import game_fingerprint

from .editiondiff import references_diff, same_content, same_wording, text_diff
from .textdiff import DELETE, INSERT, Piece

ADDED, REWORDED, RENUMBERED, SPLIT, MERGED, REMOVED = "added", "reworded", "renumbered", "split", "merged", "removed"
# Only quotes, apostrophes or dashes printed otherwise ("it's" → "it’s"): shown, but not as a rewording.
TYPOGRAPHY = "typography"
KINDS = (ADDED, REWORDED, TYPOGRAPHY, RENUMBERED, SPLIT, MERGED, REMOVED)


@dataclass
class Step:
    """What happened to the rule in one edition, against the edition before it (of its language).

    ``changes`` is empty for an unchanged version (then the step goes into a :class:`Run`) and for the
    version in the oldest edition imported (``oldest``). ``entry`` is None where the rule was removed
    or merged away; ``before`` is the version in the previous edition, if it had one.
    """

    edition: Edition
    entry: Entry | None
    before: Entry | None = None
    changes: list[str] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    split_from: str = ""
    split_into: list[str] = field(default_factory=list)
    merged_into: str = ""
    merged_from: list[str] = field(default_factory=list)
    oldest: bool = False
    lost: list[str] = field(default_factory=list)  # cited rules the version before cited and this one does not
    gained: list[str] = field(default_factory=list)
    is_run = False

    @property
    def number(self) -> str:
        return self.entry.number if self.entry is not None else ""

    @property
    def previous_number(self) -> str:
        return self.before.number if self.before is not None else ""

    @property
    def unchanged(self) -> bool:
        return self.entry is not None and not self.changes and not self.oldest

    def as_json(self) -> dict:
        return {
            "edition": self.edition.slug,
            "number": self.number,
            "changes": list(self.changes),
            "previous_number": self.previous_number,
            "diff": [[piece.op, piece.text] for piece in self.pieces],
            "split_from": self.split_from,
            "split_into": list(self.split_into),
            "merged_into": self.merged_into,
            "merged_from": list(self.merged_from),
            "cited": {"lost": list(self.lost), "gained": list(self.gained)},
        }


@dataclass
class Run:
    """Consecutive editions in which the rule kept its number and text (oldest ``first``, newest ``last``)."""

    steps: list[Step]  # newest first
    is_run = True

    @property
    def first(self) -> Step:
        return self.steps[-1]

    @property
    def last(self) -> Step:
        return self.steps[0]

    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def number(self) -> str:
        return self.last.number

    def as_json(self) -> dict:
        return {
            "unchanged": {
                "from": self.first.edition.slug,
                "to": self.last.edition.slug,
                "editions": self.count,
                "number": self.number,
                "each": [step.edition.slug for step in self.steps],
            }
        }


@dataclass
class Translation:
    """The rule in another language: the newest edition there that has it, and in how many it is."""

    language: str
    edition: Edition
    entry: Entry
    editions: int


@dataclass
class Trace:
    entry: Entry
    steps: list[Step]  # newest first, only the editions where something is to be said
    translations: list[Translation]
    editions: int  # of the language

    @property
    def items(self) -> list[Step | Run]:
        """The steps with every run of unchanged versions as one :class:`Run`, newest first."""
        items: list[Step | Run] = []
        for step in self.steps:
            if step.unchanged:
                if items and isinstance(items[-1], Run):
                    items[-1].steps.append(step)
                else:
                    items.append(Run([step]))
            else:
                items.append(step)
        return items

    @property
    def present(self) -> list[Step]:
        return [step for step in self.steps if step.entry is not None]

    @property
    def first(self) -> Step | None:
        """The version in the oldest edition that has the rule."""
        present = self.present
        return present[-1] if present else None

    @property
    def removed(self) -> Step | None:
        """The step where the rule went away, if the newest edition of the language lacks it."""
        if self.steps and self.steps[0].entry is None:
            return self.steps[0]
        return None

    def as_json(self) -> dict:
        edition = self.entry.edition
        first, removed = self.first, self.removed
        return {
            "rule": {
                "game": edition.game.slug,
                "language": edition.language,
                "edition": edition.slug,
                "number": self.entry.number,
            },
            "first_appeared": first.edition.slug if first else None,
            "in_oldest_edition": bool(first and first.oldest),
            "removed_in": removed.edition.slug if removed else None,
            "editions": len(self.present),
            "history": [item.as_json() for item in self.items],
            "translations": [
                {
                    "language": t.language,
                    "edition": t.edition.slug,
                    "number": t.entry.number,
                    "editions": t.editions,
                }
                for t in self.translations
            ],
        }

    def lines(self) -> list[str]:
        """The trace as plain text, newest first (what ``rule_history`` prints)."""
        edition = self.entry.edition
        first, removed = self.first, self.removed
        head = f"{self.entry.number} ({edition.language}:{edition.slug})"
        lines = [f"History of {head}: in {len(self.present)} of {self.editions} editions"]
        if first is not None:
            oldest = " (the oldest edition here)" if first.oldest else ""
            lines.append(f"First appeared in {first.edition.slug} as {first.number}{oldest}")
        if removed is not None:
            into = f": merged into {removed.merged_into}" if removed.merged_into else ""
            lines.append(f"Removed in {removed.edition.slug}{into}")
        for item in self.items:
            if isinstance(item, Run):
                span = (
                    f"from {item.first.edition.slug} to {item.last.edition.slug}, {item.count} editions"
                    if item.count > 1
                    else f"in {item.last.edition.slug}, 1 edition"
                )
                lines.append(f"{item.number}  unchanged {span}")
                continue
            lines.append(f"{item.edition.slug}  {item.number or '—'}  {_describe(item)}")
            if item.pieces:
                lines.append(f"    {wdiff(item.pieces)}")
            if item.lost or item.gained:
                lines.append(f"    cited: {', '.join(item.lost) or '—'} → {', '.join(item.gained) or '—'}")
        for t in self.translations:
            lines.append(f"{t.language}: {t.entry.number} in {t.edition.slug} ({_editions(t.editions)})")
        return lines


def _editions(count: int) -> str:
    return "1 edition" if count == 1 else f"{count} editions"


def _describe(step: Step) -> str:
    if step.oldest:
        return "in the oldest edition here"
    words = []
    for kind in step.changes:
        if kind == RENUMBERED:
            words.append(f"renumbered {step.previous_number} → {step.number}")
        elif kind == SPLIT and step.split_from:
            words.append(f"split from {step.split_from}")
        elif kind == SPLIT:
            words.append(f"split: {', '.join(step.split_into)} split from it")
        elif kind == MERGED and step.merged_into:
            words.append(f"merged into {step.merged_into}")
        elif kind == MERGED:
            words.append(f"merged: {', '.join(step.merged_from)} merged into it")
        elif kind == REMOVED:
            words.append(f"removed (was {step.previous_number})")
        elif kind == TYPOGRAPHY:
            words.append("typography only (quotes, apostrophes, dashes)")
        else:
            words.append(kind)
    return "; ".join(words)


def wdiff(pieces: list[Piece]) -> str:
    """A word difference on one line, as ``wdiff`` prints it: ``[-old-]{+new+}``."""
    out = []
    for piece in pieces:
        text = " ".join(piece.text.split()) if "\n" in piece.text else piece.text
        if piece.op == DELETE:
            out.append(f"[-{text}-]")
        elif piece.op == INSERT:
            out.append(f"{{+{text}+}}")
        else:
            out.append(text)
    return "".join(out)


def _concept_entries(entry: Entry) -> list[Entry]:
    """The rule's entries in every edition of the game (one query), in source order."""
    if entry.concept_id is None:
        return [entry]
    return list(
        Entry.objects.filter(concept_id=entry.concept_id).defer("sort_key", "position").order_by("edition_id", "order")
    )


def _attach(entries: list[Entry], by_id: dict[int, Edition]) -> None:
    """Each entry's edition object, examples and citations (two queries for all of them)."""
    ids = [entry.pk for entry in entries]
    examples: dict[int, list] = {}
    references: dict[int, list] = {}
    for example in Example.objects.filter(entry_id__in=ids).order_by("entry_id", "order"):
        examples.setdefault(example.entry_id, []).append(example)
    for reference in CrossReference.objects.filter(entry_id__in=ids).order_by("entry_id", "id"):
        references.setdefault(reference.entry_id, []).append(reference)
    for entry in entries:
        entry.edition = by_id[entry.edition_id]
        entry.example_list = examples.get(entry.pk, [])
        entry.reference_list = references.get(entry.pk, [])


def _parts(ids: list[int]) -> list[tuple[int, int, str, str, str]]:
    """(source id, target id, relation, source number, target number) of every split or merge link of two
    consecutive editions that touches one of ``ids`` (one query; a translation's links are not its history)."""
    links = EntryLink.objects.filter(
        alignment__kind=EditionAlignment.Kind.SUCCESSOR, relation__in=(SPLIT, MERGED)
    ).filter(Q(source_id__in=ids) | Q(target_id__in=ids))
    return list(
        links.order_by("target__order", "source__order").values_list(
            "source_id", "target_id", "relation", "source__number", "target__number"
        )
    )


def _trace_key(entry: Entry):
    return entry.pk


def _trace_version(entry: Entry):
    return game_fingerprint(entry.edition.game.slug)


@versioned(key=_trace_key, version=_trace_version, size=512)
def rule_trace(entry: Entry) -> Trace:
    """The trace of ``entry``'s rule through every edition of its language (see the module's docstring)."""
    game, language = entry.edition.game.slug, entry.edition.language
    every = editions_of(game)
    editions = [edition for edition in every if edition.language == language][::-1]  # oldest first
    by_id = {edition.pk: edition for edition in every}
    by_id.setdefault(entry.edition_id, entry.edition)
    rows = _concept_entries(entry)
    # One version per edition: the entry asked for in its own edition, else the first printing there.
    own: dict[int, Entry] = {}
    others: dict[str, dict[int, Entry]] = {}
    for row in rows:
        if row.edition_id not in by_id:
            continue
        row_language = by_id[row.edition_id].language
        place = own if row_language == language else others.setdefault(row_language, {})
        kept = place.get(row.edition_id)
        if kept is None or (kept.duplicate_of_id and not row.duplicate_of_id):
            place[row.edition_id] = row
    own[entry.edition_id] = entry
    versions = list(own.values())
    _attach(versions, by_id)
    ids = [version.pk for version in versions]
    split_from, split_into, merged_into, merged_from = {}, {}, {}, {}
    for source, target, relation, source_number, target_number in _parts(ids):
        if relation == SPLIT:
            split_from.setdefault(target, source_number)
            split_into.setdefault(source, []).append(target_number)
        else:
            merged_into.setdefault(source, target_number)
            merged_from.setdefault(target, []).append(source_number)
    steps: list[Step] = []
    before: Entry | None = None
    seen = False
    for index, edition in enumerate(editions):
        here = own.get(edition.pk)
        if here is None:
            if before is not None:
                gone = Step(edition, None, before)
                if before.pk in merged_into:
                    gone.changes, gone.merged_into = [MERGED], merged_into[before.pk]
                else:
                    gone.changes = [REMOVED]
                steps.append(gone)
            before = None
            continue
        step = Step(edition, here, before)
        if before is None:
            if here.pk in split_from:
                step.changes, step.split_from = [SPLIT], split_from[here.pk]
            elif index == 0 and not seen:
                step.oldest = True
            else:
                step.changes = [ADDED]
        else:
            if before.number != here.number:
                step.changes.append(RENUMBERED)
            if not same_content(before, here):
                step.changes.append(TYPOGRAPHY if same_wording(before, here) else REWORDED)
                step.pieces = text_diff(before, here)
            step.lost, step.gained = references_diff(before, here)
            if before.pk in split_into:
                step.changes.append(SPLIT)
                step.split_into = split_into[before.pk]
            if here.pk in merged_from:
                step.changes.append(MERGED)
                step.merged_from = merged_from[here.pk]
        steps.append(step)
        before, seen = here, True
    steps.reverse()
    translations = []
    for other, found in sorted(others.items()):
        newest = max(found.values(), key=lambda row: _edition_order(by_id[row.edition_id]))
        newest.edition = by_id[newest.edition_id]
        translations.append(Translation(other, newest.edition, newest, len(found)))
    return Trace(entry, steps, translations, len(editions))


def _edition_order(edition: Edition) -> tuple:
    return (edition.effective_date is not None, edition.effective_date or edition.imported_at.date(), edition.pk)
