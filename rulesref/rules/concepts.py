"""Writes that keep a game's alignment current: edition pairs, entry links, concepts.

Which editions are paired (all of one game):
- a translation and the edition it translates: the stated one (``--translates``),
  or, for a translation that states none (the Japanese rules viewer page), the
  original-language edition it fits best (``alignment.fit``), recorded as inferred
  with every candidate's score in the edition's report;
- consecutive dated editions of one language, older → newer; an edition with no
  date (a fragment of an unknown edition) is paired with the dated edition of its
  language that shares the most text with it.

A pair is recomputed when either side was re-imported (its sha256 changed), and
dropped when it is no longer wanted (an edition imported between two others).
Then the game's concepts are rebuilt from the one-to-one links, reusing the ids
entries had before (by majority), so that anything bound to a concept survives.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from django.db import transaction
from django.db.models import Count

from rulesref.core.games import get_game

from .alignment import (
    Groups,
    Item,
    Link,
    align_editions,
    align_translation,
    counts,
    fit,
    normalise,
    translation_counts,
)
from .bulk import refresh_statistics, update_rows
from .markup import to_plain
from .models import (
    CardName,
    Concept,
    CrossReference,
    Edition,
    EditionAlignment,
    Entry,
    EntryLink,
    Example,
    Game,
    TermForm,
)
from .parsers import has_markup, numbers
from .structure_alignment import Vocabulary

BATCH = 1000
# Method order when joining entries into concepts: the surest links first.
METHOD_RANK = {
    "translation": 0,
    "source": 1,
    "number": 1,
    "text": 2,
    "parent": 2,
    "renamed": 2,
    "structure": 3,
    "position": 3,
    "children": 3,
}


def alignment_refresh(*, game: Game, rebuild_concepts: bool = True) -> None:
    """Bring the game's edition pairs, entry links and concepts up to date (without
    ``rebuild_concepts``, the pairs and links only: see :func:`concepts_complete`)."""
    editions = list(Edition.objects.filter(game=game).select_related("game", "translates"))
    _infer_sources(game, editions)
    wanted = _wanted_pairs(game, editions)
    existing = {(a.source_id, a.target_id): a for a in EditionAlignment.objects.filter(game=game)}
    stale = [a.pk for pair, a in existing.items() if pair not in wanted]
    EditionAlignment.objects.filter(pk__in=stale).delete()
    by_id = {edition.pk: edition for edition in editions}
    items: dict[int, list[Item]] = {}
    refreshed: set[tuple[int, int]] = set()
    for (source_id, target_id), kind in _in_dependency_order(wanted, by_id):
        source, target = by_id[source_id], by_id[target_id]
        current = existing.get((source_id, target_id))
        through = _through_pairs(source, target, kind, wanted)
        if (
            current is not None
            and current.kind == kind
            and current.source_sha256 == source.source_sha256
            and current.target_sha256 == target.source_sha256
            and not (through and refreshed & set(through))
        ):
            continue
        for edition in (source, target):
            if edition.pk not in items:
                items[edition.pk] = edition_items(edition)
        _store_pair(game, source, target, kind, items[source.pk], items[target.pk], current, through)
        refreshed.add((source_id, target_id))
    refresh_statistics(EditionAlignment, EntryLink)
    if rebuild_concepts:
        concepts_rebuild(game=game)
        refresh_statistics(Concept)


def concepts_complete(*, game: Game) -> bool:
    """Rebuild the game's concepts when an import deferred it (some entry has no concept, which a
    rebuild never leaves), in one transaction; whether it did.

    Rebuilding every concept of a game costs a pass over all its entries and links: done after
    each of 125 editions imported in a row it made an archive import quadratic. The editions'
    own transactions still align each with its neighbours; this is the one step they defer, and
    it is found undone (entries without a concept) by the next run after a kill.
    """
    if not Entry.objects.filter(edition__game=game, concept__isnull=True).exists():
        return False
    with transaction.atomic():
        concepts_rebuild(game=game)
        refresh_statistics(Concept)
    return True


def edition_items(edition: Edition, *, numbers: set[str] | None = None) -> list[Item]:
    """An edition's entries (or only those with ``numbers``) as alignment items, in document order."""
    entries = Entry.objects.filter(edition=edition)
    if numbers is not None:
        entries = entries.filter(number__in=numbers)
    # Values, not model instances: building ~3,000 entries with their examples and references as
    # objects took 1.4 s of a 2.5 s archive edition's import (twice per import: both sides of a pair);
    # as tuples, 0.3 s.
    rows = entries.order_by("order").values_list("pk", "kind", "number", "title", "text", "parent_id")
    examples: dict[int, list[str]] = defaultdict(list)
    for entry_id, text in (
        Example.objects.filter(entry__in=entries.values("pk"))
        .order_by("entry_id", "order")
        .values_list("entry_id", "text")
    ):
        examples[entry_id].append(text)
    references: dict[int, list[str]] = defaultdict(list)
    for entry_id, target in (
        CrossReference.objects.filter(entry__in=entries.values("pk"))
        .order_by("entry_id", "id")
        .values_list("entry_id", "target_number")
    ):
        references[entry_id].append(target)
    markup = has_markup(edition.format)
    found = []
    for pk, kind, number, title, text, parent in rows:
        parts = [title] if title and title != text else []
        parts.append(text)
        parts.extend(examples.get(pk, ()))
        text = "\n".join(p for p in parts if p)
        found.append(
            Item(
                id=pk,
                kind=kind,
                number=number,
                # Marks of a source with structure (*emphasis*, "- " items) are not words.
                text=to_plain(text) if markup else text,
                parent=parent,
                references=tuple(references.get(pk, ())),
                examples=len(examples.get(pk, ())),
            )
        )
    return found


def _infer_sources(game: Game, editions: list[Edition]) -> None:
    """A translation that states no source is paired with the original edition it fits best."""
    original = get_game(game.slug).original_language
    candidates = [e for e in editions if e.language == original]
    for edition in editions:
        if edition.language == original or edition.translates_key:
            continue
        if not candidates:
            if edition.translates_id is not None:
                edition.translates, edition.translates_inferred = None, False
                edition.save(update_fields=["translates", "translates_inferred"])
            continue
        translation = edition_items(edition)
        numbers = {item.number for item in translation if item.number}
        scores = {c.pk: fit(edition_items(c, numbers=numbers), translation) for c in candidates}
        # Ties go to the newer edition.
        best = max(candidates, key=lambda c: (scores[c.pk], c.effective_date.toordinal() if c.effective_date else 0))
        report = dict(edition.report)
        report["source_fit"] = {
            "chosen": f"{best.language}:{best.slug}",
            "scores": {f"{c.language}:{c.slug}": scores[c.pk] for c in candidates},
        }
        if edition.translates_id != best.pk or not edition.translates_inferred or report != edition.report:
            edition.translates, edition.translates_inferred, edition.report = best, True, report
            edition.save(update_fields=["translates", "translates_inferred", "report"])


def _wanted_pairs(game: Game, editions: list[Edition]) -> dict[tuple[int, int], str]:
    wanted: dict[tuple[int, int], str] = {}
    for edition in editions:
        if edition.translates_id:
            wanted[(edition.translates_id, edition.pk)] = EditionAlignment.Kind.TRANSLATION
    by_language: dict[str, list[Edition]] = defaultdict(list)
    for edition in editions:
        by_language[edition.language].append(edition)
    for group in by_language.values():
        dated = sorted((e for e in group if e.effective_date), key=lambda e: e.effective_date)
        for older, newer in zip(dated, dated[1:], strict=False):
            wanted[(older.pk, newer.pk)] = EditionAlignment.Kind.SUCCESSOR
        undated = [e for e in group if not e.effective_date]
        for edition in undated:
            partner = _closest(edition, dated or [e for e in undated if e.pk != edition.pk])
            if partner is not None and (partner.pk, edition.pk) not in wanted:
                wanted[(edition.pk, partner.pk)] = EditionAlignment.Kind.SUCCESSOR
    return wanted


def _closest(edition: Edition, others: list[Edition]) -> Edition | None:
    """The edition that shares the most (normalised) text with ``edition``; ties go to the newest."""
    if not others:
        return None
    scheme = numbers.get_scheme(get_game(edition.game.slug).numbering)
    ours = {normalise(item.text, scheme) for item in edition_items(edition)}

    def shared(other: Edition) -> tuple:
        theirs = {normalise(item.text, scheme) for item in edition_items(other)}
        return (len(ours & theirs), other.effective_date.toordinal() if other.effective_date else 0)

    return max(others, key=shared)


def _in_dependency_order(wanted: dict[tuple[int, int], str], by_id: dict[int, Edition]):
    """Translations first, then the original language's consecutive editions, then the translations':
    a translation's two editions are paired through the pairs of the editions they translate."""

    def rank(item):
        (source_id, target_id), kind = item
        if kind == EditionAlignment.Kind.TRANSLATION:
            return 0
        return 2 if by_id[source_id].translates_id and by_id[target_id].translates_id else 1

    return sorted(wanted.items(), key=rank)


def _through_pairs(source: Edition, target: Edition, kind: str, wanted) -> dict[tuple[int, int], str]:
    """The three aligned edition pairs through which two editions of a translation pair (their sources'
    translations and the sources' own succession), or {} when there are not three."""
    if kind != EditionAlignment.Kind.SUCCESSOR or not (source.translates_id and target.translates_id):
        return {}
    needed = {
        (source.translates_id, source.pk): EditionAlignment.Kind.TRANSLATION,
        (source.translates_id, target.translates_id): EditionAlignment.Kind.SUCCESSOR,
        (target.translates_id, target.pk): EditionAlignment.Kind.TRANSLATION,
    }
    if source.translates_id == target.translates_id or any(wanted.get(pair) != kind for pair, kind in needed.items()):
        return {}
    return needed


def _links_through(pairs: dict[tuple[int, int], str]) -> list[tuple[int, int, float]]:
    """(older translation entry, newer translation entry, score) composed of the one-to-one links of the
    three pairs: older translation ← older source → newer source → newer translation."""
    old_translation, succession, new_translation = (
        {
            source: (target, score)
            for source, target, score in EntryLink.objects.filter(
                alignment__source_id=a, alignment__target_id=b, relation__in=("same", "moved")
            )
            .order_by()
            .values_list("source_id", "target_id", "score")
        }
        for a, b in pairs
    )
    composed = []
    for old_source, (new_source, score) in succession.items():
        if old_source in old_translation and new_source in new_translation:
            (old_entry, score_old), (new_entry, score_new) = old_translation[old_source], new_translation[new_source]
            composed.append((old_entry, new_entry, min(score, score_old, score_new)))
    return composed


def _store_pair(game, source, target, kind, source_items, target_items, current, through=None) -> None:
    if kind == EditionAlignment.Kind.TRANSLATION:
        vocabulary = game_vocabulary(game, source.language, target.language)
        links = align_translation(source_items, target_items, vocabulary=vocabulary)
        pair_counts = translation_counts(links, source_items, target_items)
    else:
        # The game's numbering says what a number cited in the texts looks like (masked: a renumbering
        # changes the citations too).
        links = align_editions(
            source_items,
            target_items,
            scheme=numbers.get_scheme(get_game(game.slug).numbering),
            through=_links_through(through) if through else (),
        )
        pair_counts = counts(links, source_items, target_items)
    if current is None:
        current = EditionAlignment(game=game, source=source, target=target)
    current.kind = kind
    current.source_sha256 = source.source_sha256
    current.target_sha256 = target.source_sha256
    current.counts = pair_counts
    current.save()
    current.links.all().delete()
    EntryLink.objects.bulk_create(
        (
            EntryLink(
                alignment=current,
                source_id=link.source,
                target_id=link.target,
                method=link.method,
                relation=link.relation,
                score=link.score,
            )
            for link in links
        ),
        batch_size=BATCH,
    )


def game_vocabulary(game: Game, source_language: str, target_language: str) -> Vocabulary:
    """The game's glossary terms and card names that have forms in both languages (anchors of a structure
    alignment)."""
    found: dict[tuple[str, int], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    languages = (source_language, target_language)
    for term, language, form in TermForm.objects.filter(term__game=game, language__in=languages).values_list(
        "term_id", "language", "form"
    ):
        found[("term", term)][language].append(form)
    for card, language, name in CardName.objects.filter(card__game=game, language__in=languages).values_list(
        "card_id", "language", "name"
    ):
        found[("card", card)][language].append(name)
    pairs = tuple(
        (tuple(forms[source_language]), tuple(forms[target_language]))
        for _, forms in sorted(found.items())
        if forms[source_language] and forms[target_language]
    )
    return Vocabulary(pairs)


def concepts_rebuild(*, game: Game) -> None:
    """Group the game's entries into concepts from the one-to-one links of every pair."""
    rows = list(Entry.objects.filter(edition__game=game).values_list("pk", "edition_id", "concept_id"))
    groups = Groups([(pk, edition) for pk, edition, _ in rows])
    links = [
        Link(source, target, method, relation, score)
        # No ordering (sorted below): the models' default orderings would join every edition and entry.
        for source, target, method, relation, score in EntryLink.objects.filter(
            alignment__game=game, relation__in=("same", "moved")
        )
        .order_by()
        .values_list("source_id", "target_id", "method", "relation", "score")
    ]
    # Translation links first (a translation follows its source rule for rule), then the surest links: a weak
    # link (two headings paired by their number alone) never outvotes a sure one of another pair that it
    # contradicts (Lorcana's German 1.8 of 2025 and of 2026 share a number, not a subject: the English
    # 1.8 moved to 1.9).
    links.sort(
        key=lambda link: (
            link.method != "translation",
            -link.score,
            METHOD_RANK.get(link.method, 9),
            link.source,
            link.target,
        )
    )
    for link in links:
        groups.join(link.source, link.target)
    previous = {pk: concept for pk, _, concept in rows}
    # Each group keeps the concept most of its entries had, unless a bigger group claimed it.
    claims = []
    for members in groups.groups().values():
        votes = Counter(previous[m] for m in members if previous[m] is not None)
        for concept, n in votes.most_common():
            claims.append((n, len(members), concept, min(members), members))
    claims.sort(key=lambda c: (-c[0], -c[1], c[3]))
    assigned: dict[int, int] = {}  # group (its smallest entry id) → concept
    used: set[int] = set()
    for _, _, concept, first, _ in claims:
        if first not in assigned and concept not in used:
            assigned[first] = concept
            used.add(concept)
    needs_new = [members for members in groups.groups().values() if min(members) not in assigned]
    new_concepts = Concept.objects.bulk_create([Concept(game=game) for _ in needs_new], batch_size=BATCH)
    if new_concepts and new_concepts[0].pk is None:
        raise RuntimeError("the database backend did not return the ids of new concepts")
    for members, concept in zip(needs_new, new_concepts, strict=True):
        assigned[min(members)] = concept.pk
    changed = []
    for members in groups.groups().values():
        concept = assigned[min(members)]
        changed.extend(Entry(pk=m, concept_id=concept) for m in members if previous[m] != concept)
    update_rows(Entry, changed, ["concept"])
    Concept.objects.filter(game=game).annotate(n=Count("entries")).filter(n=0).delete()
