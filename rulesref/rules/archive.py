"""Importing a folder of editions of one game and language (``manage.py import_archive``).

Every file whose name holds a date (``mtg_cr_en_20160826.txt``, ``2016-08-26.txt``) is an edition:
they are imported oldest first by that date (the edition itself is the date its text states, or,
for a text that states none, the date in its name, with a warning),
each through :func:`services.edition_import` in a transaction of its own, so a file that is
refused or fails leaves its edition as it was and never stops the others. A file imported
before from the same bytes is unchanged (its sha256), which makes a run resumable: after a
kill, the next run passes over the editions already committed and carries on.

What each edition's import would redo for the whole game, the game's concepts, is deferred to
one rebuild after the last file (``concepts.concepts_complete``); a run that finds it undone
(killed before it) does it. The search index and the pages' stored differences are the
caller's to refresh, once.
"""

from __future__ import annotations

import re
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.core.games import UnknownGame, get_game

from .concepts import concepts_complete
from .models import Game
from .services import ImportFailed, NoEffectiveDate, edition_import

# What a rules file may be (as quickstart reads the corpora): text, gzipped text, Markdown, reStructuredText, PDF.
SUFFIXES = (".txt", ".md", ".gz", ".rst", ".pdf")
NAME_DATE_RE = re.compile(r"(?<!\d)((?:19|20)\d\d)-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?!\d)")

IMPORTED, UNCHANGED, REFUSED = "imported", "unchanged", "refused"


@dataclass
class ArchiveFile:
    """One file of the folder and what became of it."""

    name: str
    # The date its name holds (YYYY-MM-DD): the order of the import.
    name_date: str
    status: str = ""
    # The edition it is (the date its text states), "" when refused.
    edition: str = ""
    # Why it was refused: one line.
    reason: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[dict] = field(default_factory=list)
    unplaced: int = 0
    seconds: float = 0.0

    @property
    def detail(self) -> str:
        """The summary's last column: the reason, or the counts and what the report holds."""
        if self.status == REFUSED:
            return self.reason
        parts = [f"{self.counts.get('rules', 0)} rules, {self.counts.get('subrules', 0)} subrules"]
        if self.unplaced:
            parts.append(f"{self.unplaced} unplaced lines")
        if self.warnings:
            parts.append(f"{len(self.warnings)} warnings" if len(self.warnings) != 1 else "1 warning")
        return ", ".join(parts)

    def as_json(self) -> dict:
        return {
            "file": self.name,
            "name_date": self.name_date,
            "status": self.status,
            "edition": self.edition or None,
            "reason": self.reason or None,
            "counts": self.counts,
            "warnings": self.warnings,
            "unplaced": self.unplaced,
            "seconds": round(self.seconds, 2),
        }


@dataclass
class ArchiveReport:
    directory: str
    game: str
    lang: str
    files: list[ArchiveFile] = field(default_factory=list)
    # Files of the folder that are not editions (no date in the name, or not a rules file's suffix).
    ignored: list[str] = field(default_factory=list)
    # Whether the game's concepts were rebuilt at the end, and in how many seconds.
    concepts_rebuilt: bool = False
    concepts_seconds: float = 0.0
    seconds: float = 0.0

    @property
    def totals(self) -> dict[str, int]:
        found = {IMPORTED: 0, UNCHANGED: 0, REFUSED: 0}
        for item in self.files:
            found[item.status] += 1
        return found

    @property
    def changed(self) -> bool:
        return self.concepts_rebuilt or any(item.status == IMPORTED for item in self.files)

    def table(self) -> list[str]:
        """The summary: a line per file, then the totals."""
        width = max([len(item.name) for item in self.files] + [4])
        lines = [f"{'file':<{width}}  {'edition':<10}  {'result':<9}  detail"]
        for item in self.files:
            lines.append(f"{item.name:<{width}}  {item.edition or '-':<10}  {item.status:<9}  {item.detail}")
        totals = self.totals
        lines.append(
            f"{len(self.files)} files: {totals[IMPORTED]} imported, {totals[UNCHANGED]} unchanged, "
            f"{totals[REFUSED]} refused in {self.seconds:.1f} s"
        )
        return lines

    def as_json(self) -> dict:
        return {
            "directory": self.directory,
            "game": self.game,
            "lang": self.lang,
            "files": [item.as_json() for item in self.files],
            "ignored": self.ignored,
            "totals": self.totals,
            "concepts_rebuilt": self.concepts_rebuilt,
            "seconds": round(self.seconds, 2),
        }


def archive_files(directory: Path) -> tuple[list[tuple[str, Path]], list[str]]:
    """The folder's edition files as (date in the name, path), oldest first, and the names of the
    other files (ignored)."""
    found, ignored = [], []
    for path in sorted(directory.iterdir()):
        match = NAME_DATE_RE.search(path.name)
        if not path.is_file() or path.suffix.lower() not in SUFFIXES or match is None:
            ignored.append(path.name)
            continue
        found.append(("-".join(match.groups()), path))
    found.sort(key=lambda item: (item[0], item[1].name))
    return found, ignored


def archive_import(
    *,
    directory: str | Path,
    game: str,
    language: str,
    progress: Callable[[int, int], None] | None = None,
) -> ArchiveReport:
    """Import every edition file of ``directory`` (see the module's docstring); raises
    :class:`ImportFailed` only when the folder itself cannot be read."""
    start = time.perf_counter()
    directory = Path(directory)
    try:
        # Once for the folder, not once per file.
        game = get_game(game).slug
    except UnknownGame as error:
        raise ImportFailed(f"{error} (import_archive imports editions of a known game)") from None
    if not directory.is_dir():
        raise ImportFailed(f"{directory}: not a folder")
    try:
        files, ignored = archive_files(directory)
    except OSError as error:
        raise ImportFailed(f"{directory}: cannot be read ({error.strerror})") from None
    report = ArchiveReport(directory=str(directory), game=game, lang=language, ignored=ignored)
    for done, (name_date, path) in enumerate(files):
        if progress:
            progress(done, len(files))
        report.files.append(_import_one(path, name_date, game=game, language=language))
    if progress:
        progress(len(files), len(files))
    row = Game.objects.filter(slug=game).first()
    if row is not None:
        began = time.perf_counter()
        report.concepts_rebuilt = concepts_complete(game=row)
        report.concepts_seconds = time.perf_counter() - began
    report.seconds = time.perf_counter() - start
    return report


def _import_one(path: Path, name_date: str, *, game: str, language: str) -> ArchiveFile:
    item = ArchiveFile(name=path.name, name_date=name_date)
    began = time.perf_counter()
    try:
        try:
            result = edition_import(path=path, game=game, language=language, defer_concepts=True)
        except NoEffectiveDate:
            # The date in the name orders the folder; for a text that states none, it is the edition.
            result = edition_import(path=path, game=game, language=language, edition=name_date, defer_concepts=True)
            result.warnings.insert(
                0, {"line": 1, "message": f"the text states no effective date: {name_date}, the date in its name, used"}
            )
    except ImportFailed as error:
        item.status, item.reason = REFUSED, _without_path(str(error), path)
    except Exception as error:  # noqa: BLE001 - one file's bug must not stop the others; its transaction rolled back
        where = traceback.extract_tb(error.__traceback__)[-1]
        item.status = REFUSED
        item.reason = f"internal error {type(error).__name__}: {error} ({Path(where.filename).name}:{where.lineno})"
    else:
        item.status = IMPORTED if result.changed else UNCHANGED
        item.edition = result.edition
        item.counts = result.counts
        item.warnings = result.warnings
        item.unplaced = len(result.unplaced)
    item.seconds = time.perf_counter() - began
    return item


def _without_path(message: str, path: Path) -> str:
    """An error's reason without the path it starts with (the summary names the file)."""
    message = message.splitlines()[0] if message else message
    for prefix in (str(path), path.name):
        if message.startswith(prefix):
            rest = message[len(prefix) :]
            line = re.match(r":(\d+):\s*", rest)
            if line:
                return f"line {line.group(1)}: {rest[line.end() :]}"
            return rest.lstrip(": ")
    return message
