"""Reads that span several models: where a cross-reference leads."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, Q

from ..models import (
    Card,
    CardName,
    Edition,
    EditionAlignment,
    Entry,
    EntryLink,
    GlossaryEntry,
    Term,
    TermForm,
)
from .cache import versioned
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
from .reports import alignment_summary, numbering_differences, unresolved_references
from .versions import ContentVersion, content_version, game_fingerprint

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


def source_date(edition: Edition):
    """The date of the original text an edition says: its own date, or its source's for a translation."""
    if edition.translates_id and edition.translates.effective_date:
        return edition.translates.effective_date
    return edition.effective_date


def aligned_edition(edition: Edition, language: str) -> Edition | None:
    """The edition of ``language`` that lines up with ``edition``.

    The edition ``edition`` translates, or one that translates it, or one that
    translates the same source; otherwise the one whose source is nearest in date
    (an older one first: a translation lags behind its source), otherwise the newest.
    """
    if language == edition.language:
        return edition
    editions = [e for e in editions_of(edition.game.slug) if e.language == language]
    if not editions:
        return None
    for candidate in editions:
        if candidate.pk == edition.translates_id or candidate.translates_id == edition.pk:
            return candidate
    if edition.translates_id:
        for candidate in editions:
            if candidate.translates_id == edition.translates_id:
                return candidate
    ours = source_date(edition)
    dated = [c for c in editions if source_date(c)]
    if ours is None or not dated:
        return editions[0]
    return min(dated, key=lambda c: (source_date(c) > ours, abs((source_date(c) - ours).days)))


def same_rule_in(entry: Entry, edition: Edition) -> Entry | None:
    """The entry of ``edition`` that is the same rule as ``entry`` (the same concept), or None."""
    if edition.pk == entry.edition_id:
        return entry
    if entry.concept_id is None:
        return None
    return (
        Entry.objects.filter(edition=edition, concept_id=entry.concept_id)
        .select_related("edition__game")
        .defer("edition__report")
        .first()
    )


def aligned_entries(entry: Entry) -> dict[str, tuple[Edition, Entry | None]]:
    """For every other language the game has: (the aligned edition, the same rule there or None)."""
    languages = {e.language for e in editions_of(entry.edition.game.slug)} - {entry.edition.language}
    aligned = {}
    for language in sorted(languages):
        edition = aligned_edition(entry.edition, language)
        if edition is not None:
            aligned[language] = edition
    # One query for every language: the entries of the same concept in those editions.
    there = {}
    if entry.concept_id is not None:
        there = {
            e.edition_id: e
            for e in Entry.objects.filter(edition__in=list(aligned.values()), concept_id=entry.concept_id)
            .defer("edition__report")
            .order_by("order")
        }
    found = {}
    for language, edition in aligned.items():
        same = there.get(edition.pk)
        if same is not None:
            same.edition = edition
        found[language] = (edition, same)
    return found


def rule_history(entry: Entry) -> list[tuple[Edition, Entry | None]]:
    """The same rule in every edition of its language, newest first (None where it is absent)."""
    editions = [e for e in editions_of(entry.edition.game.slug) if e.language == entry.edition.language]
    there = {}
    if entry.concept_id is not None:
        there = {
            e.edition_id: e
            for e in Entry.objects.filter(edition__in=editions, concept_id=entry.concept_id).order_by("order")
        }
    history = []
    for edition in editions:
        same = entry if edition.pk == entry.edition_id else there.get(edition.pk)
        if same is not None and same is not entry:
            same.edition = edition
        history.append((edition, same))
    return history


def pair_links(source: Edition, target: Edition) -> list[dict]:
    """Entry pairs between any two editions of a game, with method and score.

    A directly aligned pair (a translation and its source, consecutive editions)
    gives its stored links; any other two editions are joined through concepts,
    the score being the text similarity for one language and 1.0 across languages.
    Only numbered entries, in the source edition's order.
    """
    from ..alignment import similarity

    stored = EditionAlignment.objects.filter(source=source, target=target).first()
    reverse = stored is None and EditionAlignment.objects.filter(source=target, target=source).exists()
    if stored is not None or reverse:
        pair = stored or EditionAlignment.objects.get(source=target, target=source)
        links = EntryLink.objects.filter(alignment=pair).order_by().select_related("source", "target")
        found = []
        for link in links:
            a, b = (link.source, link.target) if not reverse else (link.target, link.source)
            if not (a.number and b.number):
                continue
            relation = (
                link.relation
                if not reverse
                else {"split": "merged", "merged": "split"}.get(link.relation, link.relation)
            )
            found.append(
                {
                    "from": a.number,
                    "to": b.number,
                    "method": link.method,
                    "relation": relation,
                    "score": link.score,
                    "_order": a.order,
                    "_to_order": b.order,
                }
            )
        found.sort(key=lambda item: (item["_order"], item["_to_order"]))
        return [{k: v for k, v in item.items() if not k.startswith("_")} for item in found]
    ours = Entry.objects.filter(edition=source).exclude(number="").exclude(concept=None).order_by("order")
    theirs = {e.concept_id: e for e in Entry.objects.filter(edition=target).exclude(number="").exclude(concept=None)}
    found = []
    for a in ours:
        b = theirs.get(a.concept_id)
        if b is None:
            continue
        if source.language == target.language:
            method = "number" if a.number == b.number else "text"
            score = round(similarity(a.text or a.title, b.text or b.title), 4)
        else:
            method, score = "translation", 1.0
        relation = "same" if a.number == b.number else "moved"
        found.append({"from": a.number, "to": b.number, "method": method, "relation": relation, "score": score})
    return found


def pair_counts(source: Edition, target: Edition, links: list[dict]) -> dict[str, int]:
    """same_number, moved, split, merged, added, removed for ``links`` between two editions."""
    primary = [link for link in links if link["relation"] in ("same", "moved")]
    numbered_from = Entry.objects.filter(edition=source).exclude(number="").count()
    numbered_to = Entry.objects.filter(edition=target).exclude(number="").count()
    split = [link for link in links if link["relation"] == "split"]
    merged = [link for link in links if link["relation"] == "merged"]
    return {
        "same_number": sum(link["relation"] == "same" for link in primary),
        "moved": sum(link["relation"] == "moved" for link in primary),
        "split": len(split),
        "merged": len(merged),
        "added": numbered_to - len(primary) - len(split),
        "removed": numbered_from - len(primary) - len(merged),
    }


# ---------------------------------------------------------------------------
# Reads for the browser pages (table of contents, entry pages, glossary, cards).
# Anything that finds "the same rule" in another edition goes through the alignment
# reads above, or is marked below as a look-up by number that must follow them.


# Glossary -----------------------------------------------------------------


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


def glossary_equivalents(item: GlossaryEntry) -> list[GlossaryEntry]:
    """The same glossary entry in the aligned edition of every other language.

    Two glossary entries are the same when the rules they cite are the same rules
    (through ``same_rule_in``) and no other entry of either glossary cites exactly those.
    """
    if not item.rules:
        return []
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
    languages = Edition.objects.for_game(item.edition.game.slug).exclude(language=item.edition.language)
    for language in sorted(languages.languages()):
        other = aligned_edition(item.edition, language)
        if other is None:
            continue
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


def alternates_by_entry(edition: Edition) -> dict[int, list[Entry]]:
    """For every numbered entry of ``edition``: the same rule (the same concept) in the aligned
    edition of each other language, for hreflang alternates. The bulk form of ``aligned_entries``."""
    result: dict[int, list[Entry]] = {}
    own = dict(
        Entry.objects.in_edition(edition)
        .numbered()
        .filter(duplicate_of__isnull=True)
        .exclude(concept=None)
        .values_list("concept_id", "pk")
    )
    languages = Edition.objects.for_game(edition.game.slug).exclude(language=edition.language)
    for language in sorted(languages.languages()):
        other = aligned_edition(edition, language)
        if other is None:
            continue
        there = (
            Entry.objects.in_edition(other)
            .numbered()
            .filter(concept_id__in=list(own))
            .select_related("edition__game")
            .defer("edition__report")
        )
        for entry in there:
            result.setdefault(own[entry.concept_id], []).append(entry)
    return result


def term_ids(game: str, keys: list[str]) -> dict[str, int]:
    """{term key: term id} for the bundled terms of ``game`` named by ``keys``."""
    wanted = set(keys)
    return {key: term_id for term_id, key, *_rest in _vocabulary(game)[0] if key in wanted}


# Reads for the translator workbench (rulesref/compare): scopes, concepts, pairs.


def entries_of_concepts(edition: Edition, concept_ids) -> dict[int, Entry]:
    """concept id → the entry of ``edition`` that expresses it (one at most per edition)."""
    found = list(Entry.objects.in_edition(edition).filter(concept_id__in=list(concept_ids)))
    return {entry.concept_id: entry for entry in attach_parts(found, edition)}


def entry_pairs(source: Edition, target: Edition) -> list[tuple[int, int, str, str, float]]:
    """(source entry id, target entry id, method, relation, score) for two editions of a game.

    Like :func:`pair_links`, but with entry ids, so that a number printed twice
    (Duskmourn's 702.175) stays two entries: the stored links of a directly aligned
    pair (read backwards when only the other direction is stored, a split then
    reading as a merge), otherwise the entries that share a concept, with the
    text similarity as score within one language.
    """
    from ..alignment import similarity

    stored = EditionAlignment.objects.filter(source=source, target=target).first()
    backwards = None if stored else EditionAlignment.objects.filter(source=target, target=source).first()
    if stored is not None or backwards is not None:
        links = (
            EntryLink.objects.filter(alignment=stored or backwards)
            .order_by("source_id", "target_id")
            .values_list("source_id", "target_id", "method", "relation", "score")
        )
        if stored is not None:
            return [tuple(link) for link in links]
        swap = {"split": "merged", "merged": "split"}
        return [(b, a, method, swap.get(relation, relation), score) for a, b, method, relation, score in links]
    theirs = {
        concept: (pk, number, text)
        for pk, concept, number, text in Entry.objects.in_edition(target)
        .exclude(concept=None)
        .values_list("pk", "concept_id", "number", "text")
    }
    found = []
    for pk, concept, number, text in (
        Entry.objects.in_edition(source).exclude(concept=None).values_list("pk", "concept_id", "number", "text")
    ):
        if concept not in theirs:
            continue
        other_pk, other_number, other_text = theirs[concept]
        relation = "same" if number == other_number else "moved"
        if source.language == target.language:
            method = "number" if relation == "same" else "text"
            score = round(similarity(text, other_text), 4)
        else:
            method, score = "translation", 1.0
        found.append((pk, other_pk, method, relation, score))
    return found


def game_terms(game: str, languages=None) -> list:
    """The glossary's terms of ``game`` with their forms (only in ``languages``, when given)."""
    from django.db.models import Prefetch

    from ..models import TermForm

    forms = TermForm.objects.order_by("language", "-preferred", "pk")
    if languages is not None:
        forms = forms.filter(language__in=list(languages))
    return list(Term.objects.filter(game__slug=game).order_by("key").prefetch_related(Prefetch("forms", forms)))


def glossary_definitions(edition: Edition) -> dict[str, str]:
    """Lower-cased glossary term → definition, for one edition's printed glossary."""
    from ..models import GlossaryEntry

    return {
        term.casefold(): definition
        for term, definition in GlossaryEntry.objects.filter(edition=edition)
        .order_by("-position")
        .values_list("term", "definition")
    }
