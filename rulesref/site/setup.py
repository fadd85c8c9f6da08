"""What quickstart does, step by step, in plain functions that yield progress lines."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from rulesref.core import gamedata
from rulesref.core.games import get_game
from rulesref.core.langdata import guess_language
from rulesref.core.languages import UnknownLanguage, get_language
from rulesref.core.progress import progress_bar
from rulesref.core.text import InvalidText, check_text
from rulesref.rules import glossary_data
from rulesref.rules.manifest import ManifestError, load_manifest
from rulesref.rules.models import CardName, Edition, TermForm
from rulesref.rules.parsers import (
    GLOSSARY_PARSERS,
    ParseError,
    SourceText,
    detect_format,
    detect_glossary_format,
    game_of_format,
    head_lines,
    read_source,
    stated_language,
    states_edition,
)
from rulesref.rules.services import ImportFailed, edition_glossary_import, edition_import, glossary_sync


class SetupError(Exception):
    pass


# What a rules file of the corpora may be: text (gzipped too), Markdown, reStructuredText, a PDF.
SUFFIXES = (".txt", ".md", ".gz", ".rst", ".pdf")


def compute_comparisons(games: list[str] | None = None) -> str:
    """Compute ahead what the workbench's diff and freshness pages read (``compare/stored.py``), for
    ``games`` (default: every game); a line saying how many and how long, or "" when all were kept."""
    from rulesref.compare.stored import comparisons_refresh
    from rulesref.rules.models import Game

    start = time.perf_counter()
    slugs = games if games is not None else list(Game.objects.order_by("slug").values_list("slug", flat=True))
    computed = sum(1 for game in slugs for _line in comparisons_refresh(game=game))
    if not computed:
        return ""
    seconds = time.perf_counter() - start
    return f"workbench: {computed} edition differences and freshness reports computed in {seconds:.1f} s"


def compute_downloads(games: list[str] | None = None) -> str:
    """Write each edition's download (``opendata/downloads.py``) of ``games`` (default: every game); a line
    saying how many and how long, or "" when all were there."""
    from rulesref.opendata.downloads import downloads_refresh
    from rulesref.rules.models import Game

    start = time.perf_counter()
    slugs = games if games is not None else list(Game.objects.order_by("slug").values_list("slug", flat=True))
    try:
        written = sum(1 for game in slugs for _line in downloads_refresh(game=game))
    except OSError as error:
        # The import is done; a page builds a missing download when it is first asked for.
        return f"downloads not written ({error.strerror or error}): each is built when first downloaded"
    if not written:
        return ""
    editions = "1 edition" if written == 1 else f"{written} editions"
    return f"downloads: written for {editions} in {time.perf_counter() - start:.1f} s"


def sync_glossary() -> Iterator[str]:
    """Load rules_data/glossary unless the database already holds exactly that data."""
    directory = settings.RULES_DATA_DIR / "glossary"
    try:
        data = glossary_data.load(directory)
    except glossary_data.GlossaryDataError as error:
        raise SetupError(str(error)) from None
    wanted_forms = {(t.game, t.key, lang, f) for t in data.terms for lang, forms in t.forms.items() for f in forms}
    wanted_names = {(c.game, c.key, lang, n) for c in data.cards for lang, n in c.names.items()}
    have_forms = set(TermForm.objects.values_list("term__game__slug", "term__key", "language", "form"))
    have_names = set(CardName.objects.values_list("card__game__slug", "card__key", "language", "name"))
    if wanted_forms == have_forms and wanted_names == have_names:
        return
    try:
        report = glossary_sync(directory=directory)
    except ImportFailed as error:
        raise SetupError(str(error)) from None
    yield f"glossary: {report.terms} terms ({report.forms} forms), {report.cards} cards ({report.names} names)"


def _import(**kwargs) -> str | None:
    update, close = progress_bar(f"importing {Path(kwargs['path']).name}")
    try:
        report = edition_import(progress=update, **kwargs)
    except ImportFailed as error:
        raise SetupError(str(error)) from None
    finally:
        close()
    if not report.changed:
        return None
    counts = report.counts
    line = (
        f"imported {report.game} {report.lang} {report.edition}: {counts['rules']} rules, "
        f"{counts['subrules']} subrules, {counts['examples']} examples, {counts['glossary']} glossary entries"
    )
    if report.translates:
        why = f" ({report.translates_reason})" if report.translates_reason else ""
        line += f"; translates {report.translates}{why}"
    return line


def import_bundled_sources() -> Iterator[str]:
    try:
        sources = load_manifest(settings.RULES_DATA_DIR / "manifest.toml")
    except ManifestError as error:
        raise SetupError(str(error)) from None
    for source in sources:
        line = _import(
            path=source.path,
            game=source.game,
            language=source.language,
            edition=source.edition,
            edition_name=source.edition_name,
            translates=source.translates,
            format=source.format,
        )
        if line:
            yield line


@dataclass
class CorporaImport:
    """What ``import_corpora`` did: lines to print, and the files it could not import."""

    lines: list[str] = field(default_factory=list)
    imported: int = 0
    failed: list[str] = field(default_factory=list)


def _game_of_title(source: SourceText, format: str, outcome: CorporaImport) -> str | None:
    """The game whose name the file's title block (first 40 lines) holds; reported and None when not one."""
    found = gamedata.games_in_title(text for _, text in head_lines(source, format, gamedata.TITLE_LINES))
    if len(found) == 1:
        return found[0]
    reason = f"names {' and '.join(found)}" if found else "names none of the games of rules_data/games.toml"
    outcome.failed.append(
        f"{source.path}: cannot tell the game: its title block (first {gamedata.TITLE_LINES} lines) {reason}; "
        "import it with import_rules --game"
    )
    return None


def import_corpora(directory: Path) -> CorporaImport:
    """Import every official rules file in ``directory``; edition and language read from each file.

    A file that cannot be imported is reported with its reason and the others are
    imported all the same; ``imported`` counts the files now in the database.
    """
    if not directory.is_dir():
        raise SetupError(f"{directory}: RULESREF_CORPORA is not a folder")
    outcome = CorporaImport()
    candidates = []
    glossaries = []
    for path in sorted(directory.iterdir()):
        if not path.is_file() or path.suffix.lower() not in SUFFIXES:
            continue
        try:
            check_text(path.name, what=f"{directory}: file name")
        except InvalidText as error:
            outcome.failed.append(str(error))
            continue
        if path.name.endswith(".noimages.md") and path.with_name(path.name.replace(".noimages.md", ".md")).exists():
            # The derived copy of a markdown file: the same edition, the same text.
            continue
        try:
            source = read_source(path)
            glossary = detect_glossary_format(source)
            if glossary is not None:
                glossaries.append((path, glossary, guess_language(source.text)))
                continue
            format = detect_format(source)
        except ParseError as error:
            outcome.failed.append(f"{error}")
            continue
        if not states_edition(format):
            outcome.failed.append(f"{path}: a {format!r} file names no edition; import it with import_rules")
            continue
        game = game_of_format(format) or _game_of_title(source, format, outcome)
        if game is None:
            continue
        try:
            # The language the file states (a rulebook's date statement: "Gültig ab …"), else its script's.
            language = get_language(stated_language(source, format) or guess_language(source.text)).code
        except UnknownLanguage as error:
            outcome.failed.append(f"{path}: {error}")
            continue
        candidates.append((path, format, language, game))
    # Original-language editions first, so that translations find their source edition.
    candidates.sort(key=lambda item: (item[2] != get_game(item[3]).original_language, item[0].name))
    for path, format, language, game in candidates:
        try:
            line = _import(path=path, game=game, language=language, format=format)
        except SetupError as error:
            outcome.failed.append(str(error))
            continue
        outcome.imported += 1
        if line:
            outcome.lines.append(line)
    # A separate glossary file goes into the newest edition of its game and language.
    for path, format, language in glossaries:
        game = GLOSSARY_PARSERS[format].GAME
        edition = Edition.objects.newest(game, language)
        if edition is None:
            outcome.failed.append(f"{path}: no {game} {language} edition to add this glossary to")
            continue
        try:
            report = edition_glossary_import(
                path=path, game=game, language=language, edition=edition.slug, format=format
            )
        except ImportFailed as error:
            outcome.failed.append(str(error))
            continue
        outcome.imported += 1
        if report.changed:
            outcome.lines.append(
                f"imported glossary {path.name} into {game} {language} {edition.slug}: "
                f"{report.counts['glossary']} terms, {len(report.joined)} joined to the term list"
            )
    return outcome


def fetch_official_rules(language: str = "en") -> tuple[list[str], list]:
    """Fetch the official rules in ``language`` of every game of rules_data/games.toml that says where
    they are (``official_rules``), for ``quickstart --fetch-official``: a new edition is imported, anything
    else (no network, an edition already imported, a bad answer) is one line and the bundled data stays.
    Returns the lines to print and the :class:`~rulesref.site.fetch.FetchReport` of each import."""
    from rulesref.site.fetch import AlreadyImported, FetchFailed, rules_fetch

    lines, fetched = [], []
    for key, game in gamedata.games().items():
        if language not in game.official_rules:
            continue
        update, close = progress_bar(f"downloading the official {key} {language} rules", unit="B")
        try:
            report = rules_fetch(game=key, language=language, download_progress=update)
        except AlreadyImported as error:
            lines.append(f"official {key} {language} rules: {error}")
            continue
        except FetchFailed as error:
            lines.append(f"official {key} {language} rules not fetched: {error}; carrying on with the bundled data")
            continue
        finally:
            close()
        counts = report.report.counts
        lines.append(
            f"fetched the official {key} {language} rules: imported {key} {language} {report.report.edition} from "
            f"{report.file_url}: {counts['rules']} rules, {counts['subrules']} subrules"
        )
        fetched.append(report)
    return lines, fetched
