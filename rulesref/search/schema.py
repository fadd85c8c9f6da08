"""One Whoosh schema per content language.

Every language has the same fields; only the analyzer of ``text`` differs, and
Japanese adds a character-bigram field beside its morphological one.
"""

from __future__ import annotations

from collections.abc import Iterable

from whoosh.columns import NumericColumn, VarBytesColumn
from whoosh.fields import COLUMN, ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from rulesref.core.languages import CONTENT_LANGUAGES

from .analysis import analyzer_for, bigram_analyzer

# Languages whose main text field is morphological and get a bigram field too.
BIGRAM_COMPANION = {"ja"}


def schema_for(language: str, *, texts: Iterable[str] | None = None) -> Schema:
    """The schema of one language's index; ``texts``: what it will hold, for an analyzer that reads them
    (German compounds, ``analysis.reads_texts``)."""
    analyzer = analyzer_for(language, texts=texts)
    fields = {
        # "e<entry pk>" or "g<glossary entry pk>".
        "doc_id": ID(stored=True, unique=True),
        # Columns (sortable): ranking reads them for every hit without unpickling the
        # stored text, which is loaded only for the hits shown.
        "game": ID(stored=True, sortable=True),
        "edition": ID(stored=True, sortable=True),
        "lang": ID(stored=True),
        "kind": ID(stored=True, sortable=True),
        "number": ID(stored=True, sortable=True),
        # The alignment key: "mtg:208.2a"; glossary and notes get keys of their own.
        "key": ID(stored=True, sortable=True),
        # "1" for documents of the newest edition of their game and language.
        "latest": ID(),
        "order": NUMERIC(stored=True, sortable=True),
        "title": STORED(),
        # The section a rule is in, as (number, title): ("121", "Drawing a Card"); shown beside a hit.
        "section": STORED(),
        "text": TEXT(analyzer=analyzer, stored=True, spelling=True),
        # The topic a rule introduces: its section's title, given to the section's first
        # rule (208.1 under "208. Power/Toughness"), which is where a term is defined.
        "heading": TEXT(analyzer=analyzer),
        # The names this document defines, as indexed words, comma-separated (a section's title, a
        # keyword rule's name, a glossary term, the names its sentences define): definitions.
        "defines": KEYWORD(commas=True, sortable=True),
        # Rule numbers, card names and symbols, matched before analysis.
        "keywords": KEYWORD(lowercase=True, commas=True, scorable=True),
        # Numbers this document cites.
        "cites": KEYWORD(commas=True, stored=True),
        # The keys of the rules a glossary entry cites (documents.entry_key).
        "cite_keys": STORED(),
        # The archive index only (``archive.py``): the editions printing a document's text, newest first,
        # as words (``edition:``) and as a column, and how many database rows it stands for.
        "editions": KEYWORD(commas=True),
        # Columns only (not indexed: an ID or NUMERIC field would add terms that no query asks for).
        "edition_list": COLUMN(VarBytesColumn()),
        "rows": COLUMN(NumericColumn("I")),
    }
    if language in BIGRAM_COMPANION:
        fields["bigrams"] = TEXT(analyzer=bigram_analyzer())
    for name in ("text", "heading", "bigrams"):
        if name in fields and language_uses_bigrams(language, name):
            # One typed word gives several bigrams: they must stand together, as a phrase.
            fields[name].multitoken_query = "phrase"
    return Schema(**fields)


def language_uses_bigrams(language: str, field: str) -> bool:
    return field == "bigrams" or CONTENT_LANGUAGES[language].analyzer == "cjk-bigram"
