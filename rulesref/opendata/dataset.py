"""A game's rules as data files: JSON Lines of editions, entries, concepts and glossary entries,
each with a JSON Schema (``schemas/``).

::

    editions.jsonl   one line per edition: its key (``en:2024-09-20``), dates, source, counts
    entries.jsonl    one line per entry, in each edition's source order: number, kind, parent's
                     number, title, text, examples, cross-references, concept id, edition key
    concepts.jsonl   one line per concept of those entries: every entry of the game that is that
                     rule, in any language or edition (``rules/concepts.py`` builds them at import;
                     their ids survive re-imports, so they join files downloaded at different times)
    glossary.jsonl   one line per printed glossary entry
    *.schema.json    the JSON Schema (draft 2020-12) of each file

Everything is read with a fixed number of queries (``values()``, no model instances): the English
Comprehensive Rules (about 3,000 rules) export in well under a second (``benchmarks/export.py``).
The writers (``dataset_write`` into a folder, ``dataset_zip`` into one archive) share
:func:`dataset_files`, so a command's export and a page's download hold the same bytes.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.rules.models import CrossReference, Edition, Entry, Example, GlossaryEntry

SCHEMAS = Path(__file__).resolve().parent / "schemas"
FILES = ("editions", "entries", "concepts", "glossary")
# The files' format: a new version when a field changes meaning or goes away (a new field does not).
FORMAT_VERSION = 1

Progress = Callable[[int, int], None]


class DatasetError(Exception):
    """A selection that names nothing, or an output that cannot be written; ``str()`` is one line."""


@dataclass
class DatasetReport:
    """What an export wrote: lines per file."""

    editions: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FILES, 0))


def edition_key(edition: Edition) -> str:
    return f"{edition.language}:{edition.slug}"


def schema_text(name: str) -> str:
    return (SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8")


def _line(data: dict) -> str:
    # ensure_ascii off: the texts stay readable (UTF-8); json escapes quotes and control characters.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _edition_row(edition: Edition, counts: dict[str, int]) -> dict:
    return {
        "edition": edition_key(edition),
        "game": edition.game.slug,
        "language": edition.language,
        "slug": edition.slug,
        "effective_date": edition.effective_date.isoformat() if edition.effective_date else None,
        "name": edition.name,
        "revision": edition.revision,
        "translates": edition_key(edition.translates) if edition.translates_id else None,
        "source_sha256": edition.source_sha256,
        "imported_at": edition.imported_at.isoformat(),
        "url": edition.get_absolute_url(),
        "counts": counts,
    }


def _entries_of(edition: Edition) -> tuple[list[dict], dict[str, int]]:
    """The entries of ``edition`` as rows, in source order, with their examples and references."""
    rows = list(
        Entry.objects.in_edition(edition)
        .in_source_order()
        .values(
            "pk",
            "kind",
            "number",
            "parent_id",
            "title",
            "text",
            "order",
            "position",
            "concept_id",
            "duplicate_of_id",
            "changed_by_publisher",
        )  # fmt: skip
    )
    examples: dict[int, list[dict]] = {}
    for entry_id, label, text, scenario in (
        Example.objects.filter(entry__edition=edition)
        .order_by("entry_id", "order")
        .values_list("entry_id", "label", "text", "scenario")
    ):
        examples.setdefault(entry_id, []).append({"label": label, "text": text, "scenario": scenario or None})
    references: dict[int, list[dict]] = {}
    for entry_id, number, text, target_id in (
        CrossReference.objects.filter(entry__edition=edition)
        .order_by("entry_id", "id")
        .values_list("entry_id", "target_number", "text", "target_id")
    ):
        references.setdefault(entry_id, []).append({"number": number, "text": text, "resolved": target_id is not None})
    numbers = {row["pk"]: row["number"] for row in rows}
    key = edition_key(edition)
    base = edition.get_absolute_url()
    out = []
    for row in rows:
        numbered = bool(row["number"]) and row["kind"] != Entry.Kind.NOTE
        out.append(
            {
                "edition": key,
                "number": row["number"] or None,
                "kind": row["kind"],
                "parent": numbers.get(row["parent_id"]) or None,
                "title": row["title"],
                "text": row["text"],
                "examples": examples.get(row["pk"], []),
                "cross_references": references.get(row["pk"], []),
                "concept": row["concept_id"],
                "order": row["order"],
                "source_line": row["position"],
                "duplicate": row["duplicate_of_id"] is not None,
                "changed_by_publisher": row["changed_by_publisher"],
                "url": f"{base}{row['number']}/" if numbered else None,
            }
        )
    rules = sum(1 for row in rows if row["kind"] in (Entry.Kind.RULE, Entry.Kind.SUBRULE))
    counts = {"entries": len(rows), "rules": rules, "examples": sum(len(e) for e in examples.values())}
    return out, counts


def _glossary_of(edition: Edition) -> list[dict]:
    key = edition_key(edition)
    return [
        {"edition": key, "term": term, "definition": definition, "rules": rules, "source": source or None}
        for term, definition, rules, source in GlossaryEntry.objects.filter(edition=edition)
        .order_by("source", "position")
        .values_list("term", "definition", "rules", "source")
    ]


def _concepts(game: str, concept_ids: set[int]) -> list[dict]:
    """Every entry of ``game`` of each concept, grouped by concept (in id order), each group in
    edition then source order. One query over the game's entries: cheaper than an IN list of
    thousands of ids, which SQLite also caps."""
    editions = {
        pk: f"{language}:{slug}"
        for pk, language, slug in Edition.objects.for_game(game).values_list("pk", "language", "slug")
    }
    found: dict[int, list[tuple]] = {}
    for concept_id, edition_id, number, order in (
        Entry.objects.filter(edition__game__slug=game, concept__isnull=False)
        .order_by()
        .values_list("concept_id", "edition_id", "number", "order")
    ):
        if concept_id in concept_ids:
            found.setdefault(concept_id, []).append((editions[edition_id], order, number))
    return [
        {
            "concept": concept_id,
            "game": game,
            "entries": [{"edition": key, "number": number} for key, _order, number in sorted(found[concept_id])],
        }
        for concept_id in sorted(found)
    ]


def dataset_files(game: str, editions: list[Edition], *, progress: Progress | None = None) -> Iterator[tuple[str, str]]:
    """(file name, its whole text) of each data file of ``editions`` (of ``game``), then each schema."""
    entry_lines: list[str] = []
    edition_lines: list[str] = []
    glossary_lines: list[str] = []
    concept_ids: set[int] = set()
    for done, edition in enumerate(editions):
        rows, counts = _entries_of(edition)
        glossary = _glossary_of(edition)
        counts["glossary"] = len(glossary)
        edition_lines.append(_line(_edition_row(edition, counts)))
        entry_lines.extend(_line(row) for row in rows)
        glossary_lines.extend(_line(row) for row in glossary)
        concept_ids.update(row["concept"] for row in rows if row["concept"] is not None)
        if progress is not None:
            progress(done + 1, len(editions) + 1)
    concepts = [_line(row) for row in _concepts(game, concept_ids)]
    if progress is not None:
        progress(len(editions) + 1, len(editions) + 1)
    yield "editions.jsonl", "".join(edition_lines)
    yield "entries.jsonl", "".join(entry_lines)
    yield "concepts.jsonl", "".join(concepts)
    yield "glossary.jsonl", "".join(glossary_lines)
    for name in FILES:
        yield f"{name}.schema.json", schema_text(name)


def select_editions(*, game: str, language: str | None = None, edition: str | None = None) -> list[Edition]:
    """The editions of ``game`` (of ``language``; with the slug ``edition``), by game and language,
    newest first; a :class:`DatasetError` naming what matched nothing."""
    from rulesref.core.games import GAMES, UnknownGame, get_game
    from rulesref.core.languages import UnknownLanguage, get_language

    try:
        game = get_game(game).slug
    except UnknownGame:
        raise DatasetError(f"--game {game!r}: unknown game (games: {', '.join(GAMES)})") from None
    found = Edition.objects.for_game(game).with_source().defer("report", "translates__report")
    if language is not None:
        try:
            language = get_language(language).code
        except UnknownLanguage:
            raise DatasetError(f"--lang {language!r}: unknown language") from None
        found = found.in_language(language)
    if edition is not None:
        found = found.filter(slug=edition)
    found = list(found.by_game_and_language())
    if not found:
        where = f"{game} {language}" if language else game
        if edition is not None:
            raise DatasetError(f"--edition {edition!r}: no such edition of {where}")
        raise DatasetError(f"no editions of {where} have been imported")
    return found


def dataset_write(
    *, game: str, editions: list[Edition], output: Path, progress: Progress | None = None
) -> DatasetReport:
    """Write the data files of ``editions`` into the folder ``output`` (made if missing). Each file is
    written beside its final name and renamed, so a reader never sees half a file."""
    try:
        output.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=output, prefix=".probe-", delete=True)
        probe.close()
    except OSError as error:
        raise DatasetError(f"{output}: cannot write there ({error.strerror or error})") from None
    report = DatasetReport(editions=[edition_key(edition) for edition in editions])
    for name, text in dataset_files(game, editions, progress=progress):
        if name.endswith(".jsonl"):
            report.counts[name.removesuffix(".jsonl")] = text.count("\n")
        try:
            write_replacing(output / name, text.encode("utf-8"))
        except OSError as error:
            raise DatasetError(f"{output / name}: cannot write it ({error.strerror or error})") from None
    return report


def dataset_zip(edition: Edition) -> bytes:
    """One edition's data files and schemas as a zip archive (what its download link serves)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in dataset_files(edition.game.slug, [edition]):
            info = zipfile.ZipInfo(name, date_time=edition.imported_at.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"))
    return buffer.getvalue()


def write_replacing(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
