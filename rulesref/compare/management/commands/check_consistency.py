from django.core.management.base import CommandError

from ...consistency import consistency_report
from ...selection import SelectionError, edition_key
from ...terms import Glossary
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = (
        "Terminology consistency of a translation: rules whose source text contains a glossary term while the "
        "aligned translated text contains none of that term's accepted forms."
    )

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--lang", required=True, help="the translation's language, e.g. it")
        parser.add_argument("--edition", required=True, help="the translation edition: effective date or slug")
        parser.add_argument(
            "--source", default="", help="LANG:EDITION to check against (default: the edition it translates)"
        )
        self.add_scope(parser)
        self.add_json(parser)

    def handle(self, *args, **options):
        game = self.game(options)
        target = self.edition(game, options["lang"], options["edition"], "--edition")
        if options["source"]:
            source = self.edition(game, "", options["source"], "--source")
        elif target.translates_id:
            source = target.translates
        else:
            raise CommandError(f"--source: {edition_key(target)} states no source edition; name one")
        glossary = Glossary.load(game, {source.language, target.language})
        try:
            report = consistency_report(source, target, glossary, self.scope(options))
        except SelectionError as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.print_json(report.as_json())
            return
        self.stdout.write(f"{edition_key(source)} → {edition_key(target)}: {report.checked} aligned rules checked")
        for finding in report.findings:
            self.stdout.write(
                f"  {finding.entry.number}: {finding.term} ({', '.join(finding.source_forms)}) — "
                f"none of {' / '.join(finding.accepted)}"
            )
        self.stdout.write(f"{len(report.findings)} findings")
