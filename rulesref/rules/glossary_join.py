"""Which terms of an imported glossary are concepts of the bundled term list (pure reads).

The bundled list (``rules_data/glossary/terms.toml``) names each concept with its forms per
language; an edition's glossary (the Берсерк one, the CR's) names terms as its document prints
them. A glossary term is joined to a concept when it equals one of the concept's forms in the
glossary's language and game, ignoring case and the ё/е spelling («Отражение удара» is the
concept ``strike-parry`` through its form «отражение удара»). Nothing is written: the import
report lists the joins and the terms left unjoined, for a person to extend the term list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from . import glossary_data


@dataclass(frozen=True)
class TermJoin:
    term: str  # as the glossary prints it
    key: str  # the concept's key in terms.toml
    form: str  # the form it matched


@dataclass
class GlossaryJoin:
    joined: list[TermJoin] = field(default_factory=list)
    unjoined: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "joined": [{"term": j.term, "key": j.key, "form": j.form} for j in self.joined],
            "unjoined": self.unjoined,
        }


def fold(text: str) -> str:
    """The spelling two forms are compared in: case folded, ё as е, spaces collapsed."""
    return " ".join(text.casefold().replace("ё", "е").split())


def join_terms(
    terms: Iterable[str], concepts: Iterable[glossary_data.TermData], *, game: str, language: str
) -> GlossaryJoin:
    """Join each glossary term to the concept (of ``game``) with that form in ``language``."""
    forms: dict[str, tuple[str, str]] = {}
    for concept in concepts:
        if concept.game != game:
            continue
        for form in concept.forms.get(language, []):
            forms.setdefault(fold(form), (concept.key, form))
    result = GlossaryJoin()
    for term in terms:
        found = forms.get(fold(term))
        if found is None:
            result.unjoined.append(term)
        else:
            result.joined.append(TermJoin(term=term, key=found[0], form=found[1]))
    return result


def join_bundled(terms: Iterable[str], *, game: str, language: str, directory: Path) -> GlossaryJoin:
    """:func:`join_terms` against the term list in ``directory`` (``rules_data/glossary``).

    Raises ``glossary_data.GlossaryDataError`` when the term list cannot be read.
    """
    return join_terms(terms, glossary_data.load_terms(directory / "terms.toml"), game=game, language=language)
