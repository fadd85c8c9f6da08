"""Writes to the reference: importing an edition, syncing the glossary data.

Every write is all-or-nothing: one transaction, so a failure leaves the database
exactly as it was.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from rulesref.core.games import UnknownGame, get_game
from rulesref.core.languages import UnknownLanguage, get_language

from . import glossary_data
from .models import Card, CardName, CrossReference, Edition, Entry, Example, Game, GlossaryEntry, Term, TermForm
from .parsers import ParseError, ParseResult, parse_source, read_source

Progress = Callable[[int, int], None]

DATE_SLUG_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DATEISH_RE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}$")
SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
BATCH = 1000


class ImportFailed(Exception):
    """An import that cannot go ahead; ``str()`` is one line naming file, line and reason."""


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
    counts: dict[str, int] = field(default_factory=dict)
    numbers: list[str] = field(default_factory=list)
    warnings: list[dict] = field(default_factory=list)
    unplaced: list[dict] = field(default_factory=list)
    skipped: list[dict] = field(default_factory=list)
    unresolved: list[dict] = field(default_factory=list)
    # How this edition's numbers line up with the edition it translates (or with its
    # translations), when both are imported.
    alignment: list[dict] = field(default_factory=list)
    changed: bool = False
    dry_run: bool = False

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
            "changed": self.changed,
            "alignment": self.alignment,
        }


def _source_label(path: Path) -> str:
    return path.name


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
) -> ImportReport:
    """Import one source file as one edition, replacing that edition's rows.

    The same file twice changes nothing; a changed file replaces the edition.
    Raises :class:`ImportFailed` (and writes nothing) on any bad input.
    """
    path = Path(path)
    try:
        game_info = get_game(game)
        lang = get_language(language)
    except (UnknownGame, UnknownLanguage) as error:
        raise ImportFailed(str(error)) from None
    key = parse_edition(edition) if edition else None
    # None leaves an existing edition's link as it is.
    translates_key = _parse_translates(translates, lang.code) if translates else None
    try:
        source = read_source(path)
        result = parse_source(source, format=format)
    except ParseError as error:
        raise ImportFailed(str(error)) from None

    report = _report_from(result, game_info.slug, lang.code, str(path))
    statement = result.edition
    if key is None:
        if statement is None or statement.date is None:
            raise ImportFailed(f"{path}: the source states no effective date; pass --edition (a date or a slug)")
        key = EditionKey(statement.date.isoformat(), statement.date)
    elif statement is not None and statement.date is not None and key.date != statement.date:
        report.warnings.append(
            {
                "line": statement.line,
                "message": f"the source says {statement.date.isoformat()} ({statement.text!r}) "
                f"but the edition given is {key.slug}; using {key.slug}",
            }
        )
    name = edition_name if edition_name is not None else (statement.name if statement else "")
    if edition_name and statement and statement.name and statement.name.casefold() != edition_name.casefold():
        report.warnings.append(
            {
                "line": statement.line,
                "message": f"the source names the edition {statement.name!r} but {edition_name!r} was given; "
                f"using {edition_name!r}",
            }
        )
    report.edition = key.slug
    report.edition_name = name
    report.effective_date = key.date.isoformat() if key.date else None
    report.translates = translates_key or ""
    report.dry_run = dry_run
    if dry_run:
        return report
    with transaction.atomic():
        report.changed = _store(
            result=result,
            source_name=_source_label(path),
            sha256=source.sha256,
            game_info=game_info,
            language=lang.code,
            key=key,
            name=name,
            translates_key=translates_key,
            report=report,
            progress=progress,
        )
    return report


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
    name: str,
    translates_key: str | None,
    report: ImportReport,
    progress: Progress | None,
) -> bool:
    game, _ = Game.objects.get_or_create(slug=game_info.slug, defaults={"name": game_info.name})
    existing = Edition.objects.filter(game=game, language=language, slug=key.slug).first()
    stored_report = {"warnings": report.warnings, "skipped": report.skipped}
    if (
        existing is not None
        and existing.source_sha256 == sha256
        and existing.format == result.format
        and existing.name == name
        and translates_key in (None, existing.translates_key)
    ):
        _link_translations(existing, existing.translates_key)
        report.unresolved = _unresolved(existing)
        report.alignment = alignment_report(existing)
        return False
    if existing is not None:
        # Replace the edition's rows; the Edition row itself keeps its id so that
        # translations pointing at it stay linked.
        existing.entries.all().delete()
        existing.glossary.all().delete()
        edition = existing
    else:
        edition = Edition(game=game, language=language, slug=key.slug)
    edition.effective_date = key.date
    edition.name = name
    edition.source_name = source_name
    edition.source_sha256 = sha256
    edition.format = result.format
    edition.imported_at = timezone.now()
    edition.report = stored_report
    if translates_key is not None:
        edition.translates_key = translates_key
    edition.save()
    _link_translations(edition, edition.translates_key)
    _store_entries(edition, result, progress)
    GlossaryEntry.objects.bulk_create(
        GlossaryEntry(edition=edition, term=g.term, definition=g.definition, position=g.line, rules=g.rules)
        for g in result.glossary
    )
    report.unresolved = _unresolved(edition)
    report.alignment = alignment_report(edition)
    return True


def edition_set_translates(*, game: str, language: str, edition: str, translates: str) -> None:
    """Record which source edition an imported edition translates (linked once both exist)."""
    key = _parse_translates(translates, language)
    row = Edition.objects.get(game__slug=game, language=language, slug=edition)
    if row.translates_key != key:
        row.translates_key = key
        row.save(update_fields=["translates_key"])
    _link_translations(row, key)


def _link_translations(edition: Edition, translates_key: str) -> None:
    """Link this edition to its source edition, and earlier translations to this one."""
    target = None
    if translates_key:
        lang_code, slug = translates_key.split(":", 1)
        target = Edition.objects.filter(game=edition.game, language=lang_code, slug=slug).first()
    if edition.translates_id != (target.pk if target else None):
        edition.translates = target
        edition.save(update_fields=["translates"])
    own_key = f"{edition.language}:{edition.slug}"
    waiting = Edition.objects.filter(game=edition.game, translates__isnull=True, translates_key=own_key)
    waiting.update(translates=edition)


def _store_entries(edition: Edition, result: ParseResult, progress: Progress | None) -> None:
    parsed = result.entries
    total = len(parsed)
    rows = [
        Entry(
            edition=edition,
            kind=p.kind,
            number=p.number,
            sort_key=p.sort_key,
            title=p.title,
            text=p.text,
            position=p.line,
            order=index,
        )
        for index, p in enumerate(parsed)
    ]
    for start in range(0, total, BATCH):
        Entry.objects.bulk_create(rows[start : start + BATCH])
        if progress:
            progress(min(start + BATCH, total), total)
    if not rows or rows[0].pk is None:
        # Backends that do not return ids from bulk inserts.
        by_order = dict(Entry.objects.filter(edition=edition).values_list("order", "pk"))
        for row in rows:
            row.pk = by_order[row.order]
    linked = []
    for row, p in zip(rows, parsed, strict=True):
        if p.parent is not None or p.duplicate_of is not None:
            row.parent_id = rows[p.parent].pk if p.parent is not None else None
            row.duplicate_of_id = rows[p.duplicate_of].pk if p.duplicate_of is not None else None
            linked.append(row)
    Entry.objects.bulk_update(linked, ["parent", "duplicate_of"], batch_size=BATCH)

    first_by_number: dict[str, int] = {}
    for row in rows:
        if (
            row.number
            and row.duplicate_of_id is None
            and row.kind in (Entry.Kind.RULE, Entry.Kind.SUBRULE, Entry.Kind.SECTION)
        ):
            first_by_number.setdefault(row.number, row.pk)
    examples = []
    references = []
    for row, p in zip(rows, parsed, strict=True):
        examples.extend(
            Example(entry_id=row.pk, order=i, text=example.text, position=example.line)
            for i, example in enumerate(p.examples)
        )
        references.extend(
            CrossReference(
                entry_id=row.pk,
                target_number=ref.target,
                text=ref.text[:500],
                target_id=first_by_number.get(ref.target),
            )
            for ref in p.cross_references
        )
    Example.objects.bulk_create(examples, batch_size=BATCH)
    CrossReference.objects.bulk_create(references, batch_size=BATCH)


def _unresolved(edition: Edition) -> list[dict]:
    return [
        {"entry": number, "target": target}
        for number, target in CrossReference.objects.filter(entry__edition=edition, target__isnull=True)
        .order_by("entry__order", "id")
        .values_list("entry__number", "target_number")
    ]


def _numbered(edition: Edition) -> list[str]:
    return list(Entry.objects.in_edition(edition).rules().in_source_order().values_list("number", flat=True))


def edition_alignment(translation: Edition, source: Edition) -> dict:
    """Rule numbers of a translation against its source edition.

    Numbers are the alignment key, so any difference is worth a translator's look:
    Duskmourn's English file prints 702.175 twice where the Chinese follows the
    corrected 702.176.
    """
    ours, theirs = _numbered(translation), _numbered(source)
    ours_set, theirs_set = set(ours), set(theirs)
    return {
        "translation": f"{translation.language}:{translation.slug}",
        "source": f"{source.language}:{source.slug}",
        "only_in_translation": [n for n in dict.fromkeys(ours) if n not in theirs_set],
        "only_in_source": [n for n in dict.fromkeys(theirs) if n not in ours_set],
        "repeated_in_translation": [n for n in dict.fromkeys(ours) if ours.count(n) > 1],
        "repeated_in_source": [n for n in dict.fromkeys(theirs) if theirs.count(n) > 1],
    }


def alignment_report(edition: Edition) -> list[dict]:
    """Alignment of ``edition`` with its source edition and with its translations."""
    pairs = []
    if edition.translates_id:
        pairs.append((edition, edition.translates))
    pairs.extend((translation, edition) for translation in edition.translations.all())
    return [edition_alignment(translation, source) for translation, source in pairs]


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
    """Replace the glossary of an imported edition with the one in ``path`` (a glossary file with
    no rules, such as the Берсерк ``.. glossary::``), in one transaction.

    Only the edition's glossary entries change; its rules, ids and links stay. The edition's
    import time is renewed, so the search index is seen as stale and rebuilt. The same glossary
    twice changes nothing. The report lists, besides the counts and skipped lines, which terms
    are concepts of the bundled term list (``rules_data/glossary/terms.toml``) and which are not.
    Raises :class:`ImportFailed` (and writes nothing) on bad input or a missing edition.
    """
    from django.conf import settings

    from . import glossary_join
    from .parsers import parse_glossary_source

    path = Path(path)
    try:
        game_info = get_game(game)
        lang = get_language(language)
    except (UnknownGame, UnknownLanguage) as error:
        raise ImportFailed(str(error)) from None
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
        have = list(
            edition_row.glossary.order_by("position", "id").values_list("term", "definition", "position", "rules")
        )
        if [tuple(item) for item in have] == wanted:
            return report
        edition_row.glossary.all().delete()
        GlossaryEntry.objects.bulk_create(
            GlossaryEntry(edition=edition_row, term=term, definition=definition, position=line, rules=rules)
            for term, definition, line, rules in wanted
        )
        edition_row.imported_at = timezone.now()
        edition_row.save(update_fields=["imported_at"])
    report.changed = True
    return report
