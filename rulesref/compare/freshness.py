"""Translation freshness: which translated rules still follow the newest source text.

A translation edition records the source edition it translates (``Edition.translates``:
Italian 2024-10-02 translates English 2024-09-20). When the source language has a
newer edition (English 2025-04-04), each translated rule is

- **fresh** when its source rule reads the same in the newest source edition
  (title, text and examples, white space aside);
- **stale** when it does not: the rule changed (208.2a's example says "As this
  creature enters" in 2025), was removed from the newest source, or has no source
  rule at all; the stale rule's page shows the source difference beside it;

and a rule of the newest source that the translation lacks is **missing**.

Rules are followed through their concepts (translation → source → newest source),
so a renumbered source rule is still the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.utils.translation import gettext as _

from rulesref.core.formatting import edition_label
from rulesref.rules.models import Edition, Entry
from rulesref.rules.selectors import (
    entries_of_concepts,
    entries_under,
    newest_edition_like,
    numbered_entries,
    same_rule_in,
)

from .editiondiff import entry_content, same_content, text_diff
from .selection import SelectionError, edition_key
from .textdiff import Piece

CHANGED, REMOVED, UNALIGNED = "changed", "removed", "no-source"


@dataclass
class StaleRule:
    entry: Entry  # the translated rule
    reason: str  # CHANGED, REMOVED or UNALIGNED
    source: Entry | None  # the rule it translates
    newest: Entry | None  # that rule in the newest source edition

    @property
    def translation_text(self) -> str:
        """The translated rule as a reader compares it: title, text and examples."""
        return entry_content(self.entry)

    @property
    def source_number(self) -> str:
        return self.source.number if self.source else ""

    @property
    def newest_number(self) -> str:
        return self.newest.number if self.newest else ""

    @cached_property
    def pieces(self) -> list[Piece]:
        # Cached: the page reads it more than once per rule, and a word diff of a long rule costs
        # milliseconds.
        if self.source is None or self.newest is None:
            return []
        return text_diff(self.source, self.newest)


@dataclass
class FreshnessReport:
    translation: Edition
    source: Edition
    newest_source: Edition
    scope: str = ""
    fresh: list[Entry] = field(default_factory=list)
    stale: list[StaleRule] = field(default_factory=list)
    missing: list[Entry] = field(default_factory=list)  # rules of the newest source
    newest_rules: list[Entry] = field(default_factory=list)  # every rule of the newest source in scope

    @property
    def up_to_date(self) -> bool:
        return self.source.pk == self.newest_source.pk

    @cached_property
    def stale_by_entry(self) -> dict[int, StaleRule]:
        return {item.entry.pk: item for item in self.stale}

    def as_json(self) -> dict:
        return {
            "source": edition_key(self.source),
            "newest_source": edition_key(self.newest_source),
            "fresh": len(self.fresh),
            "stale": [item.entry.number for item in self.stale],
            "missing": [entry.number for entry in self.missing],
        }


def source_of(translation: Edition) -> Edition:
    if translation.translates_id is None:
        raise SelectionError(
            _("%(edition)s states no source edition it translates, so its freshness cannot be judged")
            % {"edition": edition_label(translation)}
        )
    return translation.translates


def freshness_report(translation: Edition, scope: str = "") -> FreshnessReport:
    """Fresh, stale and missing rules of ``translation`` (within ``scope``, if given)."""
    source = source_of(translation)
    newest = newest_edition_like(source)
    if scope:
        translated = entries_under(translation, scope)
        root = next((e for e in translated if e.number == scope and not e.duplicate_of_id), None)
        there = same_rule_in(root, newest) if root is not None else None
        newest_rules = entries_under(newest, there.number if there is not None else scope)
    else:
        translated = numbered_entries(translation)
        newest_rules = numbered_entries(newest)
    concepts = {entry.concept_id for entry in translated if entry.concept_id is not None}
    in_source = entries_of_concepts(source, concepts)
    in_newest = {entry.concept_id: entry for entry in newest_rules if entry.concept_id is not None}
    in_newest.update(entries_of_concepts(newest, concepts - set(in_newest)))
    report = FreshnessReport(translation, source, newest, scope, newest_rules=newest_rules)
    for entry in translated:
        original = in_source.get(entry.concept_id)
        now = in_newest.get(entry.concept_id)
        if original is None:
            report.stale.append(StaleRule(entry, UNALIGNED, None, now))
        elif now is None:
            report.stale.append(StaleRule(entry, REMOVED, original, None))
        elif original.pk != now.pk and not same_content(original, now):
            report.stale.append(StaleRule(entry, CHANGED, original, now))
        else:
            report.fresh.append(entry)
    report.missing = [entry for entry in newest_rules if entry.concept_id not in concepts]
    return report


def translation_editions(game: str) -> list[Edition]:
    """Every edition of ``game`` that states (or was matched to) the edition it translates."""
    return list(
        Edition.objects.for_game(game)
        .filter(translates__isnull=False)
        .select_related("game", "translates")
        .order_by("language", "slug")
    )
