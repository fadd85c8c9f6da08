"""Compiling the UI catalogs (locale/*/LC_MESSAGES/django.po) with Babel.

No GNU gettext needed. A catalog with fuzzy or untranslated messages still
compiles, but :func:`catalog_problems` lists them so a test can refuse them.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


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
