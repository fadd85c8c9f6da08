import json
import os
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulesref.core import gamedata
from rulesref.core.games import UnknownGame, get_game
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.progress import progress_bar
from rulesref.core.text import InvalidText, check_text
from rulesref.rules.parsers import FORMATS
from rulesref.rules.parsers.numbers import SCHEMES
from rulesref.rules.services import ImportFailed, ImportReport, edition_import
from rulesref.search.progress import refresh_after_import
from rulesref.site.setup import compute_comparisons, compute_downloads

# Names of the arguments that are text, as the user typed them.
TEXT_ARGUMENTS = {
    "path": "file name",
    "game": "--game",
    "game_name": "--game-name",
    "lang": "--lang",
    "edition": "--edition",
    "edition_name": "--edition-name",
    "translates": "--translates",
}


class Command(BaseCommand):
    help = (
        "Import one rules source file as one edition (game, language, edition). The whole edition is "
        "written in one transaction: a failure changes nothing; the same file twice changes nothing. "
        "The search index is rebuilt afterwards (unless --no-index)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the source file")
        parser.add_argument(
            "--game",
            required=True,
            help=f"game slug: {', '.join(gamedata.games())}, a game registered before, or a new one (with --game-name)",
        )
        parser.add_argument(
            "--game-name",
            help="register --game as a new game with this name (in --lang, which becomes its original language)",
        )
        parser.add_argument(
            "--numbering",
            choices=tuple(SCHEMES),
            help="a new game's numbering scheme: cr (100.1, 100.1a) or dotted (1.1, 1.1.1) "
            "(default: guessed from the numbers in the file)",
        )
        parser.add_argument(
            "--lang", required=True, help=f"content language: {', '.join(CONTENT_LANGUAGES)} (or an alias such as zh)"
        )
        parser.add_argument(
            "--edition",
            help="the effective date YYYY-MM-DD, or a slug such as ja-viewer where the source states no date "
            "(default: the date the source states)",
        )
        parser.add_argument("--edition-name", help="the edition's name (default: the name the source states)")
        parser.add_argument("--translates", help="the source edition this one translates, as LANG:EDITION")
        parser.add_argument("--format", choices=FORMATS, help="force the source format (default: autodetect)")
        parser.add_argument("--dry-run", action="store_true", help="parse and report; write nothing")
        parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
        parser.add_argument(
            "--no-index", action="store_true", help="do not rebuild the search index (it is then marked stale)"
        )

    def handle(self, *args, **options):
        try:
            for name, label in TEXT_ARGUMENTS.items():
                check_text(options[name], what=label)
        except InvalidText as error:
            raise CommandError(str(error)) from None
        update, close = progress_bar("importing") if not options["json"] else (None, lambda: None)
        update = _hold_inside_transaction_for_tests(update)
        try:
            report = edition_import(
                path=options["path"],
                game=options["game"],
                language=options["lang"],
                edition=options["edition"],
                edition_name=options["edition_name"],
                translates=options["translates"],
                format=options["format"],
                dry_run=options["dry_run"],
                progress=update,
                game_name=options["game_name"],
                numbering=options["numbering"],
            )
        except ImportFailed as error:
            raise CommandError(str(error)) from None
        finally:
            close()
        index_note = self.refresh_index(report, skip=options["no_index"], quiet=options["json"])
        # The workbench's differences and freshness of this game, so that its pages only read them.
        computed = compute_comparisons([report.game]) if report.changed and not report.dry_run else ""
        # Each edition's download of this game (its concepts name the other editions too).
        downloads = compute_downloads([report.game]) if report.changed and not report.dry_run else ""
        if options["json"]:
            self.stdout.write(json.dumps(report.as_json(), ensure_ascii=False))
            return
        self.print_report(report)
        if downloads:
            self.stdout.write(downloads)
        if index_note:
            self.stdout.write(index_note)
        if computed:
            self.stdout.write(computed)

    def refresh_index(self, report: ImportReport, *, skip: bool, quiet: bool) -> str:
        """Rebuild the search index after a change, or say that it is stale."""
        return "" if report.dry_run else refresh_after_import(skip=skip, quiet=quiet)

    @staticmethod
    def is_original(report: ImportReport) -> bool:
        """Whether the edition is in its game's original language (a game this import registers too)."""
        if report.registered:
            return report.lang == report.registered["original_language"]
        try:
            return report.lang == get_game(report.game).original_language
        except UnknownGame:
            return False

    def print_report(self, report: ImportReport) -> None:
        counts = ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in report.counts.items())
        if report.dry_run:
            state = "dry run, nothing written"
        else:
            state = "imported" if report.changed else "unchanged (same file already imported)"
        self.stdout.write(
            f"{report.source}: {report.game} {report.lang} {report.edition} [{report.format}]: {state}\n  {counts}"
        )
        if report.registered_line:
            self.stdout.write(f"  {report.registered_line}")
        if report.edition_name:
            self.stdout.write(f"  edition name: {report.edition_name}")
        if report.revision:
            # An edition in the game's original language states the rules' own version ("Version 2.2.0").
            label = "version" if self.is_original(report) else "translation version"
            self.stdout.write(f"  {label}: {report.revision}")
        if report.translates:
            why = f" ({report.translates_reason})" if report.translates_reason else ""
            self.stdout.write(f"  translates: {report.translates}{why}")
        if report.term_pairs:
            shown = ", ".join(f"{pair['term']}／{pair['gloss']}" for pair in report.term_pairs[:5])
            more = " …" if len(report.term_pairs) > 5 else ""
            self.stdout.write(f"  {len(report.term_pairs)} terms printed with their gloss: {shown}{more}")
        for warning in report.warnings:
            self.stdout.write(f"  warning: line {warning['line']}: {warning['message']}")
        for skipped in report.skipped:
            self.stdout.write(f"  skipped: line {skipped['line']}: {skipped['reason']}: {skipped['text'][:80]}")
        for unplaced in report.unplaced:
            self.stdout.write(self.style.ERROR(f"  unplaced: line {unplaced['line']}: {unplaced['text'][:80]}"))
        for pair in report.alignment:
            counts = ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in pair["counts"].items())
            how = f" ({pair['basis']})" if "basis" in pair else ""
            self.stdout.write(f"  aligned {pair['source']} → {pair['target']} [{pair['kind']}{how}]: {counts}")
            if "fit" in pair:
                scores = ", ".join(f"{key} {score}" for key, score in pair["fit"].get("scores", {}).items())
                self.stdout.write(f"    best-fitting source: {pair['fit'].get('chosen')} (scores: {scores})")
            for name in ("only_in_translation", "only_in_source", "repeated_in_translation", "repeated_in_source"):
                values = pair.get(name) or []
                if values:
                    shown = ", ".join(values[:20]) + (" …" if len(values) > 20 else "")
                    self.stdout.write(f"    {name.replace('_', ' ')}: {shown}")
        if report.unresolved:
            targets = ", ".join(sorted({ref["target"] for ref in report.unresolved}))
            self.stdout.write(
                f"  {len(report.unresolved)} cross-references point to rules not in this edition: {targets}"
            )


def _hold_inside_transaction_for_tests(update):
    """With ``RULESREF_TEST_HOLD_IMPORT=<file>``, stop inside the import's transaction for good.

    After the rows are written (the import's progress callback runs inside its
    transaction), create ``<file>`` and sleep, so that a test can kill the process there and check
    that the database is exactly as before. Unset (always, outside that test), this does nothing.
    """
    marker = os.environ.get("RULESREF_TEST_HOLD_IMPORT")
    if not marker:
        return update

    def hold(done: int, total: int) -> None:
        if update:
            update(done, total)
        Path(marker).write_text(f"{done}/{total}", encoding="utf-8")
        while True:
            time.sleep(60)

    return hold
