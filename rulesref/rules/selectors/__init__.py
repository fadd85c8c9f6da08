"""Reads that span several models: where a cross-reference leads."""

from __future__ import annotations

from django.db.models import F, Q

from ..models import (
    Card,
    Edition,
    Entry,
)
from .alignment import (
    aligned_edition,
    aligned_entries,
    alternates_by_entry,
    entries_of_concepts,
    entry_pairs,
    pair_counts,
    pair_links,
    rule_history,
    same_rule_in,
    source_date,
)
from .editions import (
    edition_by_slug,
    edition_named,
    edition_slugs,
    editions_of,
    fallback_editions,
    game_editions,
    home_listing,
    newest_edition,
    newest_edition_like,
)
from .entries import (
    LEVELS,
    TocItem,
    ancestors,
    attach_parts,
    children_of,
    cited_by,
    editions_with_number,
    entries_numbered,
    entries_numbered_in,
    entries_under,
    entries_using,
    nearest_numbers,
    neighbours,
    number_under,
    numbered_entries,
    reference_targets,
    subtree,
    table_of_contents,
)
from .glossary import (
    Form,
    _vocabulary,
    definitions_for,
    game_terms,
    glossary_definitions,
    glossary_entries_named,
    glossary_equivalents,
    glossary_terms,
    has_glossary,
    term_forms,
    term_ids,
    terms_with_forms,
)
from .reports import alignment_summary, numbering_differences, unresolved_references
from .versions import ContentVersion, content_version

__all__ = [
    "ContentVersion",
    "Form",
    "LEVELS",
    "TocItem",
    "aligned_edition",
    "aligned_entries",
    "alignment_summary",
    "alternates_by_entry",
    "ancestors",
    "attach_parts",
    "card_named",
    "card_names",
    "children_of",
    "cited_by",
    "content_version",
    "definitions_for",
    "edition_by_slug",
    "edition_named",
    "edition_slugs",
    "editions_of",
    "editions_with_number",
    "entries_mentioning",
    "entries_numbered",
    "entries_numbered_in",
    "entries_of_concepts",
    "entries_under",
    "entries_using",
    "entry_pairs",
    "fallback_editions",
    "game_editions",
    "game_terms",
    "glossary_definitions",
    "glossary_entries_named",
    "glossary_equivalents",
    "glossary_terms",
    "has_glossary",
    "home_listing",
    "nearest_numbers",
    "neighbours",
    "newest_edition",
    "newest_edition_like",
    "number_under",
    "numbered_entries",
    "numbering_differences",
    "pair_counts",
    "pair_links",
    "reference_targets",
    "rule_history",
    "same_rule_in",
    "source_date",
    "subtree",
    "table_of_contents",
    "term_forms",
    "term_ids",
    "terms_with_forms",
    "unresolved_references",
]


# ---------------------------------------------------------------------------
# Import reports


# ---------------------------------------------------------------------------
# Alignment reads: which edition and which entry is "the same rule" elsewhere.
# Every page that shows a rule in another language or edition goes through these.


# ---------------------------------------------------------------------------
# Reads for the browser pages (table of contents, entry pages, glossary, cards).
# Anything that finds "the same rule" in another edition goes through the alignment
# reads above, or is marked below as a look-up by number that must follow them.


# Glossary -----------------------------------------------------------------


# Cards --------------------------------------------------------------------


def card_named(game: str, key: str) -> Card | None:
    return Card.objects.filter(game__slug=game, key=key).prefetch_related("names").first()


def card_names(game: str, language: str) -> dict[str, str]:
    """{name as printed in ``language``: card key}, for linking card names in rule text."""
    return dict(_vocabulary(game)[1].get(language, {}))


def entries_mentioning(card: Card) -> list[tuple[Edition, list[Entry]]]:
    """Every entry, in every edition, whose text or examples name the card in any language."""
    condition = Q()
    for name in card.names.all():
        condition |= Q(text__contains=name.name) | Q(examples__text__contains=name.name)
    if not condition:
        return []
    rows = (
        Entry.objects.filter(condition, edition__game_id=card.game_id)
        .select_related("edition__game")
        .defer("edition__report")
        .distinct()
        .order_by("edition__language", F("edition__effective_date").desc(nulls_last=True), "edition_id", "order")
    )
    grouped: dict[int, tuple[Edition, list[Entry]]] = {}
    for entry in rows:
        grouped.setdefault(entry.edition_id, (entry.edition, []))[1].append(entry)
    return list(grouped.values())


# Sitemap ------------------------------------------------------------------


# Reads for the translator workbench (rulesref/compare): scopes, concepts, pairs.
