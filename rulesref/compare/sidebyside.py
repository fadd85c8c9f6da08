"""Rows of the side-by-side view: one per concept (a rule's identity), never per bare number.

Each column is one edition. The scope (a chapter, section or rule number) is read
in the first column's own numbering; every other column reads it at the number
that the first column's scope has there (the first column's 722 is 723 in the next
English edition), or at the same number when the first column has no entry of
that number (an Italian wiki page without its section heading). A rule of any
column's scope is a row; the other columns show the entry of the same concept,
wherever it stands in their numbering, or an empty cell. So a numbering mismatch
stays visible: Duskmourn's English prints 702.175 twice and the Chinese has
702.175 and 702.176, which are two rows, the second with two different numbers.

Examples line up by their position under the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rulesref.core.formatting import edition_label
from rulesref.rules.models import Edition, Entry, Example
from rulesref.rules.selectors import entries_of_concepts, entries_under, numbered_entries, same_rule_in

from .parts import examples_of
from .selection import SelectionError, edition_key


@dataclass
class Cell:
    edition: Edition
    entry: Entry | None

    @property
    def language(self) -> str:
        return self.edition.language

    @property
    def missing(self) -> bool:
        return self.entry is None


@dataclass
class ExampleCell:
    edition: Edition
    example: Example | None

    @property
    def language(self) -> str:
        return self.edition.language


@dataclass
class Row:
    key: int
    cells: list[Cell]
    examples: list[list[ExampleCell]] = field(default_factory=list)

    @property
    def present(self) -> list[Entry]:
        return [cell.entry for cell in self.cells if cell.entry is not None]

    @property
    def kind(self) -> str:
        return self.present[0].kind

    @property
    def numbers(self) -> list[str]:
        return [cell.entry.number if cell.entry else "" for cell in self.cells]

    @property
    def numbers_differ(self) -> bool:
        return len({entry.number for entry in self.present}) > 1

    @property
    def printed_twice(self) -> bool:
        return any(entry.duplicate_of_id for entry in self.present)

    @property
    def aligned(self) -> bool:
        """Present in at least two columns."""
        return len(self.present) >= 2


@dataclass
class SideBySide:
    columns: list[Edition]
    scope: str
    rows: list[Row]

    def as_json(self) -> dict:
        return {
            "columns": [edition_key(edition) for edition in self.columns],
            "scope": self.scope,
            "rows": [
                {
                    "concept": row.key,
                    "kind": row.kind,
                    "numbers_differ": row.numbers_differ,
                    "cells": [
                        None
                        if cell.entry is None
                        else {
                            "number": cell.entry.number,
                            "title": cell.entry.title,
                            "text": cell.entry.text,
                            "examples": [example.text for example in examples_of(cell.entry)],
                            "printed_twice": bool(cell.entry.duplicate_of_id),
                        }
                        for cell in row.cells
                    ],
                }
                for row in self.rows
            ],
        }


def _key(entry: Entry) -> int:
    # Every entry has a concept after an import; an entry without one is a row of its own.
    return entry.concept_id if entry.concept_id is not None else -entry.pk


def side_by_side(columns: list[Edition], scope: str) -> SideBySide:
    """The aligned rows of ``columns`` within ``scope`` (every numbered entry when ``scope`` is "")."""
    if not columns:
        return SideBySide(columns, scope, [])
    if not scope:
        return _build(columns, scope, [numbered_entries(edition) for edition in columns])
    anchor = columns[0]
    scoped = [entries_under(anchor, scope)]
    roots = [entry for entry in scoped[0] if entry.number == scope and not entry.duplicate_of_id]
    for edition in columns[1:]:
        there = same_rule_in(roots[0], edition) if roots else None
        scoped.append(entries_under(edition, there.number if there is not None else scope))
    if not any(scoped):
        raise SelectionError(
            _("No rule numbered %(scope)s in %(columns)s")
            % {"scope": scope, "columns": ", ".join(edition_label(e) for e in columns)}
        )
    return _build(columns, scope, scoped)


def _build(columns: list[Edition], scope: str, scoped: list[list[Entry]]) -> SideBySide:
    order = _row_order([[_key(entry) for entry in entries] for entries in scoped])
    cells_by_column = []
    for edition, entries in zip(columns, scoped, strict=True):
        found = {_key(entry): entry for entry in entries}
        wanted = [key for key in order if key not in found and key > 0]
        found.update(entries_of_concepts(edition, wanted))
        cells_by_column.append(found)
    rows = []
    for key in order:
        cells = [Cell(edition, found.get(key)) for edition, found in zip(columns, cells_by_column, strict=True)]
        row = Row(key=key, cells=cells)
        depth = max((len(examples_of(cell.entry)) for cell in cells if cell.entry), default=0)
        for index in range(depth):
            row.examples.append(
                [
                    ExampleCell(
                        cell.edition,
                        examples_of(cell.entry)[index] if cell.entry and index < len(examples_of(cell.entry)) else None,
                    )
                    for cell in cells
                ]
            )
        rows.append(row)
    return SideBySide(columns, scope, rows)


def _row_order(columns: list[list[int]]) -> list[int]:
    """Row keys in the first column's order; a key only a later column has goes right after
    the key that precedes it in that column."""
    after: dict[int | None, list[int]] = {}
    seen: set[int] = set()
    for keys in columns:
        last = None
        for key in keys:
            if key not in seen:
                # Right after its predecessor, before what already followed it.
                after.setdefault(last, []).insert(0, key)
                seen.add(key)
            last = key
    order: list[int] = []
    stack = list(reversed(after.get(None, [])))
    while stack:
        key = stack.pop()
        order.append(key)
        stack.extend(reversed(after.get(key, [])))
    return order
