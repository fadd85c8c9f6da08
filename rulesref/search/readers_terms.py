"""How readers type a game's terms in languages whose editions lack the rules they name
(``rules_data/search/terms.toml``): "トランプル", "travolgere" and "пробивной удар" also ask for "trample"
and "践踏". The Italian and Japanese MTG editions are rule 208 and there is no Russian one, so aligned
editions derive nothing for these words (``derivation``).

Search only: each generation's vocabulary holds them after its own concepts, and nothing else reads them
(the pages, the term list and its TBX read ``rules_data/glossary/terms.toml``). The file has that one's
layout and is checked by the same reader. Read once per process at query time, with no index rebuild; a
damaged file disables these terms, never a search: the problem is kept for the system check (``checks``)
and the log, naming file, line and reason.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path

from django.conf import settings

from rulesref.rules.glossary_data import GlossaryDataError, load_terms

from .expansion import Concept

logger = logging.getLogger(__name__)

# A concept's key here: "typed:trample" (the term list's are "term:…", card names "card:…").
KEY_PREFIX = "typed:"


def path() -> Path:
    return Path(settings.RULES_DATA_DIR) / "search" / "terms.toml"


def read(file: Path) -> tuple[Concept, ...]:
    """The concepts of ``file`` (none when there is no such file); raises GlossaryDataError naming file,
    line and reason."""
    if not file.exists():
        return ()
    return tuple(
        Concept(f"{KEY_PREFIX}{term.key}", term.game, {lang: tuple(forms) for lang, forms in term.forms.items()})
        for term in load_terms(file)
    )


@cache
def _loaded() -> tuple[tuple[Concept, ...], str]:
    try:
        return read(path()), ""
    except GlossaryDataError as error:
        logger.warning("readers' terms disabled: %s", error)
        return (), str(error)


def concepts() -> tuple[Concept, ...]:
    return _loaded()[0]


def filling_gaps(prints: Callable[[str, str, str], bool]) -> tuple[Concept, ...]:
    """The concepts, each without the forms that ``prints(language, form, game)`` says another game's
    rules in that language print (the rules of the concept's own game are what it asks for): a readers'
    term fills a gap, it never shadows what the reader's own rules say. Russian "защитник" is Берсерк's
    defender, printed in its rules: it does not also ask for MTG's defender (702.3, which would come
    first for defining it); "пробивной удар", which no Russian rule prints, does ask for trample. A
    concept left with forms in fewer than two languages is dropped."""
    kept = []
    for concept in concepts():
        forms = {
            language: tuple(form for form in forms if not prints(language, form, concept.game))
            for language, forms in concept.forms.items()
        }
        forms = {language: found for language, found in forms.items() if found}
        if len(forms) >= 2:
            kept.append(Concept(concept.key, concept.game, forms))
    return tuple(kept)


def problem() -> str:
    """Why the readers' terms are disabled ("" when they are not)."""
    return _loaded()[1]
