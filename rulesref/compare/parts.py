"""An entry's examples and citations, whether loaded in bulk (``attach_parts``) or not."""

from __future__ import annotations

from rulesref.rules.models import Entry


def examples_of(entry: Entry) -> list:
    found = getattr(entry, "example_list", None)
    return found if found is not None else list(entry.examples.all())


def references_of(entry: Entry) -> list:
    found = getattr(entry, "reference_list", None)
    return found if found is not None else list(entry.cross_references.all())
