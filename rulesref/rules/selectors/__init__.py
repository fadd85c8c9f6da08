"""The store's reads, by subject. Views, templates, commands and the other apps read the rules through
these (``from rulesref.rules import selectors``; ``selectors.aligned_edition``), never by building
queries of their own.

- ``versions``: what a page depends on (``content_version``: its ETag, and the version cached reads
  are kept under);
- ``editions``: which editions there are, fetching one (the queries are ``EditionQuerySet`` methods);
- ``entries``: one edition's entries (contents, an entry and what is under it, neighbours, where its
  cross-references lead, scopes with their examples and references attached);
- ``alignment``: "the same rule" in another edition or language, and the entry pairs of two editions;
  every read of a rule elsewhere goes through it;
- ``glossary``: printed glossaries, the term list and its forms; ``cards``: card names and mentions;
- ``reports``: what an import report says about unresolved references and aligned pairs;
- ``cache``: the one per-process cache the reads above use, keyed by content version.
"""

from __future__ import annotations

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
from .cards import card_named, card_names, entries_mentioning, some_cards
from .editions import (
    current_edition_ids,
    edition_by_slug,
    edition_counts,
    edition_named,
    editions_by_key,
    editions_by_slug,
    editions_of,
    fallback_editions,
    game_editions,
    home_listing,
    newest_edition,
    newest_edition_like,
    with_counts,
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
    entry_numbered,
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
    definition_of,
    definitions_for,
    game_terms,
    glossary_definitions,
    glossary_editions,
    glossary_entries_named,
    glossary_equivalents,
    glossary_pairs,
    glossary_terms,
    has_glossary,
    printed_glossary_terms,
    term_forms,
    term_ids,
    terms_with_forms,
)
from .reports import alignment_summary, numbering_differences, unresolved_references
from .versions import ContentVersion, content_version

__all__ = [
    "ContentVersion",
    "content_version",
    "editions_of",
    "edition_named",
    "newest_edition",
    "newest_edition_like",
    "with_counts",
    "current_edition_ids",
    "edition_by_slug",
    "edition_counts",
    "game_editions",
    "home_listing",
    "editions_by_key",
    "editions_by_slug",
    "fallback_editions",
    "LEVELS",
    "TocItem",
    "table_of_contents",
    "entries_numbered",
    "entry_numbered",
    "subtree",
    "children_of",
    "ancestors",
    "neighbours",
    "nearest_numbers",
    "editions_with_number",
    "reference_targets",
    "cited_by",
    "entries_numbered_in",
    "entries_using",
    "number_under",
    "entries_under",
    "numbered_entries",
    "attach_parts",
    "source_date",
    "aligned_edition",
    "same_rule_in",
    "aligned_entries",
    "rule_history",
    "alternates_by_entry",
    "entries_of_concepts",
    "pair_links",
    "pair_counts",
    "entry_pairs",
    "glossary_terms",
    "glossary_entries_named",
    "Form",
    "term_forms",
    "terms_with_forms",
    "term_ids",
    "has_glossary",
    "definitions_for",
    "definition_of",
    "glossary_equivalents",
    "glossary_editions",
    "glossary_pairs",
    "printed_glossary_terms",
    "game_terms",
    "glossary_definitions",
    "card_named",
    "card_names",
    "some_cards",
    "entries_mentioning",
    "unresolved_references",
    "numbering_differences",
    "alignment_summary",
]
