"""One edition's entries as its pages and the workbench show them: the table of contents, an entry with
what is printed under it, its chapter and neighbours, the numbers near one it lacks, where its
cross-references lead and what cites it, the entries under a scope with their parts attached.

Everything here reads one edition by its own numbers. Anything that finds "the same rule" in another
edition goes through ``alignment.py``; the two reads that look a number up elsewhere on purpose say so
(``editions_with_number``, ``reference_targets``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db.models import Count, F, Q

from rulesref.core.games import scheme_name

from ..models import CrossReference, Edition, Entry
from ..parsers import numbers
from .editions import fallback_editions

LEVELS = {Entry.Kind.CHAPTER: 0, Entry.Kind.SECTION: 1, Entry.Kind.RULE: 2, Entry.Kind.SUBRULE: 3}


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


def entry_numbered(edition: Edition, number: str) -> Entry | None:
    """The entry ``number`` names in ``edition`` (the first printing of a number printed twice), or None."""
    return (
        Entry.objects.in_edition(edition)
        .filter(number=number)
        .order_by("duplicate_of", "order")
        .select_related("edition__game")
        .first()
    )


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


def nearest_numbers(edition: Edition, number: str, count: int = 3) -> tuple[list[Entry], list[Entry]]:
    """Numbers of ``edition`` just before and just after where ``number`` would stand (each in order)."""
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
    return before, after


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


def attach_parts(entries: list[Entry], edition: Edition) -> list[Entry]:
    """Give each entry of ``edition`` its ``example_list`` and ``reference_list`` (in order), and the
    ``edition`` object itself.

    Two queries for any number of entries: Django's ``prefetch_related`` spends most
    of its time building one related manager per row (6× slower on a 3,000-rule edition).
    """
    from ..models import Example

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
