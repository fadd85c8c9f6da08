import json

from django.core.management.base import BaseCommand, CommandError

from rulesref.core.progress import progress_bar
from rulesref.rules.parsers import FORMATS
from rulesref.rules.services import ImportFailed, ImportReport, edition_import


class Command(BaseCommand):
    help = (
        "Import one rules source file as one edition (game, language, edition). The whole edition is "
        "written in one transaction: a failure changes nothing; the same file twice changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the source file")
        parser.add_argument("--game", required=True, help="game slug: mtg or berserk")
        parser.add_argument("--lang", required=True, help="content language: en, it, ja, ru, zh-hans")
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

    def handle(self, *args, **options):
        update, close = progress_bar("importing") if not options["json"] else (None, lambda: None)
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
            )
        except ImportFailed as error:
            raise CommandError(str(error)) from None
        finally:
            close()
        if options["json"]:
            self.stdout.write(json.dumps(report.as_json(), ensure_ascii=False))
            return
        self.print_report(report)

    def print_report(self, report: ImportReport) -> None:
        counts = ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in report.counts.items())
        if report.dry_run:
            state = "dry run, nothing written"
        else:
            state = "imported" if report.changed else "unchanged (same file already imported)"
        self.stdout.write(
            f"{report.source}: {report.game} {report.lang} {report.edition} [{report.format}]: {state}\n  {counts}"
        )
        if report.edition_name:
            self.stdout.write(f"  edition name: {report.edition_name}")
        for warning in report.warnings:
            self.stdout.write(f"  warning: line {warning['line']}: {warning['message']}")
        for skipped in report.skipped:
            self.stdout.write(f"  skipped: line {skipped['line']}: {skipped['reason']}: {skipped['text'][:80]}")
        for unplaced in report.unplaced:
            self.stdout.write(self.style.ERROR(f"  unplaced: line {unplaced['line']}: {unplaced['text'][:80]}"))
        if report.unresolved:
            targets = ", ".join(sorted({ref["target"] for ref in report.unresolved}))
            self.stdout.write(
                f"  {len(report.unresolved)} cross-references point to rules not in this edition: {targets}"
            )
