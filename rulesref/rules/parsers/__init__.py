"""One parser per source format, autodetected; pure Python, no Django.

Each format module has ``FORMAT`` (its name), ``GAME`` (the game whose rules it
holds, or None for a layout any game's rulebook may have: the game is then told by the
import's ``--game``, or by quickstart from the game names in the file's title block),
``detect(source) -> bool`` and ``parse(source) -> ParseResult``; an official
layout published per language for one date says ``SAME_DATE_AS_SOURCE = True``, one whose
translations state the version of the original they translate ``SAME_VERSION_AS_SOURCE = True``
(``stated_language(lines)`` may tell the language the first lines state; ``refusal(source)`` may
say why a file no format reads is not rules of its kind, a known neighbour), and a
format whose files state their own edition and language (quickstart imports them without
a manifest entry) says ``STATES_EDITION = True``.
:func:`parse_source` picks the format (or checks the one forced by the caller) and
returns the finished result.

Glossary formats (``GLOSSARY_PARSERS``) carry terms and no rules: a glossary is imported
into an edition that exists already, through :func:`parse_glossary_source`.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from . import (
    berserk_glossary_rst,
    berserk_md,
    berserk_text,
    cr,
    it_bullets,
    it_runon,
    ja_viewer,
    numbers,
    pdf,
    rulebook_layout,
)
from .base import ParseError, ParseResult, Warning, finish
from .source import SourceText, read_source

# Order matters for autodetection: the most specific layouts first (a PDF is known by its bytes).
PARSERS = {
    module.FORMAT: module
    for module in (pdf, cr, rulebook_layout, berserk_md, it_bullets, it_runon, ja_viewer, berserk_text)
}
FORMATS = tuple(PARSERS)
GLOSSARY_PARSERS = {module.FORMAT: module for module in (berserk_glossary_rst,)}
GLOSSARY_FORMATS = tuple(GLOSSARY_PARSERS)


@functools.cache
def fingerprint() -> str:
    """A digest of the parsers' own code: a file imported by older parsers is read again."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def game_of_format(format: str) -> str | None:
    """The game whose rules a format holds (``cr-text`` → ``mtg``); None for a format of any game's rules."""
    return getattr(PARSERS[format], "GAME", None)


def states_edition(format: str) -> bool:
    """Whether a file of this format states its own edition and language (an official layout)."""
    return getattr(PARSERS[format], "STATES_EDITION", False)


def same_date_as_source(format: str) -> bool:
    """Whether a translation in this format follows the source edition of its own date."""
    return getattr(PARSERS[format], "SAME_DATE_AS_SOURCE", False)


def same_version_as_source(format: str) -> bool:
    """Whether a translation in this format translates the source edition of the version it states
    (a publisher's translated rulebook: "Version 2.2.0"), whatever its own date."""
    return getattr(PARSERS.get(format), "SAME_VERSION_AS_SOURCE", False)


def head_lines(source: SourceText, format: str, count: int) -> list[tuple[int, str]]:
    """The first ``count`` lines of the source's text, ``(line number, text)``, as its format reads
    them (a format whose text is not the file's, a PDF's, says so with a ``head_lines`` function)."""
    reader = getattr(PARSERS[format], "head_lines", None)
    if reader is not None:
        return reader(source, count)
    return source.numbered()[:count]


def stated_language(source: SourceText, format: str, count: int = 40) -> str | None:
    """The language the source's first ``count`` lines state it is in, where its format can tell
    (``stated_language(lines)`` of the format module: the words of a rulebook's date statement,
    "Gültig ab …" is German); None where it cannot, and the caller guesses from the script."""
    reader = getattr(PARSERS[format], "stated_language", None)
    if reader is None:
        return None
    return reader(head_lines(source, format, count))


def has_markup(format: str) -> bool:
    """Whether entry texts of this format carry the markup subset of ``rules/markup.py``."""
    return getattr(PARSERS.get(format), "MARKUP", False)


def detect_format(source: SourceText) -> str:
    for name, module in PARSERS.items():
        if module.detect(source):
            return name
    for name, module in GLOSSARY_PARSERS.items():
        if module.detect(source):
            raise ParseError(
                f"a glossary without rules (format {name!r}): import it into its edition with import_glossary",
                path=source.path,
            )
    # A format may know a near neighbour that is not rules of its kind, and say why (``refusal``).
    for module in PARSERS.values():
        if (error := getattr(module, "refusal", lambda source: None)(source)) is not None:
            raise error
    raise ParseError(
        "no recognisable rules: the file matches none of the formats " + ", ".join(FORMATS),
        path=source.path,
    )


def parse_source(source: SourceText, *, format: str | None = None, scheme: str | None = None) -> ParseResult:
    """Parse ``source`` as ``format`` (autodetected when None).

    ``scheme`` is the game's numbering scheme (``numbers.SCHEMES``); None keeps the one the
    format's parser chose.
    """
    if format is None:
        format = detect_format(source)
    elif format not in PARSERS:
        raise ParseError(f"unknown format {format!r}; known formats: {', '.join(FORMATS)}", path=source.path)
    elif source.kind == "pdf" and format != pdf.FORMAT:
        raise ParseError(f"a PDF, read by the {pdf.FORMAT!r} format, not {format!r}", path=source.path)
    elif not PARSERS[format].detect(source):
        refusal = getattr(PARSERS[format], "refusal", lambda source: None)(source)
        raise refusal or ParseError(f"the file does not look like the {format!r} format", path=source.path)
    result = PARSERS[format].parse(source)
    # What reading the bytes had to guess (Windows-1252) or could not restore comes first.
    result.report.warnings[:0] = [Warning(line, message) for line, message in getattr(source, "warnings", ())]
    if not any(entry.kind in ("rule", "subrule") for entry in result.entries):
        raise ParseError("no numbered rules found in the file", path=source.path)
    if scheme is not None:
        if scheme not in numbers.SCHEMES:
            raise ParseError(f"unknown numbering {scheme!r}; known: {', '.join(numbers.SCHEMES)}", path=source.path)
        result.scheme = scheme
    return finish(result)


def parse_file(path: str | Path, *, format: str | None = None) -> ParseResult:
    return parse_source(read_source(path), format=format)


def detect_glossary_format(source: SourceText) -> str | None:
    """The glossary format ``source`` is in (a glossary without rules), or None."""
    return next((name for name, module in GLOSSARY_PARSERS.items() if module.detect(source)), None)


def parse_glossary_source(source: SourceText, *, format: str | None = None) -> ParseResult:
    """Parse a glossary file (no rules) as ``format`` (autodetected among the glossary formats)."""
    if format is None:
        format = detect_glossary_format(source)
        if format is None:
            raise ParseError(
                "no recognisable glossary: the file matches none of the formats " + ", ".join(GLOSSARY_FORMATS),
                path=source.path,
            )
    elif format not in GLOSSARY_PARSERS:
        raise ParseError(
            f"unknown glossary format {format!r}; known formats: {', '.join(GLOSSARY_FORMATS)}", path=source.path
        )
    elif not GLOSSARY_PARSERS[format].detect(source):
        raise ParseError(f"the file does not look like the {format!r} format", path=source.path)
    return GLOSSARY_PARSERS[format].parse(source)


__all__ = [
    "FORMATS",
    "GLOSSARY_FORMATS",
    "ParseError",
    "ParseResult",
    "SourceText",
    "detect_format",
    "detect_glossary_format",
    "game_of_format",
    "has_markup",
    "head_lines",
    "parse_file",
    "parse_glossary_source",
    "parse_source",
    "read_source",
    "same_date_as_source",
    "same_version_as_source",
    "stated_language",
    "states_edition",
]
