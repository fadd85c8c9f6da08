"""Fetching a game's current official rules from its publisher and importing them as a new edition.

What ``fetch_rules`` (and ``quickstart --fetch-official``) do, in order:

1. the URL: ``--url``, else ``RULESREF_OFFICIAL_URL_<GAME>_<LANG>`` (``settings.OFFICIAL_RULES_URLS``),
   else ``official_rules`` of the game in ``rules_data/games.toml``;
2. download it into a temporary folder (``core/download.py``: size and time limits while streaming).
   An HTML page is the publisher's rules page: its first link to a ``.txt`` file is downloaded
   instead (Wizards' TXT file changes its name with every edition; the page's address does not);
3. check that it is a rules file of that game, and read its effective date as the import does
   (the edition statement of its first lines);
4. refuse an edition already present: the same bytes (sha256) or the same effective date;
5. import it through ``edition_import``, the import's own code path and its one transaction.

Nothing is written before step 5, so every refusal leaves the database and the search index as
they were. The caller then rebuilds the index and the workbench's comparisons, as ``import_rules``
does; the translations of the previous edition become stale where their source rules changed
through the comparisons (``compare/freshness.py`` judges a translation against the newest edition of
its source's language).
"""

from __future__ import annotations

import re
import tempfile
import urllib.parse
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings

from rulesref.compare.freshness import UNALIGNED, translation_editions
from rulesref.compare.selection import edition_key
from rulesref.compare.stored import stored_diff, stored_freshness
from rulesref.core import gamedata
from rulesref.core.download import Download, DownloadFailed, Progress, download
from rulesref.core.games import UnknownGame, get_game
from rulesref.core.langdata import LANGUAGES, guess_language
from rulesref.core.languages import UnknownLanguage, get_language
from rulesref.rules.models import Edition, EditionAlignment
from rulesref.rules.parsers import (
    ParseError,
    detect_format,
    game_of_format,
    head_lines,
    read_source,
    stated_language,
)
from rulesref.rules.parsers.editions import find_statement
from rulesref.rules.services import ImportFailed, ImportReport, edition_import

HTML_TYPES = ("text/html", "application/xhtml+xml")
# As far as the importer looks for an edition statement (``editions.find_statement``).
STATEMENT_LINES = 80


class FetchFailed(Exception):
    """A fetch that changed nothing; ``str()`` is one line naming the URL and the reason."""


class AlreadyImported(FetchFailed):
    """The official rules are an edition the database holds already: nothing to do."""


@dataclass
class FetchReport:
    game: str
    language: str
    url: str  # the URL asked for
    file_url: str  # the URL of the rules file (the one linked from the page, when ``url`` is a page)
    size: int
    sha256: str
    report: ImportReport
    edition: Edition
    previous: Edition | None  # the edition before it in its language (by effective date), if any


def official_url(game: str, language: str) -> str:
    """Where ``game``'s official rules in ``language`` are, or :class:`FetchFailed` naming the setting."""
    variable = f"{game}_{language}".replace("-", "_")
    url = settings.OFFICIAL_RULES_URLS.get(variable.lower())
    if url:
        return url.strip()
    data = gamedata.games().get(game)
    if data is not None and language in data.official_rules:
        return data.official_rules[language]
    raise FetchFailed(
        f"no official rules URL for {game} {language}: pass --url or set RULESREF_OFFICIAL_URL_{variable.upper()}"
    )


def rules_fetch(
    *,
    game: str,
    language: str,
    url: str | None = None,
    download_progress: Progress | None = None,
    import_progress: Progress | None = None,
) -> FetchReport:
    """Download the official rules of ``game`` in ``language`` and import them if they are a new edition.

    Raises :class:`FetchFailed` (and writes nothing) on a network failure, a timeout, an HTTP error, a
    file that is too large or not a rules file of the game, or an edition already present.
    """
    try:
        info = get_game(game)
        lang = get_language(language).code
    except (UnknownGame, UnknownLanguage) as error:
        raise FetchFailed(str(error)) from None
    url = url or official_url(info.slug, lang)
    with tempfile.TemporaryDirectory(prefix="rulesref-fetch-") as folder:
        fetched = _download_rules(url, Path(folder), download_progress)
        where = fetched.url
        with fetched.path.open("rb") as file:
            if file.read(2) == b"\x1f\x8b":
                # Decompressed, it could be any size: the limit is on what is downloaded.
                raise FetchFailed(f"{where}: a gzip-compressed file: fetch the text file itself")
        try:
            source = read_source(fetched.path)
            format = detect_format(source)
        except ParseError as error:
            raise FetchFailed(f"{where}: not a rules file: {error.reason}") from None
        _refuse_other_game(source, format, info.slug, where)
        statement = find_statement(head_lines(source, format, STATEMENT_LINES))
        if statement is None or statement.date is None:
            raise FetchFailed(f"{where}: states no effective date in its first {STATEMENT_LINES} lines")
        _refuse_other_language(source, format, lang, where)
        slug = statement.date.isoformat()
        _refuse_present(info.slug, lang, slug, source.sha256, where)
        try:
            # The edition checked above, whatever else the parser reads (a disagreement is the import's warning).
            report = edition_import(
                path=fetched.path, game=info.slug, language=lang, edition=slug, format=format, progress=import_progress
            )
        except ImportFailed as error:
            raise FetchFailed(str(error).replace(str(fetched.path), where)) from None
    edition = Edition.objects.named(info.slug, lang, report.edition)
    return FetchReport(
        game=info.slug,
        language=lang,
        url=url,
        file_url=where,
        size=fetched.size,
        sha256=source.sha256,
        report=report,
        edition=edition,
        previous=previous_edition(edition),
    )


def previous_edition(edition: Edition) -> Edition | None:
    """The edition ``edition`` follows in its language, as the import aligned them."""
    alignment = (
        EditionAlignment.objects.filter(target=edition, kind=EditionAlignment.Kind.SUCCESSOR)
        .select_related("source__game")
        .first()
    )
    return alignment.source if alignment is not None else None


def _refuse_other_game(source, format: str, game: str, where: str) -> None:
    """A file of another game's rules: its format's game, or, for a layout any game's rulebook may have,
    the games its title block names (as quickstart tells them; a game users registered has no title words)."""
    own = game_of_format(format)
    if own is not None:
        if own != game:
            raise FetchFailed(f"{where}: a {format!r} file of {own} rules, not {game}")
        return
    if game not in gamedata.games():
        return
    named = gamedata.games_in_title(text for _, text in head_lines(source, format, gamedata.TITLE_LINES))
    if game not in named:
        whose = f"of {' and '.join(named)} (its title block names it)" if named else "whose title block names no game"
        raise FetchFailed(f"{where}: a rulebook {whose}, not {game}")


def _refuse_other_language(source, format: str, language: str, where: str) -> None:
    """A file in another language than the one asked for: the language it states (a rulebook's date
    statement), else one written in another script (a Latin-script file tells no language by its script)."""
    stated = stated_language(source, format, STATEMENT_LINES)
    if stated:
        if stated != language:
            raise FetchFailed(f"{where}: rules in {stated}, not {language}")
        return
    guessed = guess_language(source.text)
    if LANGUAGES[guessed].script != LANGUAGES[language].script:
        raise FetchFailed(f"{where}: rules in {guessed} (by their script), not {language}")


def _refuse_present(game: str, language: str, slug: str, sha256: str, where: str) -> None:
    editions = Edition.objects.for_game(game).in_language(language)
    same = editions.filter(source_sha256=sha256).first()
    if same is not None:
        raise AlreadyImported(f"{where}: already imported: {game} {language} {same.slug} (the same file)")
    dated = editions.filter(slug=slug).first()
    if dated is not None:
        raise AlreadyImported(
            f"{where}: already imported: {game} {language} {slug} (the same effective date, from "
            f"{dated.source_name}); to replace it, import the file with import_rules"
        )


def _download_rules(url: str, folder: Path, progress: Progress | None) -> Download:
    """The rules file at ``url``, or the first ``.txt`` file the page at ``url`` links to."""
    page = _get(url, folder, progress)
    if not _is_html(page):
        return page
    link = first_text_link(page.path.read_bytes().decode("utf-8", "replace"), page.url)
    if link is None:
        raise FetchFailed(f"{page.url}: not a rules file: an HTML page with no link to a .txt file")
    linked = _get(link, folder, progress)
    if _is_html(linked):
        raise FetchFailed(f"{linked.url}: not a rules file: an HTML page (linked from {page.url})")
    return linked


def _get(url: str, folder: Path, progress: Progress | None) -> Download:
    path = folder / _file_name(url)
    if path.exists():
        path = path.with_name(f"linked-{path.name}")
    try:
        return download(
            url, path, max_bytes=settings.FETCH_MAX_BYTES, timeout=settings.FETCH_TIMEOUT, progress=progress
        )
    except DownloadFailed as error:
        raise FetchFailed(str(error)) from None


def _file_name(url: str) -> str:
    """The file's own name (stored as the edition's source name): "MagicCompRules 20250404.txt"."""
    name = urllib.parse.unquote(urllib.parse.urlsplit(url).path.rstrip("/").rpartition("/")[2])
    name = re.sub(r"[^\w .-]", "_", name).strip(" .")
    return name or "rules.txt"


def _is_html(fetched: Download) -> bool:
    if fetched.content_type in HTML_TYPES:
        return True
    with fetched.path.open("rb") as file:
        head = file.read(512).removeprefix(b"\xef\xbb\xbf").lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html"))


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs.extend(value for name, value in attrs if name == "href" and value)


def first_text_link(html: str, base: str) -> str | None:
    """The absolute URL of the first link of ``html`` to a ``.txt`` file (query and fragment aside)."""
    parser = _Links()
    parser.feed(html)
    for href in parser.hrefs:
        absolute = urllib.parse.urljoin(base, href.strip())
        parts = urllib.parse.urlsplit(absolute)
        if parts.scheme in ("http", "https") and urllib.parse.unquote(parts.path).lower().endswith(".txt"):
            # A page may print the file's name as it is ("MagicCompRules 20250404.txt"): a space is not
            # allowed in a request line.
            return parts._replace(path=urllib.parse.quote(parts.path, safe="/%")).geturl()
    return None


def summary_lines(fetched: FetchReport, *, shown: int = 10) -> list[str]:
    """What changed against the previous edition (the workbench's kept edition diff) and which
    translations of the game's editions in that language now have stale rules (their freshness).
    Read after the comparisons are computed (``compute_comparisons``), so nothing is computed twice."""
    new = fetched.edition
    lines = []
    if fetched.previous is None:
        lines.append(f"no earlier {fetched.game} {fetched.language} edition to compare {edition_key(new)} with")
    else:
        counts = stored_diff(fetched.previous, new).counts()
        listed = ", ".join(f"{value} {kind}" for kind, value in counts.items())
        lines.append(f"{edition_key(fetched.previous)} → {edition_key(new)}: {listed}")
        lines.append(
            f"  the rules one by one: python manage.py diff_editions --game {fetched.game} --lang "
            f"{fetched.language} --from {fetched.previous.slug} --to {new.slug}"
        )
    for translation in translation_editions(fetched.game):
        if translation.translates.language != fetched.language:
            continue
        freshness = stored_freshness(translation)
        if freshness.newest_source.pk != new.pk or freshness.up_to_date:
            continue
        changed = [item.number for item in freshness.stale if item.reason != UNALIGNED]
        numbers = ", ".join(changed[:shown]) + (" …" if len(changed) > shown else "")
        lines.append(
            f"{edition_key(translation)} translates {edition_key(freshness.source)}: {len(changed)} of its rules "
            f"changed in {edition_key(new)} and are stale" + (f" ({numbers})" if changed else "")
        )
    return lines
