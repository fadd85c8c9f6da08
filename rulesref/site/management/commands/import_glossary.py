import json

from django.core.management.base import BaseCommand, CommandError

from rulesref.rules.parsers import GLOSSARY_FORMATS
from rulesref.rules.services import ImportFailed, edition_glossary_import
from rulesref.search.progress import refresh_after_import


class Command(BaseCommand):
    help = (
        "Import a glossary file that carries no rules (such as the Берсерк “.. glossary::”) into an edition "
        "that is already imported: its glossary entries are replaced in one transaction, nothing else changes. "
        "Reports which terms join the bundled term list. The search index is rebuilt afterwards (unless --no-index)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the glossary file")
        parser.add_argument(
            "--game", required=True, help="a game's key: mtg, berserk, lorcana or one registered on import"
        )
        parser.add_argument("--lang", required=True, help="content language of the glossary, e.g. ru")
        parser.add_argument(
            "--edition", required=True, help="the imported edition to add it to: its date YYYY-MM-DD or its slug"
        )
        parser.add_argument(
            "--format", choices=GLOSSARY_FORMATS, help="force the glossary format (default: autodetect)"
        )
        parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
        parser.add_argument(
            "--no-index", action="store_true", help="do not rebuild the search index (it is then marked stale)"
        )

    def handle(self, *args, **options):
        try:
            report = edition_glossary_import(
                path=options["path"],
                game=options["game"],
                language=options["lang"],
                edition=options["edition"],
                format=options["format"],
            )
        except ImportFailed as error:
            raise CommandError(str(error)) from None
        index_note = refresh_after_import(skip=options["no_index"], quiet=options["json"])
        if options["json"]:
            self.stdout.write(json.dumps(report.as_json(), ensure_ascii=False))
            return
        state = "imported" if report.changed else "unchanged (the same glossary is already there)"
        self.stdout.write(
            f"{report.source}: {report.game} {report.lang} {report.edition} [{report.format}]: {state}\n"
            f"  {report.counts['glossary']} glossary entries; {len(report.joined)} terms join the term list, "
            f"{len(report.unjoined)} do not"
        )
        for joined in report.joined:
            self.stdout.write(f"  joined: {joined['term']} → {joined['key']}")
        for warning in report.warnings:
            self.stdout.write(f"  warning: line {warning['line']}: {warning['message']}")
        for unplaced in report.unplaced:
            self.stdout.write(self.style.ERROR(f"  unplaced: line {unplaced['line']}: {unplaced['text'][:80]}"))
        if index_note:
            self.stdout.write(index_note)
