"""The reference pages: a game, an edition's contents, one entry, the glossary, a card.

Every page of a game answers conditional requests (ETag and Last-Modified from the
game's editions and term lists, see ``selectors.content_version``), so a re-import
changes them and a reader's browser revalidates cheaply otherwise.
"""

from __future__ import annotations

import functools
import hashlib
import re

from django.core.cache import caches
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition

from rulesref.core import panels
from rulesref.core.formatting import language_name_in_text, printable
from rulesref.core.games import GAMES
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.paging import get_page

from . import selectors
from .glossary import collation_key, initial, term_slug
from .marking import Marker, TermMatcher, words_pattern
from .models import Entry
from .parsers import has_markup

# Bumped when templates change what a page shows for the same data.
PAGE_VERSION = "4"
# A section with more entries than this is split into pages of SECTION_RULES_PER_PAGE rules.
SECTION_PAGE_ENTRIES = 150
SECTION_RULES_PER_PAGE = 30
# A section with at least this many rules gets a table of contents beside its text.
SECTION_TOC_RULES = 8


def _version(request, game: str, *args, **kwargs) -> selectors.ContentVersion:
    cached = getattr(request, "_rulesref_version", None)
    if cached is None:
        cached = request._rulesref_version = selectors.content_version(game)
    return cached


def _etag(request, game: str, *args, **kwargs) -> str:
    version = _version(request, game)
    raw = f"{PAGE_VERSION}|{version.fingerprint}|{panels.generation()}|{get_language()}|{request.get_full_path()}"
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def _last_modified(request, game: str, *args, **kwargs):
    return _version(request, game).last_modified


def conditional_page(view):
    """ETag / Last-Modified for a page of one game; 304 when the reader has it already.

    The page itself is kept in the ``pages`` cache under its ETag: the same data, interface
    language and address give the same bytes, and a re-import changes the ETag.
    """

    @functools.wraps(view)
    def cached(request, *args, **kwargs):
        key = "page:" + _etag(request, *args, **kwargs)
        store = caches["pages"]
        hit = store.get(key)
        if hit is not None:
            status, content_type, body = hit
            return HttpResponse(with_csrf_token(request, body), status=status, content_type=content_type)
        response = view(request, *args, **kwargs)
        if response.status_code in (200, 404) and not response.streaming:
            # Kept without the reader's CSRF token (the language switch's form), which each
            # response gets afresh: the cached bytes are the same for every reader.
            shared = CSRF_FIELD.sub(rb"\g<1>" + CSRF_PLACEHOLDER + rb"\g<2>", response.content)
            store.set(key, (response.status_code, response["Content-Type"], shared))
        return response

    conditional = condition(etag_func=_etag, last_modified_func=_last_modified)(cached)

    @functools.wraps(view)
    def page(request, *args, **kwargs):
        response = conditional(request, *args, **kwargs)
        # The interface language comes from the cookie or Accept-Language; browsers keep the
        # page but ask again each time (a 304 costs one query), so a re-import shows at once.
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        patch_cache_control(response, no_cache=True)
        return response

    return page


CSRF_FIELD = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
CSRF_PLACEHOLDER = b"__rulesref_csrf_token__"


def with_csrf_token(request, body: bytes) -> bytes:
    """A cached page with this reader's CSRF token (masked anew each time, as Django does)."""
    if CSRF_PLACEHOLDER not in body:
        return body
    return body.replace(CSRF_PLACEHOLDER, get_token(request).encode("ascii"))


class Missing(Http404):
    """No such game, language, edition or card: the 404 page says which and lists what there is."""

    def __init__(self, what: str, value: str, **context):
        super().__init__(f"no such {what}")
        self.context = {"what": what, "value": printable(value, 60), **context}


def lists_what_exists(view):
    """A view whose :class:`Missing` becomes a 404 page listing the games, languages, editions or cards
    there are (whatever ``DEBUG`` says: the reader needs the list, not a traceback)."""

    @functools.wraps(view)
    def page(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Missing as missing:
            return render(request, "rules/not_found.html", missing.context, status=404)

    return page


def _games() -> list[str]:
    """The games with an imported edition."""
    return [slug for slug in GAMES if selectors.editions_of(slug)]


def _check(game: str, language: str | None = None) -> None:
    if game not in GAMES:
        raise Missing("game", game, games=_games())
    if language is not None:
        languages = sorted({edition.language for edition in selectors.editions_of(game)})
        if language not in languages:
            known = language in CONTENT_LANGUAGES
            named = language_name_in_text(language) if known else ""
            raise Missing("language", language, game=game, known=known, named=named, languages=languages)


def _edition(game: str, language: str, slug: str):
    _check(game, language)
    edition = selectors.edition_named(game, language, slug)
    if edition is None:
        editions = [e for e in selectors.editions_of(game) if e.language == language]
        named = language_name_in_text(language)
        raise Missing("edition", slug, game=game, language=language, named=named, editions=editions)
    return edition


@conditional_page
@lists_what_exists
def game_detail(request, game: str):
    """A game: its editions per language."""
    _check(game)
    editions = selectors.game_editions(game)
    if not editions:
        raise Missing("game", game, games=_games(), known=True)
    return render(request, "rules/game_detail.html", {"game": game, "editions": editions})


@lists_what_exists
def latest(request, game: str, language: str, number: str | None = None):
    """302 to the table of contents (or one entry) of the newest edition of a language."""
    _check(game, language)
    edition = selectors.newest_edition(game, language)
    if number is None:
        return redirect(edition)
    return redirect("rules:entry-detail", game, language, edition.slug, number)


@conditional_page
@lists_what_exists
def edition_detail(request, game: str, language: str, edition: str):
    """The table of contents: chapters → sections, with counts; front matter in place."""
    edition_row = _edition(game, language, edition)
    context = {
        "edition": edition_row,
        "toc": selectors.table_of_contents(edition_row),
        "newer": _newer(edition_row),
        "has_glossary": _has_glossary(edition_row),
    }
    return render(request, "rules/edition_detail.html", context)


def _newer(edition):
    newest = selectors.newest_edition(edition.game.slug, edition.language)
    return newest if newest and newest.pk != edition.pk else None


def _has_glossary(edition) -> bool:
    return selectors.has_glossary(edition)


def _marker(edition, entries: list[Entry]) -> Marker:
    game = edition.game.slug
    forms = {tf.form: tf.key for tf in selectors.term_forms(game, edition.language)}
    cards = {
        name: reverse("rules:card-detail", args=[game, key])
        for name, key in selectors.card_names(game, edition.language).items()
    }
    return Marker(
        language=edition.language,
        targets=selectors.reference_targets(edition, entries),
        terms=TermMatcher.build(edition.language, forms),
        cards=cards,
        page_edition_id=edition.pk,
        markup=has_markup(edition.format),
    )


@conditional_page
@lists_what_exists
def entry_detail(request, game: str, language: str, edition: str, number: str):
    """One chapter, section, rule or subrule with everything under it."""
    edition_row = _edition(game, language, edition)
    entries = selectors.entries_numbered(edition_row, number)
    if not entries:
        return _entry_not_found(request, edition_row, number)
    main = entries[0]
    context = {
        "edition": edition_row,
        "number": number,
        "main": main,
        "entries": entries,
        "ancestors": selectors.ancestors(main),
        "newer": _newer(edition_row),
        "side_by_side": request.GET.get("side") == "1",
    }
    context["previous"], context["next"] = selectors.neighbours(main)
    shown: list[Entry] = []
    if main.kind == Entry.Kind.CHAPTER:
        context["sections"] = selectors.children_of(main)
    else:
        blocks = []
        for entry in entries:
            below = selectors.subtree(entry)
            blocks.append({"entry": entry, "below": below})
            shown.extend([entry, *below])
        if main.kind == Entry.Kind.SECTION:
            groups = _rule_groups(blocks[0])
            if sum(len(b["below"]) for b in blocks) > SECTION_PAGE_ENTRIES:
                blocks, context["page_obj"] = _paginate_section(request, blocks[0], groups)
                shown = [e for b in blocks for e in [b["entry"], *b["below"]]]
            if len(groups) >= SECTION_TOC_RULES:
                context["section_toc"] = _section_toc(groups, context.get("page_obj"))
        context["blocks"] = blocks
        context["translations"] = _translations(main)
        context["history"] = _history(main)
        context["cited_by"] = selectors.cited_by(entries)
    context["marker"] = _marker(edition_row, shown)
    return render(request, "rules/entry_detail.html", context)


def _rule_groups(section: dict) -> list[list[Entry]]:
    """A section's rules, each with the entries under it."""
    groups: list[list[Entry]] = []
    for entry in section["below"]:
        if entry.parent_id == section["entry"].pk or not groups:
            groups.append([entry])
        else:
            groups[-1].append(entry)
    return groups


def _paginate_section(request, section: dict, groups: list[list[Entry]]):
    """A long section (702, Keyword Abilities) is split between its rules."""
    paginator = Paginator(groups, SECTION_RULES_PER_PAGE)
    page = get_page(paginator, request.GET.get("page"))
    shown = [{"entry": section["entry"], "below": [e for group in page.object_list for e in group]}]
    return shown, page


def _section_toc(groups: list[list[Entry]], page_obj) -> list[dict]:
    """Every rule of a long section as a link to its anchor, per page of a split section:
    this page's rules ``#r702.2``, another page's ``?page=2#r702.31`` (the template folds those
    away, so they cost one tab stop per page, not one per rule)."""
    pages: list[dict] = []
    for i, group in enumerate(groups):
        number = i // SECTION_RULES_PER_PAGE + 1
        here = page_obj is None or number == page_obj.number
        if not pages or pages[-1]["number"] != number:
            pages.append({"number": number, "current": here, "items": []})
        href = f"#{group[0].anchor}" if here else f"?page={number}#{group[0].anchor}"
        pages[-1]["items"].append({"entry": group[0], "href": href})
        pages[-1]["last"] = group[0].number
    return pages


def _translations(entry: Entry) -> list[dict]:
    rows = []
    for language, (edition, same) in selectors.aligned_entries(entry).items():
        rows.append({"language": language, "edition": edition, "entry": same})
    return rows


def _history(entry: Entry) -> dict:
    """Other editions of this language: a newer one with this rule, and the older ones."""
    history = selectors.rule_history(entry)
    position = next((i for i, (edition, _e) in enumerate(history) if edition.pk == entry.edition_id), 0)
    newer = [(edition, same) for edition, same in history[:position]]
    older = [(edition, same) for edition, same in history[position + 1 :]]
    return {"newest": newer[0] if newer else None, "older": older}


def _entry_not_found(request, edition, number: str):
    before, after = selectors.nearest_numbers(edition, number)
    context = {
        "edition": edition,
        "number": number,
        "before": before[-1] if before else None,
        "after": after[0] if after else None,
        "nearest": before + after,
        "elsewhere": selectors.editions_with_number(edition, number),
    }
    return render(request, "rules/entry_missing.html", context, status=404)


# Glossary -----------------------------------------------------------------


def _glossary_items(edition) -> list[dict]:
    """The edition's glossary entries and the bundled terms of its language, one per slug."""
    items: dict[str, dict] = {}
    for term in selectors.glossary_terms(edition):
        items.setdefault(term_slug(term), {"term": term, "entries": [], "forms": []})["entries"].append(term)
    for form in selectors.term_forms(edition.game.slug, edition.language):
        if not form.preferred:
            continue
        slug = term_slug(form.form)
        items.setdefault(slug, {"term": form.form, "entries": [], "forms": []})["forms"].append(form)
    for slug, item in items.items():
        item["slug"] = slug
    return sorted(items.values(), key=lambda item: collation_key(item["term"]))


@conditional_page
@lists_what_exists
def glossary_index(request, game: str, language: str, edition: str):
    """Every term of an edition's glossary (and the bundled term list), in the language's order."""
    edition_row = _edition(game, language, edition)
    items = _glossary_items(edition_row)
    if not items:
        raise Http404("this edition has no glossary")
    groups: list[tuple[str, list[dict]]] = []
    for item in items:
        letter = initial(item["term"])
        if not groups or groups[-1][0] != letter:
            groups.append((letter, []))
        groups[-1][1].append(item)
    context = {"edition": edition_row, "groups": groups, "count": len(items)}
    return render(request, "rules/glossary_index.html", context)


@conditional_page
@lists_what_exists
def glossary_term(request, game: str, language: str, edition: str, slug: str):
    """One term: its definition, the rules it cites, its forms elsewhere, the rules using it."""
    edition_row = _edition(game, language, edition)
    item = next((i for i in _glossary_items(edition_row) if i["slug"] == slug), None)
    if item is None:
        raise Http404("no such term")
    item["entries"] = selectors.glossary_entries_named(edition_row, item["entries"])
    cited_numbers = [n for entry in item["entries"] for n in entry.rules]
    cited = selectors.entries_numbered_in(edition_row, cited_numbers)
    term_ids = {form.term_id for form in item["forms"]}
    term_ids |= {
        tf.term_id for tf in selectors.term_forms(game, language) if tf.form.casefold() == item["term"].casefold()
    }
    forms = selectors.terms_with_forms(term_ids, game)
    equivalents = []
    for _term_id, by_language in forms.items():
        for lang, lang_forms in by_language.items():
            if lang != language:
                equivalents.append({"language": lang, "forms": lang_forms})
    glossary_equivalents = [g for entry in item["entries"] for g in selectors.glossary_equivalents(entry)]
    fallback = None if item["entries"] else _definition_elsewhere(edition_row, item["term"], forms)
    own_forms = {item["term"]} | {f for by in forms.values() for f in by.get(language, [])}
    pattern = words_pattern(own_forms, language)
    using, using_count = selectors.entries_using(edition_row, pattern) if pattern else ([], 0)
    marker = _marker(edition_row, [])
    context = {
        "edition": edition_row,
        "item": item,
        "cited": cited,
        "equivalents": sorted(equivalents, key=lambda e: e["language"]),
        "glossary_equivalents": glossary_equivalents,
        "fallback": fallback,
        "using": using,
        "using_count": using_count,
        "marker": marker,
    }
    return render(request, "rules/glossary_term.html", context)


def _definition_elsewhere(edition, term: str, forms: dict[int, dict[str, list[str]]]):
    """A term this edition's glossary does not define: the definition the rule pages show for it (the
    aligned edition's of another language, English first), or None."""
    by_language: dict[str, list[str]] = {edition.language: [term]}
    for lang_forms in forms.values():
        for lang, names in lang_forms.items():
            by_language.setdefault(lang, []).extend(names)
    words = [form for names in by_language.values() for form in names]
    return selectors.definition_of(selectors.definitions_for(edition, words), by_language, edition.language)


@conditional_page
@lists_what_exists
def card_detail(request, game: str, key: str):
    """A card: its printed names per language and every rule that mentions it."""
    _check(game)
    card = selectors.card_named(game, key)
    if card is None:
        cards, count = selectors.some_cards(game)
        shown = [{"card": c, "name": _card_name(c)} for c in cards]
        raise Missing("card", key, game=game, cards=shown, count=count)
    context = {"game": game, "card": card, "mentions": selectors.entries_mentioning(card)}
    return render(request, "rules/card_detail.html", context)


def _card_name(card):
    """A card's name in the interface language, else in English, else its first."""
    names = {name.language: name for name in card.names.all()}
    return names.get(get_language()) or names.get("en") or next(iter(names.values()), None)
