"""What goes into the index: one document per entry and per glossary entry."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from django.db.models import Count

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.markup import to_plain
from rulesref.rules.models import CardName, CrossReference, Edition, Entry, Example, GlossaryEntry, TermForm
from rulesref.rules.parsers import has_markup

from . import analysis
from .analysis import extract_symbols
from .definitions import (
    DEFINES_SEPARATOR,
    defined_names,
    definition_form,
    is_title_only,
    opens_with_name,
    says_what_it_is_to,
)
from .schema import BIGRAM_COMPANION


def latest_edition_ids() -> set[int]:
    """The newest edition of every (game, language)."""
    latest = {}
    for edition in Edition.objects.newest_first().select_related("game"):
        latest.setdefault((edition.game.slug, edition.language), edition.pk)
    return set(latest.values())


def card_names_by_game() -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for game, name in CardName.objects.values_list("card__game__slug", "name"):
        names.setdefault(game, []).append(name)
    return names


def keywords_for(number: str, text: str, cards: list[str]) -> str:
    words = [number] if number else []
    folded = text.casefold()
    words.extend(name.casefold() for name in cards if name.casefold() in folded)
    words.extend(extract_symbols(text))
    # Commas separate keywords; none of ours contains one.
    return ",".join(w.replace(",", " ") for w in dict.fromkeys(words))


def entry_key(game: str, entry: Entry) -> str:
    """The grouping key of an entry's document: the same rule in every language and edition has the
    same key. The ONE place that says what "the same rule" is for search: the store's alignment
    concept (``Entry.concept``: 723 in 2024 and 724 in 2025 are The Initiative both). Grouping, the
    edition shown for each language and the derived term pairs depend on this key only."""
    if entry.concept_id is not None:
        return f"{game}:c{entry.concept_id}"
    # Not aligned (an entry written outside the import service): its own identity.
    if entry.kind == Entry.Kind.NOTE or not entry.number:
        return f"{game}:note:{entry.pk}"
    return f"{game}:{entry.kind}:{entry.number}"


def glossary_key(game: str, item: GlossaryEntry, concepts: dict[tuple[str, str], str]) -> str:
    """A glossary entry's grouping key: the term-list concept its term is a form of (so that its
    translations, Toughness and 防御力, are one result), else its own term."""
    term = item.term.casefold()
    return f"{game}:glossary:{concepts.get((game, term), term)}"


def documents_for_language(language: str, editions: set[int] | None = None) -> Iterator[dict]:
    """Every document of one content language, in a stable order; ``editions``: only those editions'
    (by pk), e.g. the newest of each game (``latest_edition_ids``), what the current index holds."""
    # Japanese: its text again, in the character-bigram field beside the morphological one (single
    # characters, substrings MeCab cuts elsewhere, and words in Chinese character forms: 攻击).
    bigrams = language in BIGRAM_COMPANION
    latest = latest_edition_ids()
    cards = card_names_by_game()
    in_editions = {"edition_id__in": sorted(editions)} if editions is not None else {}
    entries = (
        Entry.objects.filter(edition__language=language, **in_editions)
        .select_related("edition__game")
        # An edition's report (every skipped line of its source) is not a document's: decoding its JSON
        # once per entry took 4 of the 13 s this function spent on the corpora (cProfile, 2026-12-01).
        .defer("edition__report")
        .order_by("edition_id", "order")
    )
    # Each entry's examples and the numbers it cites, read in one query each: prefetch_related made a
    # queryset per entry and chunk, 12 of the 30 s this function spent on 26 English editions (cProfile).
    in_entries = {f"entry__{name}": value for name, value in in_editions.items()}
    examples = _by_entry(
        Example.objects.filter(entry__edition__language=language, **in_entries).order_by("entry_id", "order"),
        "text",
    )
    cited = _by_entry(
        CrossReference.objects.filter(entry__edition__language=language, **in_entries).order_by("entry_id", "id"),
        "target_number",
    )
    section_titles = dict(
        Entry.objects.filter(edition__language=language, kind=Entry.Kind.SECTION, **in_editions).values_list(
            "pk", "title"
        )
    )
    sections = _sections(language, in_editions)
    seen_sections: set[int] = set()
    # edition → number → key, for the rules a glossary entry cites
    keys_by_number: dict[int, dict[str, str]] = {}
    # edition → the names its rules have defined in words so far (as indexed words)
    defined_before: dict[int, set[str]] = {}
    # A keyword's own rule (its text the keyword's name: "701.18. Scry") → that name.
    keyword_rules: dict[int, str] = {}
    for entry in entries.iterator(chunk_size=2000):
        edition = entry.edition
        heading = ""
        defines: list[str] = []
        if entry.kind == Entry.Kind.RULE and entry.parent_id in section_titles and entry.parent_id not in seen_sections:
            seen_sections.add(entry.parent_id)
            heading = section_titles[entry.parent_id]
        elif entry.kind == Entry.Kind.SECTION:
            heading = entry.title or entry.text
            defines = [heading]
        elif is_title_only(entry.text):
            # "702.2. Deathtouch": a keyword's own rule is its topic, and where it is defined.
            heading = entry.text
            defines = [heading]
            keyword_rules[entry.pk] = heading
        in_words = not defines and entry.kind in (Entry.Kind.RULE, Entry.Kind.SUBRULE)
        if in_words:
            # "Trample over planeswalkers is a variant of trample …", "These are called state triggers",
            # "Layer 4: …": where a name is defined in words; and a section's first rule opening with the
            # section's name (611.1 "A continuous effect modifies …").
            defines = defined_names(language, entry.text)
            if heading and opens_with_name(language, entry.text, heading):
                defines.append(heading)
            keyword = keyword_rules.get(entry.parent_id)
            if keyword and says_what_it_is_to(language, entry.text, keyword):
                defines.append(keyword)
        # The names as indexed words, once each.
        forms = list(dict.fromkeys(form for name in defines if (form := definition_form(language, name))))
        if in_words:
            # The first rule defining a name is where it is defined (7.5.1 "A player’s inkwell is where they
            # put the cards they use as ink"); a later one saying what it is tells more of it (7.5.4 "The
            # inkwell is a private zone").
            earlier = defined_before.setdefault(edition.pk, set())
            new = [form for form in forms if form not in earlier]
            earlier.update(forms)
            forms = new
        game = edition.game.slug
        key = entry_key(game, entry)
        if entry.number and entry.duplicate_of_id is None:
            keys_by_number.setdefault(edition.pk, {}).setdefault(entry.number, key)
        parts = [entry.title] if entry.title and entry.title != entry.text else []
        parts.append(entry.text)
        parts.extend(examples.get(entry.pk, ()))
        text = "\n".join(p for p in parts if p)
        if has_markup(edition.format):
            # Lists and emphasis of the Берсерк Markdown are structure, not words: index the words.
            text = to_plain(text)
        yield {
            "doc_id": f"e{entry.pk}",
            "game": game,
            "edition": edition.slug,
            "lang": language,
            "kind": entry.kind,
            "number": entry.number,
            "key": key,
            "latest": "1" if edition.pk in latest else "0",
            "order": entry.order,
            "title": entry.title,
            "section": sections.get(entry.pk, ()),
            "text": text,
            "heading": heading,
            "defines": DEFINES_SEPARATOR.join(forms),
            "keywords": keywords_for(entry.number, text, cards.get(game, [])),
            "cites": ",".join(dict.fromkeys(cited.get(entry.pk, ()))),
            **({"bigrams": text} if bigrams else {}),
        }
    # A glossary entry whose term is in the term list is keyed by that concept, so that its
    # translations (Toughness, 防御力) are one result, not one per language.
    concepts = {
        (game, form.casefold()): key
        for game, form, key in TermForm.objects.filter(language=language).values_list(
            "term__game__slug", "form", "term__key"
        )
    }
    glossary = (
        GlossaryEntry.objects.filter(edition__language=language, **in_editions)
        .select_related("edition__game")
        .defer("edition__report")
    )
    for item in glossary.order_by("edition_id", "position").iterator(chunk_size=2000):
        edition = item.edition
        game = edition.game.slug
        text = f"{item.term}\n{item.definition}"
        yield {
            "doc_id": f"g{item.pk}",
            "game": game,
            "edition": edition.slug,
            "lang": language,
            "kind": "glossary",
            "number": item.term,
            "key": glossary_key(game, item, concepts),
            "latest": "1" if edition.pk in latest else "0",
            "order": item.position,
            "title": item.term,
            "text": text,
            "defines": definition_form(language, item.term),
            "keywords": keywords_for("", text, cards.get(game, [])),
            "cites": ",".join(item.rules),
            # The rules it cites, by key: a glossary entry lifts them in the ranking.
            "cite_keys": ",".join(
                dict.fromkeys(
                    keys_by_number[edition.pk][number]
                    for number in item.rules
                    if "." in number and number in keys_by_number.get(edition.pk, {})
                )
            ),
            **({"bigrams": text} if bigrams else {}),
        }


def _by_entry(queryset, field: str) -> dict[int, list[str]]:
    """Entry pk → ``field`` of each of its rows in ``queryset`` (ordered by entry, then as they are shown)."""
    found: dict[int, list[str]] = {}
    for entry_id, value in queryset.values_list("entry_id", field).iterator(chunk_size=5000):
        found.setdefault(entry_id, []).append(value)
    return found


def _sections(language: str, in_editions: dict) -> dict[int, tuple[str, str]]:
    """Entry pk → (number, title) of the section it is in (a section: itself), for one language (and
    ``in_editions``: a filter on editions)."""
    entries = Entry.objects.filter(edition__language=language, **in_editions)
    parents = dict(entries.values_list("pk", "parent_id").iterator(chunk_size=5000))
    found = {
        pk: (number, title or text)
        for pk, number, title, text in entries.filter(kind=Entry.Kind.SECTION).values_list(
            "pk", "number", "title", "text"
        )
    }

    def section_of(pk: int | None) -> tuple[str, str] | None:
        chain = []
        while pk is not None and pk not in found:
            chain.append(pk)
            pk = parents.get(pk)
        section = found.get(pk) if pk is not None else None
        if section:
            found.update(dict.fromkeys(chain, section))
        return section

    for pk in parents:
        section_of(pk)
    return found


def texts_for_language(language: str) -> Iterator[str]:
    """The words of every document of one language (titles, texts, examples, glossary terms and
    definitions), for an analyzer that reads the vocabulary of what it indexes (German compounds)."""
    entries = Entry.objects.filter(edition__language=language).order_by("pk")
    yield from (title for title in entries.values_list("title", flat=True).iterator(chunk_size=2000) if title)
    yield from entries.values_list("text", flat=True).iterator(chunk_size=2000)
    examples = Example.objects.filter(entry__edition__language=language).order_by("pk")
    yield from examples.values_list("text", flat=True).iterator(chunk_size=2000)
    glossary = GlossaryEntry.objects.filter(edition__language=language).order_by("pk")
    for term, definition in glossary.values_list("term", "definition").iterator(chunk_size=2000):
        yield f"{term}\n{definition}"


def expected_counts(editions: set[int] | None = None) -> dict[str, int]:
    """Rows each language's indexes must hold (its entries plus its glossary entries): every edition's
    (the current and the archive index together), or ``editions``' (the current index)."""
    counts = dict.fromkeys(CONTENT_LANGUAGES, 0)
    in_editions = {"edition_id__in": sorted(editions)} if editions is not None else {}
    for model in (Entry, GlossaryEntry):
        rows = model.objects.filter(**in_editions).values("edition__language").annotate(n=Count("pk"))
        rows = rows.values_list("edition__language", "n")
        for language, n in rows:
            counts[language] += n
    return counts


def database_fingerprint() -> str:
    """Changes whenever an import or a glossary sync changes what the index holds, and when the analyzers
    index differently (``analysis.ANALYSIS_VERSION``)."""
    digest = hashlib.sha256()
    # One index per registered language: registering a language makes the index stale.
    digest.update(repr(tuple(CONTENT_LANGUAGES)).encode())
    # An index built by other analyzers holds other terms: it is stale too.
    digest.update(f"analysis {analysis.ANALYSIS_VERSION}".encode())
    for row in Edition.objects.order_by("pk").values_list("pk", "source_sha256", "imported_at", "translates_id"):
        digest.update(repr(row).encode())
    for row in CardName.objects.order_by("pk").values_list("pk", "name"):
        digest.update(repr(row).encode())
    for row in TermForm.objects.order_by("pk").values_list("pk", "form"):
        digest.update(repr(row).encode())
    return digest.hexdigest()[:16]
