"""Glossary pages: term slugs and the order readers expect.

Terms are sorted with the Unicode Collation Algorithm (``pyuca``), not by code point:
Ё sorts right after Е (code points put it before А), accented Italian letters sort
with their base letter, and kana in the order of the Japanese syllabary.
"""

from __future__ import annotations

import functools
import unicodedata

from django.utils.text import slugify


@functools.lru_cache(maxsize=1)
def collator():
    # Loading the collation table takes a moment: once per process.
    import pyuca

    return pyuca.Collator()


@functools.lru_cache(maxsize=20000)
def collation_key(text: str):
    return collator().sort_key(text.casefold())


def term_slug(term: str) -> str:
    """``Active Player, Nonactive Player Order`` → ``active-player-nonactive-player-order``;
    ``防御力`` → ``防御力``; a term with no letters at all keeps its characters' names."""
    slug = slugify(term, allow_unicode=True)
    if not slug:
        slug = slugify("-".join(unicodedata.name(ch, "x") for ch in term)) or "term"
    return slug


def initial(term: str) -> str:
    """The letter a term is listed under: its first letter without accents, upper case."""
    for ch in term:
        if ch.isalnum():
            base = unicodedata.normalize("NFD", ch)[0]
            return base.upper()
    return "#"
