"""Reads that span several models: where a cross-reference leads."""

from __future__ import annotations

from collections import Counter

from django.db.models import Q

from .models import CrossReference, Edition, EditionAlignment, Entry, EntryLink


def fallback_editions(edition: Edition) -> list[Edition]:
    """Where to look for a rule this edition cites but does not contain.

    First the edition it translates, then the same language's other editions,
    then every other edition of the game, newest first.
    """
    others = list(Edition.objects.for_game(edition.game.slug).exclude(pk=edition.pk).newest_first())
    order = []
    if edition.translates_id:
        order.extend(e for e in others if e.pk == edition.translates_id)
    order.extend(e for e in others if e.language == edition.language and e not in order)
    order.extend(e for e in others if e not in order)
    return order


def reference_links(edition: Edition, entries: list[Entry]) -> dict[int, str]:
    """URL for every cross-reference of ``entries`` that can be followed.

    A reference resolved in its own edition links there; an unresolved one links
    to the same number in the first fallback edition that has it, and has no
    link (it is shown as unresolved) when no imported edition has it.
    """
    links: dict[int, str] = {}
    missing: set[str] = set()
    for entry in entries:
        for ref in entry.cross_references.all():
            if ref.target_id:
                links[ref.pk] = (
                    ref.target.get_absolute_url() if ref.target.edition_id != edition.pk else f"#{ref.target.anchor}"
                )
            else:
                missing.add(ref.target_number)
    if not missing:
        return links
    fallbacks = fallback_editions(edition)
    found: dict[str, Entry] = {}
    rank = {e.pk: i for i, e in enumerate(fallbacks)}
    candidates = Entry.objects.filter(
        edition__in=fallbacks, number__in=missing, duplicate_of__isnull=True
    ).select_related("edition__game")
    for candidate in candidates:
        best = found.get(candidate.number)
        if best is None or rank[candidate.edition_id] < rank[best.edition_id]:
            found[candidate.number] = candidate
    for entry in entries:
        for ref in entry.cross_references.all():
            if not ref.target_id and ref.target_number in found:
                links[ref.pk] = found[ref.target_number].get_absolute_url()
    return links


# ---------------------------------------------------------------------------
# Import reports


def unresolved_references(edition: Edition) -> list[dict]:
    """Cross-references of ``edition`` to numbers it does not contain, in source order."""
    return [
        {"entry": number, "target": target}
        for number, target in CrossReference.objects.filter(entry__edition=edition, target__isnull=True)
        .order_by("entry__order", "id")
        .values_list("entry__number", "target_number")
    ]


def _numbered(edition: Edition) -> list[str]:
    return list(Entry.objects.in_edition(edition).rules().in_source_order().values_list("number", flat=True))


def numbering_differences(translation: Edition, source: Edition) -> dict:
    """Rule numbers of a translation against its source edition.

    Any difference is worth a translator's look: Duskmourn's English file prints
    702.175 twice where the Chinese follows the corrected 702.176.
    """
    ours, theirs = _numbered(translation), _numbered(source)
    ours_set, theirs_set = set(ours), set(theirs)
    ours_count, theirs_count = Counter(ours), Counter(theirs)
    return {
        "only_in_translation": [n for n in dict.fromkeys(ours) if n not in theirs_set],
        "only_in_source": [n for n in dict.fromkeys(theirs) if n not in ours_set],
        "repeated_in_translation": [n for n in dict.fromkeys(ours) if ours_count[n] > 1],
        "repeated_in_source": [n for n in dict.fromkeys(theirs) if theirs_count[n] > 1],
    }


def alignment_summary(edition: Edition) -> list[dict]:
    """Every aligned pair ``edition`` is part of: which editions, how paired, the counts."""
    pairs = (
        EditionAlignment.objects.filter(Q(source=edition) | Q(target=edition))
        .select_related("source", "target")
        .order_by("kind", "source__language", "source__effective_date", "target__language")
    )
    summary = []
    for pair in pairs:
        item = {
            "source": f"{pair.source.language}:{pair.source.slug}",
            "target": f"{pair.target.language}:{pair.target.slug}",
            "kind": pair.kind,
            "counts": pair.counts,
        }
        if pair.kind == EditionAlignment.Kind.TRANSLATION:
            item["basis"] = "inferred" if pair.target.translates_inferred else "stated"
            if pair.target.translates_inferred:
                item["fit"] = pair.target.report.get("source_fit", {})
            item.update(numbering_differences(pair.target, pair.source))
        summary.append(item)
    return summary


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
    editions = list(
        Edition.objects.for_game(edition.game.slug).in_language(language).newest_first().select_related("translates")
    )
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
    return Entry.objects.filter(edition=edition, concept_id=entry.concept_id).select_related("edition__game").first()


def aligned_entries(entry: Entry) -> dict[str, tuple[Edition, Entry | None]]:
    """For every other language the game has: (the aligned edition, the same rule there or None)."""
    languages = (
        Edition.objects.for_game(entry.edition.game.slug)
        .exclude(language=entry.edition.language)
        .values_list("language", flat=True)
        .distinct()
    )
    found = {}
    for language in sorted(set(languages)):
        edition = aligned_edition(entry.edition, language)
        if edition is not None:
            found[language] = (edition, same_rule_in(entry, edition))
    return found


def rule_history(entry: Entry) -> list[tuple[Edition, Entry | None]]:
    """The same rule in every edition of its language, newest first (None where it is absent)."""
    editions = Edition.objects.for_game(entry.edition.game.slug).in_language(entry.edition.language).newest_first()
    in_concept = {}
    if entry.concept_id is not None:
        for other in Entry.objects.filter(concept_id=entry.concept_id).select_related("edition__game"):
            in_concept.setdefault(other.edition_id, other)
    in_concept[entry.edition_id] = entry
    return [(edition, in_concept.get(edition.pk)) for edition in editions.select_related("game")]


def pair_links(source: Edition, target: Edition) -> list[dict]:
    """Entry pairs between any two editions of a game, with method and score.

    A directly aligned pair (a translation and its source, consecutive editions)
    gives its stored links; any other two editions are joined through concepts,
    the score being the text similarity for one language and 1.0 across languages.
    Only numbered entries, in the source edition's order.
    """
    from .alignment import similarity

    stored = EditionAlignment.objects.filter(source=source, target=target).first()
    reverse = stored is None and EditionAlignment.objects.filter(source=target, target=source).exists()
    if stored is not None or reverse:
        pair = stored or EditionAlignment.objects.get(source=target, target=source)
        links = EntryLink.objects.filter(alignment=pair).select_related("source", "target")
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
# Reads for the translator workbench (rulesref/compare): scopes, concepts, pairs.


def number_under(number: str, scope: str) -> bool:
    """Whether ``number`` is ``scope`` or printed under it, in one edition's own numbering.

    ``2`` (a chapter) holds the sections 200–299 and everything in them; ``208``
    holds ``208.1`` … ``208.5``; ``208.2`` holds ``208.2a`` (subrule letters follow
    the number directly) but not ``208.20``; Berserk's ``104.3`` holds ``104.3.1``.
    Numbers are only compared within one edition: across editions rules are joined
    through their concepts.
    """
    if not number or not scope:
        return False
    if number == scope or number.startswith(scope + "."):
        return True
    head = number.split(".", 1)[0]
    if "." not in scope and len(scope) == 1 and scope.isdigit():
        return len(head) == 3 and head.isdigit() and head.startswith(scope)
    if "." in scope and scope[-1].isdigit() and number.startswith(scope):
        rest = number[len(scope) :]
        return rest[:1].isalpha() and rest[:1].islower() and (rest[1:2] in ("", ".") or rest[1:2].isalpha())
    return False


def entries_under(edition: Edition, scope: str) -> list[Entry]:
    """The numbered entries of ``edition`` at or under ``scope`` (see :func:`number_under`), in
    source order, with their parts attached (:func:`attach_parts`)."""
    # Everything under a scope starts with it ("2" → "208.3a"); number_under sorts out "208.20".
    candidates = Entry.objects.in_edition(edition).numbered().filter(number__startswith=scope).in_source_order()
    return attach_parts([entry for entry in candidates if number_under(entry.number, scope)], edition)


def numbered_entries(edition: Edition) -> list[Entry]:
    """Every numbered entry of ``edition`` in source order, with their parts attached (:func:`attach_parts`)."""
    return attach_parts(list(Entry.objects.in_edition(edition).numbered().in_source_order()), edition)


def entries_of_concepts(edition: Edition, concept_ids) -> dict[int, Entry]:
    """concept id → the entry of ``edition`` that expresses it (one at most per edition)."""
    found = list(Entry.objects.in_edition(edition).filter(concept_id__in=list(concept_ids)))
    return {entry.concept_id: entry for entry in attach_parts(found, edition)}


def attach_parts(entries: list[Entry], edition: Edition) -> list[Entry]:
    """Give each entry of ``edition`` its ``example_list`` and ``reference_list`` (in order), and the
    ``edition`` object itself.

    Two queries for any number of entries: Django's ``prefetch_related`` spends most
    of its time building one related manager per row (6× slower on a 3,000-rule edition).
    """
    from .models import Example

    ids = {entry.pk for entry in entries}
    examples: dict[int, list] = {}
    references: dict[int, list] = {}
    if len(ids) > 500:
        example_rows = Example.objects.filter(entry__edition=edition)
        reference_rows = CrossReference.objects.filter(entry__edition=edition)
    else:
        example_rows = Example.objects.filter(entry_id__in=ids)
        reference_rows = CrossReference.objects.filter(entry_id__in=ids)
    for example in example_rows.order_by("entry_id", "order"):
        examples.setdefault(example.entry_id, []).append(example)
    for reference in reference_rows.order_by("entry_id", "id"):
        references.setdefault(reference.entry_id, []).append(reference)
    for entry in entries:
        # The edition object the caller holds, rather than one copy per row (its report is large).
        entry.edition = edition
        entry.example_list = examples.get(entry.pk, [])
        entry.reference_list = references.get(entry.pk, [])
    return entries


def newest_edition_like(edition: Edition) -> Edition:
    """The newest edition of ``edition``'s game and language (``edition`` itself if none is newer)."""
    return Edition.objects.newest(edition.game.slug, edition.language) or edition


def edition_by_slug(game: str, language: str, slug: str) -> Edition | None:
    """One edition by its (game, language, slug); the slug is the effective date where there is one."""
    return (
        Edition.objects.for_game(game)
        .in_language(language)
        .filter(slug=slug)
        .select_related("game", "translates")
        .first()
    )


def entry_pairs(source: Edition, target: Edition) -> list[tuple[int, int, str, str, float]]:
    """(source entry id, target entry id, method, relation, score) for two editions of a game.

    Like :func:`pair_links`, but with entry ids, so that a number printed twice
    (Duskmourn's 702.175) stays two entries: the stored links of a directly aligned
    pair (read backwards when only the other direction is stored, a split then
    reading as a merge), otherwise the entries that share a concept, with the
    text similarity as score within one language.
    """
    from .alignment import similarity

    stored = EditionAlignment.objects.filter(source=source, target=target).first()
    backwards = None if stored else EditionAlignment.objects.filter(source=target, target=source).first()
    if stored is not None or backwards is not None:
        links = EntryLink.objects.filter(alignment=stored or backwards).values_list(
            "source_id", "target_id", "method", "relation", "score"
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

    from .models import Term, TermForm

    forms = TermForm.objects.order_by("language", "-preferred", "pk")
    if languages is not None:
        forms = forms.filter(language__in=list(languages))
    return list(Term.objects.filter(game__slug=game).order_by("key").prefetch_related(Prefetch("forms", forms)))


def glossary_definitions(edition: Edition) -> dict[str, str]:
    """Lower-cased glossary term → definition, for one edition's printed glossary."""
    from .models import GlossaryEntry

    return {
        term.casefold(): definition
        for term, definition in GlossaryEntry.objects.filter(edition=edition)
        .order_by("-position")
        .values_list("term", "definition")
    }
