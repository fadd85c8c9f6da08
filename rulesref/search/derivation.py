"""What an index build reads from the database besides the documents: the vocabulary (hand-written
terms, card names, term pairs derived from aligned editions, and the terms a translation prints with
their gloss) and the alignment of editions.

Both are written into the generation, so that a search reads no database table. Everything here
that pairs one language's text with another's goes through ``documents.entry_key`` (a rule's
identity) and the alignment reads of ``rulesref.rules.selectors``: never through bare numbers.
"""

from __future__ import annotations

import re
from collections import defaultdict

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.glossary_usage import term_forms
from rulesref.rules.models import CardName, Edition, Entry, GlossaryEntry, TermForm
from rulesref.rules.selectors import aligned_edition, glossary_pairs

from .definitions import is_title_only
from .documents import entry_key
from .expansion import Concept, fold

# Keyword actions (701) and keyword abilities (702): a rule whose whole text is its name is where
# that keyword is defined ("702.9. Flying").
KEYWORD_SECTIONS = ("701", "702")
_PARENTHETICAL = re.compile(r"\s*[(（][^)）]*[)）]\s*$")


def hand_written_concepts() -> list[Concept]:
    """Every glossary term and card with its forms per language (rules_data/glossary)."""
    grouped: dict[tuple[str, str, str], dict[str, list[str]]] = {}
    rows = TermForm.objects.order_by("term_id", "language", "-preferred", "pk").values_list(
        "term__game__slug", "term__key", "language", "form"
    )
    for game, key, language, form in rows:
        grouped.setdefault(("term", game, key), {}).setdefault(language, []).append(form)
    names = CardName.objects.order_by("card_id", "language", "pk").values_list(
        "card__game__slug", "card__key", "language", "name"
    )
    for game, key, language, name in names:
        grouped.setdefault(("card", game, key), {}).setdefault(language, []).append(name)
    return [
        Concept(key=f"{kind}:{key}", game=game, forms={lang: tuple(forms) for lang, forms in by_language.items()})
        for (kind, game, key), by_language in grouped.items()
    ]


def _clean_term(text: str) -> str:
    """A title or glossary term as a form: without a trailing "(Obsolete)" or "（已废止）"."""
    return _PARENTHETICAL.sub("", text).strip()


def _titles(edition: Edition) -> dict[str, str]:
    """entry key → the title that names it: every section, and every keyword rule whose text is its name."""
    titles = {}
    game = edition.game.slug
    entries = Entry.objects.filter(edition=edition, duplicate_of__isnull=True).filter(
        kind__in=[Entry.Kind.SECTION, Entry.Kind.RULE]
    )
    for entry in entries.only("pk", "kind", "number", "title", "text", "concept"):
        if entry.kind == Entry.Kind.SECTION:
            title = entry.title or entry.text
        elif entry.number.split(".")[0] in KEYWORD_SECTIONS and is_title_only(entry.text):
            title = entry.text
        else:
            continue
        title = _clean_term(title)
        if title:
            titles[entry_key(game, entry)] = title
    return titles


def _glossary_by_cited(edition: Edition) -> dict[frozenset[str], str]:
    """The keys of the rules a glossary entry cites → its term, for entries whose cited set is theirs alone."""
    game = edition.game.slug
    keys = {
        entry.number: entry_key(game, entry)
        for entry in Entry.objects.filter(edition=edition, duplicate_of__isnull=True).only(
            "pk", "kind", "number", "concept"
        )
    }
    found: dict[frozenset[str], list[str]] = defaultdict(list)
    for term, rules in GlossaryEntry.objects.filter(edition=edition).values_list("term", "rules"):
        cited = frozenset(keys[number] for number in rules if number in keys)
        if cited:
            found[cited].append(_clean_term(term))
    return {cited: terms[0] for cited, terms in found.items() if len(terms) == 1 and terms[0]}


def _glossary_by_usage(edition: Edition, aligned: Edition) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(pair key, forms, forms) for the glossary entries of two aligned editions that the rules
    printing them pair (``selectors.glossary_pairs``: Lorcana's glossaries cite no rules). The key
    names the two entries in language order, so that the pair read from either side is one."""
    terms = dict(GlossaryEntry.objects.filter(edition__in=[edition, aligned]).values_list("pk", "term"))
    pairs = []
    for pair in glossary_pairs(edition, aligned):
        mine, theirs = tuple(term_forms(terms[pair.mine])), tuple(term_forms(terms[pair.theirs]))
        ends = sorted([(edition.language, mine), (aligned.language, theirs)])
        key = "glossary-use:" + "|".join(f"{lang}:{' / '.join(forms)}" for lang, forms in ends)
        pairs.append((key, mine, theirs))
    return pairs


def _claimed(hand_written: list[Concept]) -> set[tuple[str, str, str]]:
    """(game, language, folded form) of every form the hand-written list has: left to it."""
    return {(c.game, lang, fold(form)) for c in hand_written for lang, forms in c.forms.items() for form in forms}


def _newest_editions() -> dict[tuple[str, str], Edition]:
    """The newest edition of every (game, language)."""
    newest: dict[tuple[str, str], Edition] = {}
    for edition in Edition.objects.newest_first().select_related("game"):
        newest.setdefault((edition.game.slug, edition.language), edition)
    return newest


def derived_concepts(hand_written: list[Concept]) -> list[Concept]:
    """Term pairs from aligned editions: the newest edition of every (game, language) against the
    edition aligned with it in each other language. Pairs are joined on the entry key (titles), on
    the keys of the cited rules (glossary entries), or on the rules printing the terms (glossary
    entries that cite no rules). A form the hand-written list has for a language
    (and game) is left to it: a derived concept keeps only forms no hand-written concept claims, and
    is dropped when fewer than two languages remain."""
    claimed = _claimed(hand_written)
    newest = _newest_editions()
    # concept key → language → forms
    forms: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    title_cache: dict[int, dict[str, str]] = {}
    glossary_cache: dict[int, dict[frozenset[str], str]] = {}
    for (game, language), edition in sorted(newest.items()):
        for other in CONTENT_LANGUAGES:
            if other == language:
                continue
            aligned = aligned_edition(edition, other)
            if aligned is None:
                continue
            pairs = []
            mine = title_cache.setdefault(edition.pk, _titles(edition))
            theirs = title_cache.setdefault(aligned.pk, _titles(aligned))
            pairs += [(f"title:{key}", (mine[key],), (theirs[key],)) for key in mine.keys() & theirs.keys()]
            mine_glossary = glossary_cache.setdefault(edition.pk, _glossary_by_cited(edition))
            theirs_glossary = glossary_cache.setdefault(aligned.pk, _glossary_by_cited(aligned))
            pairs += [
                ("glossary:" + ",".join(sorted(cited)), (mine_glossary[cited],), (theirs_glossary[cited],))
                for cited in mine_glossary.keys() & theirs_glossary.keys()
            ]
            pairs += _glossary_by_usage(edition, aligned)
            for key, form, other_form in pairs:  # forms: a tuple per side
                by_language = forms[(game, key)]
                for lang, values in ((language, form), (other, other_form)):
                    for value in values:
                        if value not in by_language[lang]:
                            by_language[lang].append(value)
    concepts = []
    for (game, key), by_language in sorted(forms.items()):
        kept = {
            lang: tuple(f for f in values if (game, lang, fold(f)) not in claimed)
            for lang, values in sorted(by_language.items())
        }
        kept = {lang: values for lang, values in kept.items() if values}
        if len(kept) >= 2:
            concepts.append(Concept(key=f"derived:{key}", game=game, forms=kept, derived=True))
    return concepts


def printed_gloss_concepts(hand_written: list[Concept]) -> list[Concept]:
    """Terms a translation prints with their gloss in its source's language (the Japanese CR's
    "毒カウンター／poison counter"): the import keeps them in the edition's report (``term_pairs``,
    each with its gloss language). Read from the newest edition of every (game, language); pairs
    with the same gloss (ignoring case) are one concept. Like the derived pairs, a form the
    hand-written list has is left to it, and a concept with fewer than two languages left is dropped."""
    claimed = _claimed(hand_written)
    newest = _newest_editions()
    forms: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for (game, language), edition in sorted(newest.items()):
        for pair in edition.report.get("term_pairs", []):
            by_language = forms[(game, fold(pair["gloss"]))]
            for lang, value in ((language, pair["term"]), (pair["gloss_language"], pair["gloss"])):
                if (game, lang, fold(value)) not in claimed and value not in by_language[lang]:
                    by_language[lang].append(value)
    return [
        Concept(
            key=f"derived:gloss:{game}:{'-'.join(gloss.split())}",
            game=game,
            forms={lang: tuple(values) for lang, values in sorted(langs.items())},
            derived=True,
        )
        for (game, gloss), langs in sorted(forms.items())
        if len(langs) >= 2
    ]


def vocabulary_concepts() -> list[Concept]:
    """What a generation's vocabulary holds: the hand-written concepts, then the derived ones and the
    printed glosses."""
    hand_written = hand_written_concepts()
    return hand_written + derived_concepts(hand_written) + printed_gloss_concepts(hand_written)


def edition_alignment() -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    """game → language → edition slug → other language → the slug of the aligned edition there."""
    alignment: dict = {}
    editions = list(Edition.objects.select_related("game").order_by("pk"))
    languages_of = defaultdict(set)
    for edition in editions:
        languages_of[edition.game.slug].add(edition.language)
    for edition in editions:
        game = edition.game.slug
        row = alignment.setdefault(game, {}).setdefault(edition.language, {}).setdefault(edition.slug, {})
        for other in sorted(languages_of[game]):
            aligned = aligned_edition(edition, other)
            if aligned is not None:
                row[other] = aligned.slug
    return alignment
