from django.core.management.base import CommandError

from rulesref.core import gamedata
from rulesref.core.progress import progress_bar
from rulesref.core.text import InvalidText, check_text
from rulesref.site.fetch import AlreadyImported, FetchFailed, rules_fetch, summary_lines
from rulesref.site.setup import compute_comparisons

from .import_rules import Command as ImportCommand


class Command(ImportCommand):
    # An import command: its refresh of the search index after an import is the one used here.

    help = (
        "Download a game's current official rules (the URL of rules_data/games.toml, "
        "RULESREF_OFFICIAL_URL_<GAME>_<LANG> or --url) and import them as a new edition if they are one: "
        "the search index is rebuilt and the changes since the previous edition are summed up. A network "
        "failure, a file that is not rules or too large (RULESREF_FETCH_MAX_BYTES) or an edition already "
        "imported is one line, and changes nothing."
    )

    def add_arguments(self, parser):
        games = ", ".join(key for key, game in gamedata.games().items() if game.official_rules)
        parser.add_argument("--game", required=True, help=f"game slug (with an official URL: {games})")
        parser.add_argument("--lang", required=True, help="content language of the rules, e.g. en")
        parser.add_argument(
            "--url",
            help="download this URL instead: the rules text file, or a page whose first link to a .txt file is it",
        )

    def handle(self, *args, **options):
        try:
            for name, label in (("game", "--game"), ("lang", "--lang"), ("url", "--url")):
                check_text(options[name], what=label)
        except InvalidText as error:
            raise CommandError(str(error)) from None
        downloading, downloaded = progress_bar("downloading", unit="B")
        importing, imported = _after(downloaded, "importing")
        try:
            fetched = rules_fetch(
                game=options["game"],
                language=options["lang"],
                url=options["url"],
                download_progress=downloading,
                import_progress=importing,
            )
        except AlreadyImported as error:
            # Not a failure: a daily run finds the rules it has most days.
            self.stdout.write(str(error))
            return
        except FetchFailed as error:
            raise CommandError(str(error)) from None
        finally:
            downloaded()
            imported()
        report = fetched.report
        counts = ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in report.counts.items())
        self.stdout.write(f"fetched {fetched.file_url}: {fetched.size:,} bytes, sha256 {fetched.sha256[:16]}")
        self.stdout.write(f"imported {report.game} {report.lang} {report.edition} [{report.format}]: {counts}")
        if report.edition_name:
            self.stdout.write(f"  edition name: {report.edition_name}")
        for warning in report.warnings:
            self.stdout.write(f"  warning: line {warning['line']}: {warning['message']}")
        for unplaced in report.unplaced:
            self.stdout.write(self.style.ERROR(f"  unplaced: line {unplaced['line']}: {unplaced['text'][:80]}"))
        index_note = self.refresh_index(report, skip=False, quiet=False)
        if index_note:
            self.stdout.write(index_note)
        computed = compute_comparisons([report.game])
        if computed:
            self.stdout.write(computed)
        for line in summary_lines(fetched):
            self.stdout.write(line)


def _after(previous_close, description: str):
    """A progress bar drawn from its first update on, when the one before it (``previous_close``) is
    closed: the import's bar replaces the download's instead of waiting empty below it."""
    bar = []

    def update(done: int, total: int) -> None:
        if not bar:
            previous_close()
            bar.append(progress_bar(description))
        bar[0][0](done, total)

    def close() -> None:
        if bar:
            bar[0][1]()

    return update, close
