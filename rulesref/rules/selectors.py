"""Reads that span several models: where a cross-reference leads."""

from __future__ import annotations

import datetime
import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from rulesref.core.games import scheme_name

from .models import (
    Card,
    CardName,
    CrossReference,
    Edition,
    EditionAlignment,
    Entry,
    EntryLink,
    Game,
    GlossaryEntry,
    Term,
    TermForm,
)
from .parsers import numbers

_snapshots: dict[str, tuple[str, list[Edition]]] = {}


def editions_of(game: str) -> list[Edition]:
    """Every edition of ``game``, newest first (game and source edition loaded), read once per
    change of the data (``content_version``) and kept in the process: pages ask for them
    many times, and there are a handful."""
    fingerprint = content_version(game).fingerprint
    cached = _snapshots.get(game)
    if cached is not None and cached[0] == fingerprint:
        return cached[1]
    editions = list(
        Edition.objects.for_game(game)
        .select_related("game", "translates")
        .defer("report", "translates__report")
        .newest_first()
    )
    _snapshots[game] = (fingerprint, editions)
    return editions


def fallback_editions(edition: Edition) -> list[Edition]:
    """Where to look for a rule this edition cites but does not contain.

    First the edition it translates, then the same language's other editions,
    then every other edition of the game, newest first.
    """
    others = [e for e in editions_of(edition.game.slug) if e.pk != edition.pk]
    order = []
    if edition.translates_id:
        order.extend(e for e in others if e.pk == edition.translates_id)
    order.extend(e for e in others if e.language == edition.language and e not in order)
    order.extend(e for e in others if e not in order)
    return order


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
    from .alignment import similarity

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

LEVELS = {Entry.Kind.CHAPTER: 0, Entry.Kind.SECTION: 1, Entry.Kind.RULE: 2, Entry.Kind.SUBRULE: 3}


@dataclass
class ContentVersion:
    """What a page of one game depends on: its editions (re-imports) and the term and card lists."""

    last_modified: datetime.datetime | None
    fingerprint: str


def content_version(game: str) -> ContentVersion:
    """One query's worth of state that changes whenever a page of ``game`` could change.

    Editions keep their ids across re-imports but get a new ``imported_at``; a glossary
    sync recreates terms and cards with new ids. Every page asks this first (for its ETag),
    so it is one plain SQL statement: compiling ORM queries costs more than running them.
    """
    tables = {
        "edition": Edition._meta.db_table,
        "game": Game._meta.db_table,
        "term": Term._meta.db_table,
        "form": TermForm._meta.db_table,
        "card": Card._meta.db_table,
        "name": CardName._meta.db_table,
    }
    sql = """
        SELECT MAX(e.imported_at), COUNT(e.id), SUM(e.id), SUM(e.translates_id),
          (SELECT COUNT(f.id) FROM {form} f JOIN {term} t ON t.id = f.term_id WHERE t.game_id = g.id),
          (SELECT MAX(f.id) FROM {form} f JOIN {term} t ON t.id = f.term_id WHERE t.game_id = g.id),
          (SELECT COUNT(n.id) FROM {name} n JOIN {card} c ON c.id = n.card_id WHERE c.game_id = g.id),
          (SELECT MAX(n.id) FROM {name} n JOIN {card} c ON c.id = n.card_id WHERE c.game_id = g.id)
        FROM {game} g LEFT JOIN {edition} e ON e.game_id = g.id
        WHERE g.slug = %s GROUP BY g.id
    """.format(**tables)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game])
        row = cursor.fetchone()
    if row is None:
        return ContentVersion(None, "none")
    last = row[0]
    if isinstance(last, str):
        last = parse_datetime(last)
    if last is not None and timezone.is_naive(last):
        last = timezone.make_aware(last, datetime.UTC)
    return ContentVersion(last, hashlib.sha256(repr(row).encode()).hexdigest()[:20])


def edition_named(game: str, language: str, slug: str) -> Edition | None:
    return next((e for e in editions_of(game) if e.language == language and e.slug == slug), None)


def game_editions(game: str) -> dict[str, list[Edition]]:
    """Every edition of ``game`` per language, newest first, with entry counts."""
    by_language: dict[str, list[Edition]] = {}
    for edition in Edition.objects.for_game(game).with_counts().select_related("game", "translates").newest_first():
        by_language.setdefault(edition.language, []).append(edition)
    return dict(sorted(by_language.items()))


@dataclass
class TocItem:
    entry: Entry
    children: list[TocItem] = field(default_factory=list)
    rule_count: int = 0


def table_of_contents(edition: Edition) -> list[TocItem]:
    """Chapters with their sections, sections without a chapter, and any rule or note that
    stands outside both (fragments, front matter), in source order, with rule counts."""
    rows = (
        Entry.objects.in_edition(edition)
        .filter(Q(kind__in=[Entry.Kind.CHAPTER, Entry.Kind.SECTION]) | Q(parent__isnull=True))
        .select_related("edition__game")
        .defer("edition__report")
        .in_source_order()
    )
    # Rules and subrules counted towards every entry above them: two plain reads, no joins.
    parents = dict(Entry.objects.in_edition(edition).rules().values_list("pk", "parent_id").order_by())
    below: dict[int, int] = {}
    for parent in parents.values():
        while parent is not None:
            below[parent] = below.get(parent, 0) + 1
            parent = parents.get(parent)
            if parent is None:
                break
    items: dict[int, TocItem] = {}
    top: list[TocItem] = []
    for entry in rows:
        item = items[entry.pk] = TocItem(entry)
        parent = items.get(entry.parent_id) if entry.parent_id else None
        if parent is not None:
            parent.children.append(item)
        else:
            top.append(item)
    for pk, item in items.items():
        item.rule_count = below.get(pk, 0)
    for item in top:
        if item.children:
            item.rule_count = sum(child.rule_count for child in item.children)
    return top


def entries_numbered(edition: Edition, number: str) -> list[Entry]:
    """Every entry printed with ``number`` in ``edition`` (two where the source repeats it)."""
    return list(Entry.objects.in_edition(edition).by_number(number).numbered().for_display().in_source_order())


def subtree(entry: Entry) -> list[Entry]:
    """Everything printed under ``entry`` (rules, subrules, notes), in source order.

    An entry's content runs until the next entry of its own level or above.
    """
    higher = [kind for kind, level in LEVELS.items() if level <= LEVELS.get(entry.kind, 3)]
    after = Entry.objects.in_edition(entry.edition).filter(order__gt=entry.order)
    end = after.filter(kind__in=higher).in_source_order().values_list("order", flat=True).first()
    if end is not None:
        after = after.filter(order__lt=end)
    return list(after.for_display().in_source_order())


def children_of(entry: Entry) -> list[Entry]:
    """A chapter's sections (or any entry's direct children), with their rule counts."""
    return list(
        entry.children.numbered()
        .annotate(
            rules=Count("children", filter=Q(children__kind=Entry.Kind.RULE), distinct=True),
            subrules=Count("children__children", filter=Q(children__children__kind=Entry.Kind.SUBRULE), distinct=True),
        )
        .select_related("edition__game")
        .defer("edition__report")
        .in_source_order()
    )


def ancestors(entry: Entry) -> list[Entry]:
    """The chapter, section and rule ``entry`` sits in, outermost first."""
    chain = []
    current = entry
    while current.parent_id:
        current = Entry.objects.select_related("edition__game").defer("edition__report").get(pk=current.parent_id)
        chain.append(current)
    return chain[::-1]


def neighbours(entry: Entry) -> tuple[Entry | None, Entry | None]:
    """The previous and next entry of the same sort (chapter, section, or rule/subrule)."""
    if entry.kind in (Entry.Kind.RULE, Entry.Kind.SUBRULE):
        kinds = [Entry.Kind.RULE, Entry.Kind.SUBRULE]
    else:
        kinds = [entry.kind]
    same = (
        Entry.objects.in_edition(entry.edition)
        .filter(kind__in=kinds)
        .select_related("edition__game")
        .defer("edition__report")
    )
    previous = same.filter(order__lt=entry.order).order_by("-order").first()
    following = same.filter(order__gt=entry.order).exclude(number=entry.number).order_by("order").first()
    if previous is not None and previous.number == entry.number:
        # The first of a repeated number is the neighbour of neither.
        previous = same.filter(order__lt=previous.order).exclude(number=entry.number).order_by("-order").first()
    return previous, following


def nearest_numbers(edition: Edition, number: str, count: int = 3) -> list[Entry]:
    """Numbers of ``edition`` just before and after where ``number`` would stand."""
    key = numbers.get_scheme(scheme_name(edition.game.slug)).sort_key(number)
    numbered = (
        Entry.objects.in_edition(edition)
        .numbered()
        .exclude(sort_key="")
        .select_related("edition__game")
        .defer("edition__report")
    )
    before = list(numbered.filter(sort_key__lt=key).order_by("-sort_key")[:count])[::-1]
    after = list(numbered.filter(sort_key__gt=key).order_by("sort_key")[:count])
    return before + after


def editions_with_number(edition: Edition, number: str) -> list[Entry]:
    """Where a number this edition lacks is printed: the first such entry of every other edition.

    A look-up by the printed number, for a reader who typed it; not an alignment (the
    same number may be another rule elsewhere).
    """
    found = (
        Entry.objects.filter(edition__game_id=edition.game_id, number=number, duplicate_of__isnull=True)
        .exclude(edition=edition)
        .numbered()
        .select_related("edition__game")
        .defer("edition__report")
        .order_by("edition__language", F("edition__effective_date").desc(nulls_last=True))
    )
    seen: set[int] = set()
    result = []
    for entry in found:
        if entry.edition_id not in seen:
            seen.add(entry.edition_id)
            result.append(entry)
    return result


def reference_targets(edition: Edition, entries: list[Entry]) -> dict[int, Entry]:
    """The entry every followable cross-reference of ``entries`` leads to.

    Resolved in its own edition, it leads there; otherwise to the same number in the
    first fallback edition that has it (the edition this one translates first); a
    reference no imported edition has is missing from the result.
    """
    targets: dict[int, Entry] = {}
    resolved: dict[int, int] = {}
    missing: set[str] = set()
    for entry in entries:
        for ref in entry.cross_references.all():
            if ref.target_id:
                resolved[ref.pk] = ref.target_id
            else:
                missing.add(ref.target_number)
    if resolved:
        rows = (
            Entry.objects.filter(pk__in=set(resolved.values())).select_related("edition__game").defer("edition__report")
        )
        by_pk = {row.pk: row for row in rows}
        targets.update({ref: by_pk[pk] for ref, pk in resolved.items() if pk in by_pk})
    if missing:
        fallbacks = fallback_editions(edition)
        rank = {e.pk: i for i, e in enumerate(fallbacks)}
        found: dict[str, Entry] = {}
        candidates = (
            Entry.objects.filter(edition__in=fallbacks, number__in=missing, duplicate_of__isnull=True)
            .select_related("edition__game")
            .defer("edition__report")
        )
        for candidate in candidates:
            best = found.get(candidate.number)
            if best is None or rank[candidate.edition_id] < rank[best.edition_id]:
                found[candidate.number] = candidate
        for entry in entries:
            for ref in entry.cross_references.all():
                if not ref.target_id and ref.target_number in found:
                    targets[ref.pk] = found[ref.target_number]
    return targets


def cited_by(entries: list[Entry]) -> list[Entry]:
    """The entries of the same edition whose text cites one of ``entries``."""
    citing = (
        Entry.objects.filter(cross_references__target__in=entries)
        .exclude(pk__in=[e.pk for e in entries])
        .select_related("edition__game")
        .defer("edition__report")
        .distinct()
        .in_source_order()
    )
    return list(citing)


def newest_edition(game: str, language: str) -> Edition | None:
    return next((e for e in editions_of(game) if e.language == language), None)


# Glossary -----------------------------------------------------------------


def glossary_terms(edition: Edition) -> list[str]:
    """The terms of an edition's glossary as printed, in source order."""
    return list(GlossaryEntry.objects.filter(edition=edition).order_by("position").values_list("term", flat=True))


def glossary_entries_named(edition: Edition, terms: list[str]) -> list[GlossaryEntry]:
    entries = list(GlossaryEntry.objects.filter(edition=edition, term__in=terms).order_by("position"))
    for entry in entries:
        entry.edition = edition
    return entries


_vocabularies: dict[str, tuple[str, list[tuple[int, str, str, str, bool]], dict[str, dict[str, str]]]] = {}


def _vocabulary(game: str):
    """The term list and card names of ``game``, read once per change of the data:
    ([(term id, term key, language, form, preferred)…], {language: {card name: card key}})."""
    fingerprint = content_version(game).fingerprint
    cached = _vocabularies.get(game)
    if cached is not None and cached[0] == fingerprint:
        return cached[1], cached[2]
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
    _vocabularies[game] = (fingerprint, forms, names)
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


_term_indexes: dict[int, tuple[object, dict[str, int]]] = {}


def _glossary_index(edition: Edition) -> dict[str, int]:
    """{casefolded term: glossary entry id} of one edition, read once per import of it."""
    cached = _term_indexes.get(edition.pk)
    if cached is not None and cached[0] == edition.imported_at:
        return cached[1]
    index: dict[str, int] = {}
    for pk, term in GlossaryEntry.objects.filter(edition=edition).order_by("position").values_list("pk", "term"):
        index.setdefault(term.casefold(), pk)
    _term_indexes[edition.pk] = (edition.imported_at, index)
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
    for language in sorted(set(languages.values_list("language", flat=True))):
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


def entries_using(edition: Edition, pattern: re.Pattern, limit: int = 100) -> tuple[list[Entry], int]:
    """Rules of ``edition`` whose text matches ``pattern`` (the first ``limit``) and how many there are."""
    matching = [
        pk
        for pk, text in Entry.objects.in_edition(edition).rules().in_source_order().values_list("pk", "text")
        if pattern.search(text)
    ]
    shown = (
        Entry.objects.filter(pk__in=matching[:limit])
        .select_related("edition__game")
        .defer("edition__report")
        .in_source_order()
    )
    return list(shown), len(matching)


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
    for language in sorted(set(languages.values_list("language", flat=True))):
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


def entries_numbered_in(edition: Edition, wanted: list[str]) -> list[Entry]:
    """The entries of ``edition`` printed with one of ``wanted`` (a glossary entry's rules), in order."""
    return list(
        Entry.objects.in_edition(edition)
        .numbered()
        .filter(number__in=wanted, duplicate_of__isnull=True)
        .select_related("edition__game")
        .defer("edition__report")
        .in_source_order()
    )


def term_ids(game: str, keys: list[str]) -> dict[str, int]:
    """{term key: term id} for the bundled terms of ``game`` named by ``keys``."""
    wanted = set(keys)
    return {key: term_id for term_id, key, *_rest in _vocabulary(game)[0] if key in wanted}


_listing_cache: dict[str, list[dict]] = {}


def home_listing() -> list[dict]:
    """Every game with its editions (newest first per language) and their rule counts.

    Counting a few tens of thousands of entries costs more than the rest of the home page,
    so the counts are kept per process until an import or a sync changes the data.
    """
    version = "|".join(content_version(slug).fingerprint for slug in Game.objects.values_list("slug", flat=True))
    cached = _listing_cache.get(version)
    if cached is not None:
        return cached
    counts: dict[int, int] = {}
    for edition_id, n in (
        Entry.objects.rules().values("edition_id").annotate(n=Count("pk")).values_list("edition_id", "n")
    ):
        counts[edition_id] = n
    games: dict[int, dict] = {}
    editions = Edition.objects.select_related("game", "translates").order_by(
        "game__slug", "language", F("effective_date").desc(nulls_last=True), "slug"
    )
    for edition in editions:
        game = games.setdefault(edition.game_id, {"slug": edition.game.slug, "languages": {}})
        edition.rule_count = counts.get(edition.pk, 0)
        game["languages"].setdefault(edition.language, []).append(edition)
    listing = list(games.values())
    _listing_cache.clear()
    _listing_cache[version] = listing
    return listing


def edition_slugs(game: str | None = None) -> set[str]:
    """The slugs of every imported edition (of ``game``), for checking an ``edition:`` filter."""
    editions = Edition.objects.for_game(game) if game else Edition.objects.all()
    return set(editions.values_list("slug", flat=True))


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
