"""Compiling the UI catalogs (locale/*/LC_MESSAGES/django.po) with Babel, and the messages they must hold.

No GNU gettext needed. A catalog with fuzzy or untranslated messages still
compiles, but :func:`catalog_problems` lists them so a test can refuse them;
:func:`catalog_messages` and :func:`source_messages` say whether a catalog holds
exactly the messages the code and templates ask for (no missing, no obsolete).
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.utils.translation.template import templatize

# A message as gettext keys it: (context or None, msgid) or, with plural forms, (context, (singular, plural)).
MessageKey = tuple[str | None, str | tuple[str, str]]

# Django's translation functions, as ``makemessages`` names them to xgettext (Babel's keyword specs).
KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}
# What makemessages reads as templates (its default extensions ``html`` and ``txt``).
TEMPLATE_SUFFIXES = (".html", ".txt")


def po_files(locale_dir: Path) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/django.po"))


def catalog_problems(po_path: Path) -> list[str]:
    """Fuzzy or empty translations in one catalog, as readable lines."""
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"{po_path}:{message.lineno}: fuzzy: {message.id!r}")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            problems.append(f"{po_path}:{message.lineno}: untranslated: {message.id!r}")
    return problems


def compile_catalogs(locale_dir: Path, *, force: bool = False) -> list[Path]:
    """Write django.mo beside every django.po that is newer than it; return what was written."""
    written = []
    for po_path in po_files(locale_dir):
        mo_path = po_path.with_suffix(".mo")
        if not force and mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=po_path.parent.parent.name)
        tmp = mo_path.with_suffix(".mo.tmp")
        with tmp.open("wb") as handle:
            write_mo(handle, catalog)
        tmp.replace(mo_path)
        written.append(mo_path)
    return written


def catalog_messages(po_path: Path) -> set[MessageKey]:
    """The messages one catalog translates (the header left out)."""
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    return {(message.context, message.id) for message in catalog if message.id}


def source_messages(source_dir: Path) -> set[MessageKey]:
    """Every message the Python modules and templates under ``source_dir`` ask to translate.

    The same set ``manage.py makemessages`` writes (checked against its template when the catalogs of
    issue 15 were made), without GNU gettext: templates go through Django's ``templatize`` (what
    makemessages hands to xgettext) and Babel's Python extractor reads the result.
    """
    found: set[MessageKey] = set()
    for path in sorted(source_dir.rglob("*")):
        if path.suffix == ".py":
            source = path.read_bytes()
        elif path.suffix in TEMPLATE_SUFFIXES:
            source = templatize(path.read_text(encoding="utf-8"), origin=str(path)).encode("utf-8")
        else:
            continue
        for _lineno, message, _comments, context in extract("python", io.BytesIO(source), keywords=KEYWORDS):
            found.add((context, message))
    return found
