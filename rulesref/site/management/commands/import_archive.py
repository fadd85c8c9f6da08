import json

from django.core.management.base import BaseCommand, CommandError

from rulesref.core.languages import CONTENT_LANGUAGES, UnknownLanguage, get_language
from rulesref.core.progress import progress_bar
from rulesref.core.text import InvalidText, check_text
from rulesref.rules.archive import archive_import
from rulesref.rules.services import ImportFailed
from rulesref.search.progress import refresh_after_import
from rulesref.site.setup import compute_comparisons

DOWNLOADS_NOTE = "downloads: each edition's is built when it is first downloaded"


class Command(BaseCommand):
    help = (
        "Import every edition file of a folder (each name holds its date: mtg_cr_en_20160826.txt) as editions "
        "of one game and language, oldest first, each in its own transaction; unchanged files are passed over by "
        "their sha256, so a run stopped half-way carries on when run again. A file that is refused never stops "
        "the others. Prints a summary table; the game's concepts and the search index are rebuilt once at the end "
        "(unless --no-index)."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", help="the folder of edition files")
        parser.add_argument("--game", required=True, help="game slug (mtg, berserk, lorcana, or a registered one)")
        parser.add_argument(
            "--lang", required=True, help=f"content language: {', '.join(CONTENT_LANGUAGES)} (or an alias such as zh)"
        )
        parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
        parser.add_argument(
            "--no-index", action="store_true", help="do not rebuild the search index (it is then marked stale)"
        )

    def handle(self, *args, **options):
        try:
            for name in ("directory", "game", "lang"):
                check_text(options[name], what=name if name == "directory" else f"--{name}")
            language = get_language(options["lang"]).code
        except (InvalidText, UnknownLanguage) as error:
            raise CommandError(str(error)) from None
        quiet = options["json"]
        update, close = progress_bar("importing editions", unit="file") if not quiet else (None, lambda: None)
        try:
            report = archive_import(
                directory=options["directory"], game=options["game"], language=language, progress=update
            )
        except ImportFailed as error:
            raise CommandError(str(error)) from None
        finally:
            close()
        notes = []
        if report.changed:
            # What import_rules does after each edition, once for the whole folder. Not the downloads: writing
            # every edition's took 220 s of the archive's import (benchmarks/archive.py); each is built when
            # first downloaded (opendata/downloads.py download_file) and kept.
            notes += [compute_comparisons([report.game]), DOWNLOADS_NOTE]
        notes.append(refresh_after_import(skip=options["no_index"], quiet=quiet))
        notes = [note for note in notes if note]
        if quiet:
            data = report.as_json()
            data["notes"] = notes
            self.stdout.write(json.dumps(data, ensure_ascii=False))
            return
        for line in report.table():
            self.stdout.write(line)
        if report.concepts_rebuilt:
            self.stdout.write(f"concepts of {report.game} rebuilt in {report.concepts_seconds:.1f} s")
        for line in notes:
            self.stdout.write(line)
