"""The reference as data: games, editions, an edition's contents, a rule with everything under and
around it, a rule in every language and edition (its concept), a rule's history.

Every read is the HTML pages' own (``rules.selectors``, ``compare.editiondiff.rule_versions``,
``examples.panels.scenario_for_example``); this module only shapes them.
"""

from __future__ import annotations

from django.db.models import Count
from django.urls import reverse
from ninja import Path, Query, Router
from ninja.decorators import decorate_view

from rulesref.compare.editiondiff import rule_versions
from rulesref.core.games import GAMES, get_game
from rulesref.examples.bindings import scenario_url
from rulesref.examples.panels import scenario_for_example
from rulesref.rules import selectors
from rulesref.rules.marking import TermMatcher
from rulesref.rules.models import Edition, Entry, Example, GlossaryEntry
from rulesref.rules.urls import RuleNumberConverter

from .. import lookup, schemas
from ..conditional import for_game
from ..paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, page_of
from ..problems import ApiError
from ..resources import NAMESPACE, api_url, edition_args, edition_id, edition_ref, entry_id, entry_ref

router = Router(tags=["reference"])

# A rule number as the HTML pages' addresses take it (208, 208.2a, 704.5aa, 104.3.1).
NUMBER = Path(..., pattern=f"^{RuleNumberConverter.regex}$", description="A number as printed: 208, 208.2a, 4.3.5")


def _game(slug: str, editions: list[Edition]) -> dict:
    info = get_game(slug)
    return {
        "id": slug,
        "name": info.name,
        "names": dict(info.names),
        "original_language": info.original_language,
        "numbering": info.numbering,
        "languages": sorted({e.language for e in editions}),
        "edition_count": len(editions),
        "links": {
            "self": api_url("game", game=slug),
            "html": reverse("rules:game-detail", args=[slug]),
            "editions": api_url("editions", game=slug),
            "terms": api_url("terms", game=slug),
            "cards": api_url("cards", game=slug),
        },
    }


@router.get("/", response=schemas.Index, url_name="index", summary="Where to start")
def index(request):
    """The API's entry point: its resources, its description and the page that shows it."""
    return {
        "links": {
            "games": api_url("games"),
            "search": api_url("search"),
            "scenarios": api_url("scenarios"),
            "side-by-side": api_url("side-by-side"),
            "diff": api_url("diff"),
            "openapi": reverse(f"{NAMESPACE}:openapi-json"),
            "docs": reverse(f"{NAMESPACE}:openapi-view"),
            "html": reverse("site:home"),
        }
    }


@router.get("/games", response=schemas.GameList, url_name="games", summary="Every game with imported editions")
def games(request):
    found = [_game(slug, selectors.editions_of(slug)) for slug in GAMES if selectors.editions_of(slug)]
    return {"games": found, "links": {"self": api_url("games"), "html": reverse("site:home")}}


@router.get("/games/{game}", response=schemas.GameOut, url_name="game", summary="One game")
@decorate_view(for_game)
def game(request, game: str):
    return _game(game, lookup.game_editions(game))


def _counts(game: str) -> dict[int, dict[str, int]]:
    """Per edition of ``game``: entries, rules, examples, glossary entries (four grouped counts)."""
    counts: dict[int, dict[str, int]] = {}
    for pk, (entries, rules) in selectors.edition_counts(game).items():
        counts[pk] = {"entries": entries, "rules": rules}
    grouped = {
        "examples": Example.objects.filter(entry__edition__game__slug=game).values("entry__edition_id"),
        "glossary_entries": GlossaryEntry.objects.filter(edition__game__slug=game).values("edition_id"),
    }
    for name, rows in grouped.items():
        key = "entry__edition_id" if name == "examples" else "edition_id"
        for row in rows.annotate(n=Count("pk")).order_by():
            counts.setdefault(row[key], {})[name] = row["n"]
    return counts


def _edition(edition: Edition, counts: dict, editions: list[Edition]) -> dict:
    data = edition_ref(edition)
    args = edition_args(edition)
    data["links"].update(
        glossary=api_url("glossary", **args),
        game=api_url("game", game=edition.game.slug),
    )
    if edition.translates_id:
        data["links"]["translates"] = api_url("edition", **edition_args(edition.translates))
    own = counts.get(edition.pk, {})
    data.update(
        version=edition.revision,
        format=edition.format,
        imported_at=edition.imported_at,
        translates=edition_ref(edition.translates) if edition.translates_id else None,
        translates_key=edition.translates_key,
        translates_inferred=edition.translates_inferred,
        translations=[edition_ref(e) for e in editions if e.translates_id == edition.pk],
        counts={key: own.get(key, 0) for key in ("entries", "rules", "examples", "glossary_entries")},
    )
    return data


@router.get("/games/{game}/editions", response=schemas.EditionList, url_name="editions", summary="A game's editions")
@decorate_view(for_game)
def editions(request, game: str, language: str | None = None):
    """Every edition of the game, per language, newest first; ``language`` keeps one language's."""
    rows = lookup.game_editions(game)
    if language is not None:
        rows = [e for e in rows if e.language == language]
        if not rows:
            raise ApiError(404, "unknown_language", f"{game} has no edition in {language!r}", parameter="language")
    counts = _counts(game)
    ordered = sorted(rows, key=lambda e: e.language)  # stable: newest first within a language
    return {
        "game": game,
        "editions": [_edition(e, counts, rows) for e in ordered],
        "links": {"self": api_url("editions", game=game), "html": reverse("rules:game-detail", args=[game])},
    }


@router.get(
    "/editions/{game}/{language}/{edition}", response=schemas.EditionOut, url_name="edition", summary="One edition"
)
@decorate_view(for_game)
def edition(request, game: str, language: str, edition: str):
    """``edition``: its slug (the effective date), or ``latest`` for the language's newest."""
    row = lookup.edition(game, language, edition)
    return _edition(row, _counts(game), lookup.game_editions(game))


@router.get(
    "/editions/{game}/{language}/{edition}/contents",
    response=schemas.Contents,
    url_name="contents",
    summary="An edition's table of contents",
)
@decorate_view(for_game)
def contents(request, game: str, language: str, edition: str):
    """Chapters and their sections (and what stands outside both), in source order, with rule counts."""
    row = lookup.edition(game, language, edition)
    items = []

    def add(item, level: int, parent: str | None) -> None:
        entry = item.entry
        ref = entry_ref(entry, row)
        items.append(
            {
                "id": ref["id"],
                "number": entry.number,
                "kind": entry.kind,
                "title": entry.title or (entry.text if not entry.number else ""),
                "level": level,
                "parent": parent,
                "rule_count": item.rule_count,
                "links": ref["links"],
            }
        )
        for child in item.children:
            add(child, level + 1, entry.number or None)

    for item in selectors.table_of_contents(row):
        add(item, 0, None)
    return {
        "edition": edition_ref(row),
        "items": items,
        "links": {
            "self": request.path,
            "html": row.get_absolute_url(),
            "edition": api_url("edition", **edition_args(row)),
        },
    }


def _terms(matcher: TermMatcher, game: str, texts: list[str]) -> list[dict]:
    found: dict[str, dict] = {}
    for text in texts:
        for start, end, key in matcher.spans(text):
            found.setdefault(
                key, {"key": key, "form": text[start:end], "links": {"self": api_url("term", game=game, key=key)}}
            )
    return list(found.values())


def _entry(entry: Entry, edition: Edition, targets: dict, matcher: TermMatcher, numbers: dict[int, str]) -> dict:
    """An entry with its text, examples, references (``targets``: where each leads), terms, and its
    parent's number (``numbers``: entry id → number, of the entries around it)."""
    data = entry_ref(entry, edition)
    examples = []
    for example in entry.examples.all():
        scenario = scenario_for_example(entry, example) if entry.number else None
        examples.append(
            {
                "position": example.order,
                "label": example.label,
                "text": example.text,
                "scenario": None
                if scenario is None
                else {
                    "slug": scenario.slug,
                    "title": scenario.title(edition.language),
                    "links": {
                        "self": api_url("scenario-run", slug=scenario.slug),
                        "html": scenario_url(scenario.slug, language=edition.language),
                    },
                },
            }
        )
    references = []
    for reference in entry.cross_references.all():
        target = targets.get(reference.pk)
        references.append(
            {
                "number": reference.target_number,
                "text": reference.text,
                "target": entry_ref(target) if target is not None else None,
            }
        )
    data.update(
        text=entry.text,
        parent=numbers.get(entry.parent_id) if entry.parent_id else None,
        printed_twice=bool(entry.duplicate_of_id),
        changed_by_publisher=entry.changed_by_publisher,
        examples=examples,
        references=references,
        terms=_terms(matcher, edition.game.slug, [entry.text, *(e.text for e in entry.examples.all())]),
    )
    return data


def _matcher(edition: Edition) -> TermMatcher:
    forms = {tf.form: tf.key for tf in selectors.term_forms(edition.game.slug, edition.language)}
    return TermMatcher.build(edition.language, forms)


@router.get(
    "/editions/{game}/{language}/{edition}/rules/{number}",
    response=schemas.RuleOut,
    url_name="rule",
    summary="A rule with its subrules, examples, cross-references both ways, terms and translations",
)
@decorate_view(for_game)
def rule(
    request,
    game: str,
    language: str,
    edition: str,
    number: str = NUMBER,
    page: int = Query(1, ge=1),
    per_page: int = Query(DEFAULT_PER_PAGE * 2, ge=1, le=MAX_PER_PAGE),
):
    """A chapter, section, rule or subrule, with everything printed under it (``subrules``, in pages),
    its place (ancestors, previous, next), what cites it, and the same rule in every other language."""
    row = lookup.edition(game, language, edition)
    found = lookup.entries(row, number)
    main = found[0]
    below = selectors.subtree(main)
    shown, pagination = page_of(request, below, page, per_page)
    ancestors = selectors.ancestors(main)
    numbers = {e.pk: e.number for e in [*ancestors, *found, *below]}
    targets = selectors.reference_targets(row, [*found, *shown])
    matcher = _matcher(row)
    data = _entry(main, row, targets, matcher, numbers)
    previous, following = selectors.neighbours(main)
    translations = [
        {"language": lang, "edition": edition_ref(other), "entry": entry_ref(same, other) if same else None}
        for lang, (other, same) in selectors.aligned_entries(main).items()
    ]
    data.update(
        ancestors=[entry_ref(e, row) for e in ancestors],
        previous=entry_ref(previous, row) if previous else None,
        next=entry_ref(following, row) if following else None,
        subrules=[_entry(e, row, targets, matcher, numbers) for e in shown],
        pagination=pagination,
        cited_by=[entry_ref(e, row) for e in selectors.cited_by(found)],
        printed_again=[_entry(e, row, targets, matcher, numbers) for e in found[1:]],
        translations=translations,
    )
    data["links"]["edition"] = api_url("edition", **edition_args(row))
    return data


@router.get(
    "/concepts/{game}/{concept}",
    response=schemas.ConceptOut,
    url_name="concept",
    summary="One rule in every language and edition",
)
@decorate_view(for_game)
def concept(request, game: str, concept: int):
    """The entries that are the same rule (one concept), per language, newest edition first. A
    concept id survives re-imports (``rules/concepts.py`` reuses them)."""
    editions = lookup.game_editions(game)
    order = {e.pk: i for i, e in enumerate(sorted(editions, key=lambda e: e.language))}
    by_edition = {e.pk: e for e in editions}
    rows = [
        e
        for e in Entry.objects.filter(concept_id=concept, edition__game__slug=game).order_by("order")
        if e.edition_id in by_edition
    ]
    if not rows:
        raise ApiError(404, "unknown_concept", f"{game} has no concept {concept}")
    rows.sort(key=lambda e: order[e.edition_id])
    return {
        "id": concept,
        "game": game,
        "entries": [
            {
                "edition": edition_ref(by_edition[e.edition_id]),
                "entry": entry_ref(e, by_edition[e.edition_id]),
                "text": e.text,
            }
            for e in rows
        ],
        "links": {"self": api_url("concept", game=game, concept=concept)},
    }


@router.get(
    "/editions/{game}/{language}/{edition}/rules/{number}/history",
    response=schemas.HistoryOut,
    url_name="rule-history",
    summary="A rule in every edition of its language, each against the version before",
)
@decorate_view(for_game)
def history(request, game: str, language: str, edition: str, number: str = NUMBER):
    row = lookup.edition(game, language, edition)
    main = lookup.entries(row, number)[0]
    versions = []
    for version in rule_versions(main):
        change = version.change
        versions.append(
            {
                "edition": edition_ref(version.edition),
                "entry": entry_ref(version.entry, version.edition) if version.entry is not None else None,
                "change": change.kind if change is not None else None,
                "pieces": [(p.op, p.text) for p in change.pieces] if change is not None else [],
            }
        )
    args = {**edition_args(row), "number": number}
    return {
        "rule": entry_ref(main, row),
        "versions": versions,
        "links": {
            "self": api_url("rule-history", **args),
            "html": reverse("compare:history", args=[game, language, row.slug, number]),
            "rule": api_url("rule", **args),
        },
    }


__all__ = ["router", "edition_id", "entry_id"]
