"""Writes to the reference: importing an edition, syncing the glossary data.

Every write is all-or-nothing: one transaction, so a failure leaves the database
exactly as it was.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from rulesref.core.games import GameInfo, UnknownGame, get_game
from rulesref.core.games import game_info as make_game_info
from rulesref.core.languages import UnknownLanguage, get_language

from . import concepts, glossary_data, glossary_join, registry, selectors
from .bulk import refresh_statistics, update_rows
from .models import Card, CardName, CrossReference, Edition, Entry, Example, Game, GlossaryEntry, Term, TermForm
from .parsers import (
    ParseError,
    ParseResult,
    numbers,
    parse_glossary_source,
    parse_source,
    read_source,
    same_date_as_source,
    same_version_as_source,
)
from .parsers import fingerprint as parsers_fingerprint

Progress = Callable[[int, int], None]

DATEISH_RE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}$")
SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
BATCH = 1000


class ImportFailed(Exception):
    """An import that cannot go ahead; ``str()`` is one line naming file, line and reason."""


class NoEffectiveDate(ImportFailed):
    """The source states no effective date and none was given (``import_archive`` then gives the
    date in the file's name)."""


@dataclass
class EditionKey:
    slug: str
    date: datetime.date | None


def parse_edition(value: str) -> EditionKey:
    """``2024-09-20`` (an effective date) or a slug like ``ja-viewer`` (no date stated)."""
    value = value.strip()
    if DATEISH_RE.match(value):
        try:
            date = datetime.date.fromisoformat(
                "-".join(part.zfill(2) if i else part for i, part in enumerate(value.split("-")))
            )
        except ValueError:
            raise ImportFailed(f"edition {value!r} is not a real date (expected YYYY-MM-DD)") from None
        return EditionKey(date.isoformat(), date)
    if not SLUG_RE.match(value):
        raise ImportFailed(
            f"edition {value!r} must be an effective date YYYY-MM-DD or a slug of lower-case letters, digits and '-'"
        )
    return EditionKey(value, None)


@dataclass
class ImportReport:
    game: str
    lang: str
    edition: str
    format: str
    source: str
    edition_name: str = ""
    effective_date: str | None = None
    translates: str = ""
    # Why this edition translates that one: "stated", "same version 2.2.0", "same date".
    translates_reason: str = ""
    # A translation's own version as the source states it ("20260116.0"), empty when it states none.
    revision: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    numbers: list[str] = field(default_factory=list)
    warnings: list[dict] = field(default_factory=list)
    unplaced: list[dict] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)
    unresolved: list[dict] = field(default_factory=list)
    # Terms printed with a gloss in the language of the source edition ("毒カウンター／poison counter"):
    # {"term", "gloss", "gloss_language", "line"}; kept in the edition's report for query expansion.
    term_pairs: list[dict] = field(default_factory=list)
    # How this edition's numbers line up with the edition it translates (or with its
    # translations), when both are imported.
    alignment: list[dict] = field(default_factory=list)
    changed: bool = False
    dry_run: bool = False
    # Rows created, updated and deleted by this import (None when nothing was written).
    rows: RowChanges | None = None
    # The game this import registered (key, name, original_language, numbering, numbering_from),
    # or would register in a dry run; None for a known game.
    registered: dict | None = None

    @property
    def registered_line(self) -> str:
        """One line saying which game this import registered, or "" when none."""
        if not self.registered:
            return ""
        game = self.registered
        how = "given" if game["numbering_from"] == "flag" else "guessed from its numbers"
        verb = "would register" if self.dry_run else "registered"
        return (
            f"{verb} a new game {game['key']!r} ({game['name']}), original language {game['original_language']}, "
            f"numbering {game['numbering']} ({how})"
        )

    def as_json(self) -> dict:
        return {
            "game": self.game,
            "lang": self.lang,
            "edition": self.edition,
            "format": self.format,
            "counts": self.counts,
            "numbers": self.numbers,
            "warnings": self.warnings,
            "unplaced": self.unplaced,
            "skipped": self.skipped,
            "edition_name": self.edition_name,
            "effective_date": self.effective_date,
            "revision": self.revision,
            "translates": self.translates,
            "translates_reason": self.translates_reason,
            "term_pairs": self.term_pairs,
            "changed": self.changed,
            "alignment": self.alignment,
            "rows": self.rows.as_json() if self.rows else None,
            "registered_game": self.registered,
        }


def edition_import(
    *,
    path: str | Path,
    game: str,
    language: str,
    edition: str | None = None,
    edition_name: str | None = None,
    translates: str | None = None,
    format: str | None = None,
    dry_run: bool = False,
    progress: Progress | None = None,
    game_name: str | None = None,
    numbering: str | None = None,
    defer_concepts: bool = False,
) -> ImportReport:
    """Import one source file as one edition, updating that edition's rows in place.

    The same file twice changes nothing (answered from its sha256, before parsing);
    a changed file updates only the rows that changed, so entry ids survive. Then
    the game's alignment (concepts) is brought up to date, in the same transaction.
    Raises :class:`ImportFailed` (and writes nothing) on any bad input.

    A ``game`` that is not known is registered when ``game_name`` is given, with ``language``
    as its original language and ``numbering`` as its scheme (default: guessed from the numbers
    the parser found); it is stored in the same transaction as the edition.

    ``defer_concepts`` (``import_archive``, many editions in a row) aligns the edition with its
    neighbours but leaves the game's concepts to be rebuilt once after the last edition
    (``concepts.concepts_complete``): until then the new entries have no concept.
    """
    path = Path(path)
    game_info, lang, new_game = _game_and_language(
        game, language, game_name=game_name, numbering=numbering, may_register=True
    )
    key = parse_edition(edition) if edition else None
    # None leaves an existing edition's link as it is.
    translates_key = _parse_translates(translates, lang.code) if translates else None
    try:
        source = read_source(path)
    except ParseError as error:
        raise ImportFailed(str(error)) from None
    if not dry_run:
        unchanged = _unchanged(source.sha256, game_info.slug, lang.code, key, edition_name, translates_key, format)
        if unchanged is not None:
            return unchanged
    try:
        result, game_info, numbering_from = _parse(source, format, game_info, numbering)
    except ParseError as error:
        raise ImportFailed(str(error)) from None

    report = _report_from(result, game_info.slug, lang.code, str(path))
    if new_game:
        report.registered = {
            "key": game_info.slug,
            "name": game_info.name,
            "original_language": game_info.original_language,
            "numbering": game_info.numbering,
            "numbering_from": numbering_from,
        }
    statement = result.edition
    if key is None:
        if statement is None or statement.date is None:
            raise NoEffectiveDate(f"{path}: the source states no effective date; pass --edition (a date or a slug)")
        key = EditionKey(statement.date.isoformat(), statement.date)
    elif statement is not None and statement.date is not None and key.date != statement.date:
        report.warnings.append(
            {
                "line": statement.line,
                "message": f"the source says {statement.date.isoformat()} ({statement.text!r}) "
                f"but the edition given is {key.slug}; using {key.slug}",
            }
        )
    # None keeps the name an edition already has (a file that states none, imported again).
    name = edition_name if edition_name is not None else (statement.name if statement and statement.name else None)
    if edition_name and statement and statement.name and statement.name.casefold() != edition_name.casefold():
        report.warnings.append(
            {
                "line": statement.line,
                "message": f"the source names the edition {statement.name!r} but {edition_name!r} was given; "
                f"using {edition_name!r}",
            }
        )
    report.revision = statement.revision if statement else ""
    translates_reason = "stated" if translates_key else ""
    if translates_key is None and lang.code != game_info.original_language:
        translates_key, translates_reason = _source_edition(result.format, game_info, key, report.revision)
    report.edition = key.slug
    report.edition_name = name or ""
    report.effective_date = key.date.isoformat() if key.date else None
    report.translates = translates_key or ""
    report.translates_reason = translates_reason
    report.term_pairs = _term_pairs(result, lang.code, translates_key, game_info, key)
    report.dry_run = dry_run
    if dry_run:
        return report
    with transaction.atomic():
        report.changed = _store(
            result=result,
            source_name=path.name,
            sha256=source.sha256,
            game_info=game_info,
            language=lang.code,
            key=key,
            name=name,
            translates_key=translates_key,
            report=report,
            progress=progress,
            defer_concepts=defer_concepts,
        )
    return report


def _source_edition(format: str, game_info: GameInfo, key: EditionKey, revision: str) -> tuple[str | None, str]:
    """The original-language edition a translation of ``format`` translates when it states none, and why.

    A publisher's translated rulebook (``SAME_VERSION_AS_SOURCE``) translates the original of the
    version it states, whatever the dates (the Japanese Lorcana 2.2.0 is dated 2026-07-10, the English
    2.2.0 2026-07-09): the imported original edition with that revision (of the same date if several,
    else the newest). Without one, and for an official layout published per language for one date
    (``SAME_DATE_AS_SOURCE``), the original edition of the same date. Else (None, "").
    """
    original = game_info.original_language
    by_version = same_version_as_source(format)
    if by_version and revision:
        candidates = Edition.objects.filter(game__slug=game_info.slug, language=original, revision=revision)
        found = sorted(
            candidates,
            key=lambda e: (e.slug == key.slug, e.effective_date or datetime.date.min, e.slug),
            reverse=True,
        )
        if found:
            return f"{original}:{found[0].slug}", f"same version {revision}"
    if key.date is not None and (by_version or same_date_as_source(format)):
        return f"{original}:{key.slug}", "same date"
    return None, ""


def _unchanged(sha256, game, language, key, edition_name, translates_key, format) -> ImportReport | None:
    """The report of an edition already imported from these very bytes by these parsers, or None."""
    existing = Edition.objects.filter(game__slug=game, language=language, source_sha256=sha256)
    if key is not None:
        existing = existing.filter(slug=key.slug)
    existing = existing.select_related("game").first()
    if (
        existing is None
        or existing.source_sha256 != sha256
        or existing.report.get("parsers") != parsers_fingerprint()
        or (format is not None and existing.format != format)
        or (edition_name is not None and existing.name != edition_name)
        or (translates_key is not None and existing.translates_key != translates_key)
    ):
        return None
    stored = existing.report
    report = ImportReport(
        game=game,
        lang=language,
        edition=existing.slug,
        format=existing.format,
        source=existing.source_name,
        edition_name=existing.name,
        effective_date=existing.effective_date.isoformat() if existing.effective_date else None,
        translates=existing.translates_key,
        translates_reason=stored.get("translates_reason", ""),
        revision=existing.revision,
        term_pairs=stored.get("term_pairs", []),
        counts=stored.get("counts", {}),
        numbers=list(Entry.objects.in_edition(existing).rules().in_source_order().values_list("number", flat=True)),
        warnings=stored.get("warnings", []),
        unplaced=stored.get("unplaced", []),
        skipped=stored.get("skipped", []),
    )
    report.unresolved = selectors.unresolved_references(existing)
    report.alignment = selectors.alignment_summary(existing)
    return report


def _game_and_language(
    game: str,
    language: str,
    *,
    game_name: str | None = None,
    numbering: str | None = None,
    may_register: bool = False,
) -> tuple[GameInfo, object, bool]:
    """The game, the content language and whether the game is new, or :class:`ImportFailed`.

    Where ``may_register``, an unknown game with a ``game_name`` is a new game to register: a
    :class:`GameInfo` with ``registered=True`` (its numbering "" when it is to be guessed), not
    stored yet; without a name the error says how to register it.
    """
    try:
        lang = get_language(language)
    except UnknownLanguage as error:
        raise ImportFailed(str(error)) from None
    if numbering is not None and numbering not in numbers.SCHEMES:
        raise ImportFailed(f"--numbering {numbering!r}: known numberings: {', '.join(numbers.SCHEMES)}")
    try:
        info = get_game(game)
    except UnknownGame as error:
        if not may_register:
            raise ImportFailed(str(error)) from None
        if not game_name or not game_name.strip():
            raise ImportFailed(f'{error}; to register a new game pass --game-name "Its Name"') from None
        slug = game.strip().lower()
        if not registry.valid_slug(slug):
            raise ImportFailed(
                f"--game {game!r}: a new game's key must be lower-case letters, digits and '-' (at most 50)"
            ) from None
        name = " ".join(game_name.split())
        info = make_game_info(
            slug, names={lang.code: name}, original_language=lang.code, numbering=numbering or "", registered=True
        )
        return info, lang, True
    if numbering is not None and numbering != info.numbering:
        raise ImportFailed(f"--numbering {numbering}: the game {info.slug!r} is numbered {info.numbering!r}")
    return info, lang, False


def _parse(source, format: str | None, info: GameInfo, numbering: str | None) -> tuple[ParseResult, GameInfo, str]:
    """Parse with the game's numbering; a new game's is the flag's, or guessed from what the parser found.

    Returns the result, the game (with its numbering decided) and where the numbering came from:
    "game", "flag" or "guess".
    """
    if info.numbering:
        return parse_source(source, format=format, scheme=info.numbering), info, "flag" if numbering else "game"
    result = parse_source(source, format=format)
    guessed = numbers.guess_scheme(entry.number for entry in result.entries)
    if guessed != result.scheme:
        result = parse_source(source, format=format, scheme=guessed)
    return result, dataclasses.replace(info, numbering=guessed), "guess"


def _parse_translates(value: str, own_language: str) -> str:
    """``en:2024-09-20`` → ``en:2024-09-20``; a bare edition means the English one."""
    lang_code, _, slug = value.rpartition(":")
    try:
        lang_code = get_language(lang_code or "en").code
    except UnknownLanguage as error:
        raise ImportFailed(f"--translates: {error}") from None
    if lang_code == own_language:
        raise ImportFailed(f"--translates {value!r}: an edition cannot translate one in its own language")
    return f"{lang_code}:{parse_edition(slug).slug}"


def _term_pairs(
    result: ParseResult, language: str, translates_key: str | None, game_info, key: EditionKey
) -> list[dict]:
    """The source's glossed terms, each with the language of its gloss: that of the edition this one
    translates (stated, inferred from the date, or kept from an earlier import), else the game's
    original language. An edition in that language glosses nothing across languages."""
    if not translates_key:
        existing = Edition.objects.filter(game__slug=game_info.slug, language=language, slug=key.slug).first()
        translates_key = existing.translates_key if existing is not None else ""
    gloss_language = translates_key.split(":", 1)[0] if translates_key else game_info.original_language
    if gloss_language == language:
        return []
    return [
        {"term": pair.term, "gloss": pair.gloss, "gloss_language": gloss_language, "line": pair.line}
        for pair in result.term_pairs
    ]


def _report_from(result: ParseResult, game: str, lang: str, source: str) -> ImportReport:
    report = result.report
    return ImportReport(
        game=game,
        lang=lang,
        edition="",
        format=result.format,
        source=source,
        counts=result.counts,
        numbers=result.numbers,
        warnings=[{"line": w.line, "message": w.message} for w in report.warnings],
        unplaced=[{"line": u.line, "text": u.text} for u in report.unplaced],
        skipped=[{"line": s.line, "text": s.text, "reason": s.reason} for s in report.skipped],
    )


def _store(
    *,
    result: ParseResult,
    source_name: str,
    sha256: str,
    game_info,
    language: str,
    key: EditionKey,
    name: str | None,
    translates_key: str | None,
    report: ImportReport,
    progress: Progress | None,
    defer_concepts: bool = False,
) -> bool:
    game = _game_row(game_info)
    existing = Edition.objects.filter(game=game, language=language, slug=key.slug).first()
    if name is None:
        name = existing.name if existing is not None else ""
        report.edition_name = name
    if translates_key is None and existing is not None and existing.translates_key:
        # The link an edition already has stays, and so does the reason it was made.
        report.translates = existing.translates_key
        report.translates_reason = existing.report.get("translates_reason", "")
    stored_report = {
        "warnings": report.warnings,
        "skipped": report.skipped,
        "unplaced": report.unplaced,
        "counts": report.counts,
        "term_pairs": report.term_pairs,
        "translates_reason": report.translates_reason,
        "parsers": parsers_fingerprint(),
    }
    if (
        existing is not None
        and existing.source_sha256 == sha256
        and existing.format == result.format
        and existing.name == name
        and existing.revision == report.revision
        and translates_key in (None, existing.translates_key)
        and existing.report.get("parsers") == stored_report["parsers"]
    ):
        report.unresolved = selectors.unresolved_references(existing)
        report.alignment = selectors.alignment_summary(existing)
        return False
    # An edition that is imported again keeps its row (and id), and so do its entries.
    edition = existing or Edition(game=game, language=language, slug=key.slug)
    edition.effective_date = key.date
    edition.name = name
    edition.revision = report.revision
    edition.source_name = source_name
    edition.source_sha256 = sha256
    edition.format = result.format
    edition.imported_at = timezone.now()
    edition.report = stored_report
    if translates_key is not None:
        edition.translates_key = translates_key
        edition.translates_inferred = False
    edition.save()
    _link_translations(edition, edition.translates_key)
    if language == game_info.original_language:
        _adopt_translations(edition)
    sync = entries_sync(edition=edition, result=result, progress=progress)
    report.rows = sync
    glossary_entries_sync(edition=edition, parsed=result.glossary)
    refresh_statistics(Entry, Example, CrossReference, GlossaryEntry)
    concepts.alignment_refresh(game=game, rebuild_concepts=not defer_concepts)
    report.unresolved = selectors.unresolved_references(edition)
    report.alignment = selectors.alignment_summary(Edition.objects.get(pk=edition.pk))
    return True


def _game_row(info: GameInfo) -> Game:
    """The game's row: a new game registered now, a data game's row created or brought up to date."""
    game = Game.objects.filter(slug=info.slug).first()
    if game is None and info.registered:
        return registry.game_register(info=info)
    fields = {
        "name": info.name,
        "original_language": info.original_language,
        "numbering": info.numbering,
        "names": dict(info.names),
    }
    if game is None:
        return Game.objects.create(slug=info.slug, **fields)
    if not game.registered and any(getattr(game, name) != value for name, value in fields.items()):
        for name, value in fields.items():
            setattr(game, name, value)
        game.save(update_fields=list(fields))
    return game


def edition_set_translates(*, game: str, language: str, edition: str, translates: str) -> None:
    """Record which source edition an imported edition translates (linked once both exist)."""
    key = _parse_translates(translates, language)
    with transaction.atomic():
        row = Edition.objects.get(game__slug=game, language=language, slug=edition)
        if row.translates_key != key:
            row.translates_key = key
            row.translates_inferred = False
            row.save(update_fields=["translates_key", "translates_inferred"])
        _link_translations(row, key)
        concepts.alignment_refresh(game=row.game)


def _link_translations(edition: Edition, translates_key: str) -> None:
    """Link this edition to its stated source edition, and earlier translations to this one."""
    if translates_key:
        lang_code, slug = translates_key.split(":", 1)
        target = Edition.objects.filter(game=edition.game, language=lang_code, slug=slug).first()
        if edition.translates_id != (target.pk if target else None):
            edition.translates = target
            edition.save(update_fields=["translates"])
    own_key = f"{edition.language}:{edition.slug}"
    waiting = Edition.objects.filter(game=edition.game, translates__isnull=True, translates_key=own_key)
    waiting.update(translates=edition, translates_inferred=False)


def _adopt_translations(original: Edition) -> None:
    """Translations imported before the original of their version: an original-language edition with a
    revision becomes the source of the editions of that revision that fell back to a source of their own
    date and found none (the Japanese 2.2.0 imported before the English 2.2.0 looked for en:2026-07-10)."""
    if not original.revision:
        return
    own_key = f"{original.language}:{original.slug}"
    waiting = Edition.objects.filter(game=original.game, revision=original.revision, translates__isnull=True).exclude(
        language=original.language
    )
    for edition in waiting:
        if not same_version_as_source(edition.format) or edition.report.get("translates_reason") != "same date":
            continue
        edition.translates, edition.translates_key, edition.translates_inferred = original, own_key, False
        edition.report = {**edition.report, "translates_reason": f"same version {original.revision}"}
        edition.save(update_fields=["translates", "translates_key", "translates_inferred", "report"])


# ---------------------------------------------------------------------------
# Updating an edition's rows in place


@dataclass
class RowChanges:
    """How many rows an import created, updated and deleted (entries; examples and references)."""

    created: int = 0
    updated: int = 0
    deleted: int = 0
    examples: int = 0
    references: int = 0

    def as_json(self) -> dict:
        return dataclasses.asdict(self)


ENTRY_FIELDS = (
    "kind",
    "number",
    "sort_key",
    "title",
    "text",
    "position",
    "order",
    "parent_id",
    "duplicate_of_id",
    "changed_by_publisher",
)


def _sync_key(kind: str, number: str, text: str) -> tuple:
    """What identifies an entry between two versions of one source: its number, or a note's text."""
    return (kind, number) if number else (kind, text[:200])


def entries_sync(*, edition: Edition, result: ParseResult, progress: Progress | None = None) -> RowChanges:
    """Make the edition's entries those of ``result``, touching only rows that differ.

    Old and new entries are paired in document order by number (a note by its
    text); a pair whose fields are equal is not written at all. A note whose text
    changed between two paired neighbours is the same note.
    """
    changes = RowChanges()
    parsed = result.entries
    old = list(Entry.objects.filter(edition=edition).order_by("order"))
    matcher = SequenceMatcher(
        a=[_sync_key(e.kind, e.number, e.text) for e in old],
        b=[_sync_key(p.kind, p.number, p.text) for p in parsed],
        autojunk=False,
    )
    rows: list[Entry | None] = [None] * len(parsed)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and a1 - a0 == b1 - b0):
            for offset in range(b1 - b0):
                if tag == "equal" or old[a0 + offset].kind == parsed[b0 + offset].kind:
                    rows[b0 + offset] = old[a0 + offset]
    kept = {row.pk for row in rows if row is not None}
    before = {row.pk: tuple(getattr(row, name) for name in ENTRY_FIELDS) for row in old}
    fresh = []
    for index, p in enumerate(parsed):
        row = rows[index]
        if row is None:
            row = rows[index] = Entry(edition=edition)
            fresh.append(row)
        row.kind, row.number, row.sort_key = p.kind, p.number, p.sort_key
        row.title, row.text, row.position, row.order = p.title, p.text, p.line, index
        row.changed_by_publisher = p.changed_by_publisher
    total = len(parsed)
    for start in range(0, len(fresh), BATCH):
        Entry.objects.bulk_create(fresh[start : start + BATCH])
        if progress:
            progress(total - len(fresh) + min(start + BATCH, len(fresh)), total)
    if fresh and fresh[0].pk is None:
        # Backends that do not return ids from bulk inserts.
        by_order = dict(Entry.objects.filter(edition=edition).values_list("order", "pk"))
        for row in fresh:
            row.pk = by_order[row.order]
    changes.created = len(fresh)
    for row, p in zip(rows, parsed, strict=True):
        row.parent_id = rows[p.parent].pk if p.parent is not None else None
        row.duplicate_of_id = rows[p.duplicate_of].pk if p.duplicate_of is not None else None
    changed_rows = [
        row for row in rows if row.pk in before and before[row.pk] != tuple(getattr(row, name) for name in ENTRY_FIELDS)
    ]
    update_rows(Entry, changed_rows, [name.removesuffix("_id") for name in ENTRY_FIELDS])
    update_rows(Entry, [row for row in fresh if row.parent_id or row.duplicate_of_id], ["parent", "duplicate_of"])
    changes.updated = len(changed_rows)
    removed = [row.pk for row in old if row.pk not in kept]
    if removed:
        # Children of removed entries were re-parented above; nothing kept points at them.
        Entry.objects.filter(pk__in=removed).delete()
    changes.deleted = len(removed)
    changes.examples = _sync_examples(rows, parsed)
    changes.references = _sync_references(edition, rows, parsed)
    if progress:
        progress(total, total)
    return changes


def _sync_examples(rows: list[Entry], parsed: list) -> int:
    """Examples by (entry, position under it): changed ones (text, line or printed label) updated,
    extra ones created or deleted."""
    current: dict[int, list[Example]] = {}
    for example in Example.objects.filter(entry__in=[row.pk for row in rows]).order_by("entry_id", "order"):
        current.setdefault(example.entry_id, []).append(example)
    create, update, delete = [], [], []
    for row, p in zip(rows, parsed, strict=True):
        have = current.get(row.pk, [])
        for order, example in enumerate(p.examples):
            if order < len(have):
                old = have[order]
                if (old.text, old.position, old.label) != (example.text, example.line, example.label):
                    old.text, old.position, old.label = example.text, example.line, example.label
                    update.append(old)
            else:
                create.append(
                    Example(entry_id=row.pk, order=order, text=example.text, position=example.line, label=example.label)
                )
        delete.extend(old.pk for old in have[len(p.examples) :])
    Example.objects.bulk_create(create, batch_size=BATCH)
    update_rows(Example, update, ["text", "position", "label"])
    Example.objects.filter(pk__in=delete).delete()
    return len(create) + len(update) + len(delete)


def _sync_references(edition: Edition, rows: list[Entry], parsed: list) -> int:
    """Cross-references: an entry whose citations changed gets new ones; targets re-resolved."""
    current: dict[int, list[CrossReference]] = {}
    for ref in CrossReference.objects.filter(entry__edition=edition).order_by("entry_id", "id"):
        current.setdefault(ref.entry_id, []).append(ref)
    first_by_number: dict[str, int] = {}
    for row in rows:
        if row.number and row.duplicate_of_id is None and row.kind != Entry.Kind.CHAPTER and row.kind != "note":
            first_by_number.setdefault(row.number, row.pk)
    # A dotted rulebook cites its chapters ("see section 9"); a chapter never shadows another number.
    for row in rows:
        if row.number and row.duplicate_of_id is None and row.kind == Entry.Kind.CHAPTER:
            first_by_number.setdefault(row.number, row.pk)
    replace, create, retarget = [], [], []
    for row, p in zip(rows, parsed, strict=True):
        wanted = [(ref.target, ref.text[:500]) for ref in p.cross_references]
        have = current.get(row.pk, [])
        if [(ref.target_number, ref.text) for ref in have] != wanted:
            replace.extend(ref.pk for ref in have)
            create.extend(
                CrossReference(entry_id=row.pk, target_number=target, text=text, target_id=first_by_number.get(target))
                for target, text in wanted
            )
            continue
        for ref in have:
            target = first_by_number.get(ref.target_number)
            if ref.target_id != target:
                ref.target_id = target
                retarget.append(ref)
    CrossReference.objects.filter(pk__in=replace).delete()
    CrossReference.objects.bulk_create(create, batch_size=BATCH)
    update_rows(CrossReference, retarget, ["target"])
    return len(replace) + len(create) + len(retarget)


def glossary_entries_sync(*, edition: Edition, parsed: list) -> int:
    """The edition's glossary entries, paired by term in order; only changed rows are written."""
    # A separate glossary file's entries (``source`` set) are not the rules file's to change.
    old = list(GlossaryEntry.objects.filter(edition=edition, source="").order_by("position", "pk"))
    matcher = SequenceMatcher(a=[g.term for g in old], b=[g.term for g in parsed], autojunk=False)
    paired: dict[int, GlossaryEntry] = {}
    for tag, a0, _a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(b1 - b0):
                paired[b0 + offset] = old[a0 + offset]
    create, update = [], []
    for index, g in enumerate(parsed):
        row = paired.get(index)
        if row is None:
            create.append(
                GlossaryEntry(edition=edition, term=g.term, definition=g.definition, position=g.line, rules=g.rules)
            )
        elif (row.definition, row.position, row.rules) != (g.definition, g.line, g.rules):
            row.definition, row.position, row.rules = g.definition, g.line, g.rules
            update.append(row)
    kept = {row.pk for row in paired.values()}
    removed = [row.pk for row in old if row.pk not in kept]
    GlossaryEntry.objects.bulk_create(create, batch_size=BATCH)
    update_rows(GlossaryEntry, update, ["definition", "position", "rules"])
    GlossaryEntry.objects.filter(pk__in=removed).delete()
    return len(create) + len(update) + len(removed)


@dataclass
class GlossarySyncReport:
    terms: int
    forms: int
    cards: int
    names: int


@transaction.atomic
def glossary_sync(*, directory: str | Path) -> GlossarySyncReport:
    """Replace all terms and card names with those in ``directory`` (rules_data/glossary)."""
    try:
        data = glossary_data.load(Path(directory))
    except glossary_data.GlossaryDataError as error:
        raise ImportFailed(str(error)) from None
    Term.objects.all().delete()
    Card.objects.all().delete()
    games = {}
    for slug in {t.game for t in data.terms} | {c.game for c in data.cards}:
        info = get_game(slug)
        games[slug], _ = Game.objects.get_or_create(slug=slug, defaults={"name": info.name})
    forms = names = 0
    for term in data.terms:
        row = Term.objects.create(game=games[term.game], key=term.key, note=term.note)
        rows = [
            TermForm(term=row, language=lang, form=form, preferred=(i == 0))
            for lang, lang_forms in term.forms.items()
            for i, form in enumerate(lang_forms)
        ]
        TermForm.objects.bulk_create(rows)
        forms += len(rows)
    for card in data.cards:
        row = Card.objects.create(game=games[card.game], key=card.key)
        rows = [CardName(card=row, language=lang, name=name) for lang, name in card.names.items()]
        CardName.objects.bulk_create(rows)
        names += len(rows)
    return GlossarySyncReport(terms=len(data.terms), forms=forms, cards=len(data.cards), names=names)


# A glossary into an existing edition ---------------------------------------------------


@dataclass
class GlossaryImportReport(ImportReport):
    """An :class:`ImportReport` that also says which terms joined the bundled term list."""

    joined: list[dict] = field(default_factory=list)
    unjoined: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        data = super().as_json()
        data["terms"] = {"joined": self.joined, "unjoined": self.unjoined}
        return data


def edition_glossary_import(
    *, path: str | Path, game: str, language: str, edition: str, format: str | None = None
) -> ImportReport:
    """Add (or replace) a separate glossary file's entries in an imported edition: a file with no
    rules, such as the Берсерк ``.. glossary::``, in one transaction.

    Only the entries from that glossary format change (``GlossaryEntry.source``); the glossary
    printed in the edition's own rules file, its rules, ids and links stay. The edition's
    import time is renewed, so the search index is seen as stale and rebuilt. The same glossary
    twice changes nothing. The report lists, besides the counts and skipped lines, which terms
    are concepts of the bundled term list (``rules_data/glossary/terms.toml``) and which are not.
    Raises :class:`ImportFailed` (and writes nothing) on bad input or a missing edition.
    """
    path = Path(path)
    game_info, lang, _ = _game_and_language(game, language)
    key = parse_edition(edition)
    row = Edition.objects.filter(game__slug=game_info.slug, language=lang.code, slug=key.slug).first()
    if row is None:
        raise ImportFailed(
            f"{path}: there is no {game_info.slug} {lang.code} edition {key.slug} to add a glossary to; "
            "import its rules first (import_rules)"
        )
    try:
        result = parse_glossary_source(read_source(path), format=format)
    except ParseError as error:
        raise ImportFailed(str(error)) from None
    try:
        joined = glossary_join.join_bundled(
            [entry.term for entry in result.glossary],
            game=game_info.slug,
            language=lang.code,
            directory=Path(settings.RULES_DATA_DIR) / "glossary",
        )
    except glossary_data.GlossaryDataError as error:
        raise ImportFailed(str(error)) from None
    parsed = _report_from(result, game_info.slug, lang.code, str(path))
    report = GlossaryImportReport(**vars(parsed))
    report.edition = key.slug
    report.edition_name = row.name
    report.effective_date = row.effective_date.isoformat() if row.effective_date else None
    report.joined = [{"term": j.term, "key": j.key, "form": j.form} for j in joined.joined]
    report.unjoined = joined.unjoined
    wanted = [(g.term, g.definition, g.line, g.rules) for g in result.glossary]
    with transaction.atomic():
        edition_row = Edition.objects.select_for_update().get(pk=row.pk)
        own = edition_row.glossary.filter(source=result.format)
        have = list(own.order_by("position", "id").values_list("term", "definition", "position", "rules"))
        if [tuple(item) for item in have] == wanted:
            return report
        own.delete()
        GlossaryEntry.objects.bulk_create(
            GlossaryEntry(
                edition=edition_row, term=term, definition=definition, position=line, rules=rules, source=result.format
            )
            for term, definition, line, rules in wanted
        )
        edition_row.imported_at = timezone.now()
        edition_row.save(update_fields=["imported_at"])
    report.changed = True
    return report
