"""The words of a game: each edition's printed glossary, the bundled term list (terms and their forms
per language) and card names, as the glossary pages, the marking of rule text and the workbench read
them.

The term list and card names of a game (``_vocabulary``) are read once per content version, the
terms of one edition's glossary (``_glossary_index``) once per import of it (``cache.py``). A
glossary entry's equivalent in another language is found through the alignment (``alignment.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.core.games import get_game
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.scripts import UNSPACED_SCRIPTS

from .. import glossary_usage
from ..glossary import term_slug
from ..models import CardName, Edition, Entry, GlossaryEntry, Term, TermForm
from .alignment import aligned_edition, same_rule_in
from .cache import versioned
from .editions import editions_of
from .versions import game_fingerprint


def glossary_terms(edition: Edition) -> list[str]:
    """The terms of an edition's glossary as printed, in source order."""
    return list(GlossaryEntry.objects.filter(edition=edition).order_by("position").values_list("term", flat=True))


def glossary_entries_named(edition: Edition, terms: list[str]) -> list[GlossaryEntry]:
    entries = list(GlossaryEntry.objects.filter(edition=edition, term__in=terms).order_by("position"))
    for entry in entries:
        entry.edition = edition
    return entries


@versioned(version=game_fingerprint, size=32)
def _vocabulary(game: str) -> tuple[list[tuple[int, str, str, str, bool]], dict[str, dict[str, str]]]:
    """The term list and card names of ``game``, read once per change of the data:
    ([(term id, term key, language, form, preferred)…], {language: {card name: card key}})."""
    forms = list(
        TermForm.objects.filter(term__game__slug=game)
        .order_by("term__key", "language", "-preferred", "form")
        .values_list("term_id", "term__key", "language", "form", "preferred")
    )
    names: dict[str, dict[str, str]] = {}
    for language, name, key in CardName.objects.filter(card__game__slug=game).values_list(
        "language", "name", "card__key"
    ):
        names.setdefault(language, {})[name] = key
    return forms, names


@dataclass(frozen=True)
class Form:
    term_id: int
    key: str
    language: str
    form: str
    preferred: bool


def term_forms(game: str, language: str) -> list[Form]:
    """The bundled term list's forms in ``language``, preferred forms first."""
    forms, _names = _vocabulary(game)
    return [Form(*row) for row in forms if row[2] == language]


def terms_with_forms(term_ids, game: str | None = None) -> dict[int, dict[str, list[str]]]:
    """Every form of each term, per language: {term id: {language: [forms…]}}."""
    wanted = set(term_ids)
    forms: dict[int, dict[str, list[str]]] = {}
    if game is not None:
        rows = [(t, lang, form) for t, _key, lang, form, _p in _vocabulary(game)[0] if t in wanted]
    else:
        rows = TermForm.objects.filter(term_id__in=wanted).order_by("term_id", "language", "-preferred", "form")
        rows = rows.values_list("term_id", "language", "form")
    for term_id, language, form in rows:
        forms.setdefault(term_id, {}).setdefault(language, []).append(form)
    return forms


def term_ids(game: str, keys: list[str]) -> dict[str, int]:
    """{term key: term id} for the bundled terms of ``game`` named by ``keys``."""
    wanted = set(keys)
    return {key: term_id for term_id, key, *_rest in _vocabulary(game)[0] if key in wanted}


@versioned(key=lambda edition: edition.pk, version=lambda edition: edition.imported_at, size=256)
def _glossary_index(edition: Edition) -> dict[str, int]:
    """{casefolded term: glossary entry id} of one edition, read once per import of it."""
    index: dict[str, int] = {}
    for pk, term in GlossaryEntry.objects.filter(edition=edition).order_by("position").values_list("pk", "term"):
        index.setdefault(term.casefold(), pk)
    return index


def has_glossary(edition: Edition) -> bool:
    """Whether the edition has a glossary page: its own glossary or terms in its language."""
    return bool(_glossary_index(edition)) or bool(term_forms(edition.game.slug, edition.language))


def definitions_for(edition: Edition, words: list[str]) -> dict[str, GlossaryEntry]:
    """Glossary entries of ``edition`` (or, failing that, of the editions aligned with it in
    the other languages, English first) whose term is one of ``words`` (compared
    case-insensitively): {casefolded word: entry}."""
    wanted = {w.casefold() for w in words}
    editions = [edition]
    languages = {e.language for e in editions_of(edition.game.slug)} - {edition.language}
    for language in sorted(languages, key=lambda code: (code != "en", code)):
        aligned = aligned_edition(edition, language)
        if aligned is not None:
            editions.append(aligned)
    chosen: dict[str, int] = {}
    for candidate in editions:
        for word, pk in _glossary_index(candidate).items():
            if word in wanted and word not in chosen:
                chosen[word] = pk
    rows = GlossaryEntry.objects.in_bulk(list(chosen.values()))
    by_edition = {e.pk: e for e in editions}
    found = {}
    for word, pk in chosen.items():
        item = rows[pk]
        item.edition = by_edition[item.edition_id]
        found[word] = item
    return found


def definition_of(definitions: dict[str, GlossaryEntry], forms: dict[str, list[str]], language: str):
    """One term's entry among ``definitions`` (what ``definitions_for`` found), by its ``forms`` per
    language: a form in ``language`` first, then the others'. Its ``edition`` says the language the
    definition is written in, which is not ``language`` where only another edition defines the term."""
    for lang in [language, *(code for code in forms if code != language)]:
        for form in forms.get(lang, []):
            found = definitions.get(form.casefold())
            if found is not None:
                return found
    return None


# Versioned by the game's data, not by the edition's import alone: importing another edition of the
# game can realign this one's rules, and the usages are alignment keys.
@versioned(key=lambda edition: edition.pk, version=lambda edition: game_fingerprint(edition.game.slug), size=64)
def _term_usages(edition: Edition) -> dict[int, frozenset[str]]:
    """{glossary entry id: the alignment keys (concept ids) of the rules printing its term}, read
    once per change of the game's data (``glossary_usage``). A glossary that cites rules (the CR's "See
    rule 702.9") is paired by its citations instead (``glossary_equivalents``): nothing here."""
    glossary = GlossaryEntry.objects.filter(edition=edition, source="")
    if any(rules for rules in glossary.values_list("rules", flat=True)):
        return {}
    texts = {}
    rows = Entry.objects.filter(edition=edition, duplicate_of__isnull=True).exclude(kind=Entry.Kind.NOTE)
    for pk, concept, title, text in rows.values_list("pk", "concept_id", "title", "text"):
        texts[f"c{concept}" if concept is not None else f"e{pk}"] = f"{title}\n{text}"
    terms = dict(glossary.values_list("pk", "term"))
    language = CONTENT_LANGUAGES.get(edition.language)
    return glossary_usage.usages(terms, texts, unspaced=bool(language) and language.script in UNSPACED_SCRIPTS)


def glossary_pairs(edition: Edition, other: Edition) -> list[glossary_usage.UsagePair]:
    """The glossary entries of ``edition`` and ``other`` (an aligned edition of another language)
    that are the same term by the rules that print them: see ``glossary_usage``."""
    if edition.game_id != other.game_id or edition.language == other.language:
        return []
    return glossary_usage.pair_by_usage(_term_usages(edition), _term_usages(other))


def glossary_equivalents(item: GlossaryEntry) -> list[GlossaryEntry]:
    """The same glossary entry in the aligned edition of every other language.

    Two glossary entries are the same when the rules they cite are the same rules
    (through ``same_rule_in``) and no other entry of either glossary cites exactly those;
    entries of glossaries that cite no rules (Lorcana's) are the same when the rules that
    print their terms are (``glossary_pairs``).
    """
    if not item.rules:
        return _equivalents_by_usage(item)
    own_signature = tuple(item.rules)
    if sum(1 for g in GlossaryEntry.objects.filter(edition=item.edition) if tuple(g.rules) == own_signature) > 1:
        return []
    cited = [
        e
        for e in Entry.objects.in_edition(item.edition)
        .filter(number__in=item.rules, duplicate_of__isnull=True)
        .select_related("edition__game")
        .defer("edition__report")
    ]
    found = []
    for other in _aligned_others(item.edition):
        numbers_there = []
        for entry in cited:
            same = same_rule_in(entry, other)
            if same is None:
                break
            numbers_there.append(same.number)
        else:
            matches = [
                g for g in GlossaryEntry.objects.filter(edition=other) if sorted(g.rules) == sorted(numbers_there)
            ]
            if len(matches) == 1:
                found.append(matches[0])
    return found


def glossary_editions(game: str) -> list[Edition]:
    """The editions whose printed glossaries stand for ``game``'s words: the newest edition in the
    original language, then the edition aligned with it in each other language."""
    editions = editions_of(game)
    original = get_game(game).original_language
    anchor = next((e for e in editions if e.language == original), editions[0] if editions else None)
    if anchor is None:
        return []
    found = [anchor]
    for language in sorted({e.language for e in editions} - {anchor.language}):
        aligned = aligned_edition(anchor, language)
        if aligned is not None:
            found.append(aligned)
    return found


def printed_glossary_terms(editions: list[Edition]) -> dict[str, dict[str, list[str]]]:
    """The terms of the editions' printed glossaries that ``glossary_pairs`` joins across their
    languages: {key: {language: forms}}. Each term is read from the first edition in the game's
    original language (else the first edition) and joined with its pair in every other edition;
    its key is ``printed-`` and the slug of that term ("printed-inkwell"). A term no other
    language's glossary pairs is left out."""
    if not editions:
        return {}
    original = get_game(editions[0].game.slug).original_language
    anchor = next((e for e in editions if e.language == original), editions[0])
    terms = dict(GlossaryEntry.objects.filter(edition__in=editions).values_list("pk", "term"))
    found: dict[str, dict[str, list[str]]] = {}
    for other in editions:
        if other.language == anchor.language:
            continue
        for pair in glossary_pairs(anchor, other):
            mine = terms[pair.mine]
            by_language = found.setdefault(
                f"printed-{term_slug(mine)}", {anchor.language: glossary_usage.term_forms(mine)}
            )
            forms = by_language.setdefault(other.language, [])
            forms += [form for form in glossary_usage.term_forms(terms[pair.theirs]) if form not in forms]
    return found


def _aligned_others(edition: Edition):
    """The edition aligned with ``edition`` in each other language of its game, by language code."""
    languages = Edition.objects.for_game(edition.game.slug).exclude(language=edition.language)
    for language in sorted(languages.languages()):
        other = aligned_edition(edition, language)
        if other is not None:
            yield other


def _equivalents_by_usage(item: GlossaryEntry) -> list[GlossaryEntry]:
    found = []
    for other in _aligned_others(item.edition):
        pk = next((p.theirs for p in glossary_pairs(item.edition, other) if p.mine == item.pk), None)
        if pk is not None:
            equivalent = GlossaryEntry.objects.get(pk=pk)
            equivalent.edition = other
            found.append(equivalent)
    return found


def game_terms(game: str, languages=None) -> list:
    """The glossary's terms of ``game`` with their forms (only in ``languages``, when given)."""
    from django.db.models import Prefetch

    forms = TermForm.objects.order_by("language", "-preferred", "pk")
    if languages is not None:
        forms = forms.filter(language__in=list(languages))
    return list(Term.objects.filter(game__slug=game).order_by("key").prefetch_related(Prefetch("forms", forms)))


def glossary_definitions(edition: Edition) -> dict[str, str]:
    """Lower-cased glossary term → definition, for one edition's printed glossary."""
    return {
        term.casefold(): definition
        for term, definition in GlossaryEntry.objects.filter(edition=edition)
        .order_by("-position")
        .values_list("term", "definition")
    }
