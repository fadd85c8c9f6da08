from django.core.management.base import CommandError

from ...freshness import freshness_report
from ...selection import SelectionError, edition_key
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = (
        "Freshness of a translation edition: its rules whose source rule changed between the source edition it "
        "translates and the newest source edition are stale; rules of the newest source it lacks are missing."
    )

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--lang", required=True, help="the translation's language, e.g. it")
        parser.add_argument("--edition", required=True, help="the translation edition: effective date or slug")
        self.add_scope(parser)
        self.add_json(parser)

    def handle(self, *args, **options):
        game = self.game(options)
        translation = self.edition(game, options["lang"], options["edition"], "--edition")
        try:
            report = freshness_report(translation, self.scope(options))
        except SelectionError as error:
            raise CommandError(str(error)) from None
        data = report.as_json()
        if options["json"]:
            self.print_json(data)
            return
        self.stdout.write(
            f"{edition_key(translation)} translates {data['source']}; newest source {data['newest_source']}"
        )
        self.stdout.write(f"fresh: {data['fresh']}, stale: {len(data['stale'])}, missing: {len(data['missing'])}")
        for stale in report.stale:
            self.stdout.write(f"  stale {stale.entry.number} ({stale.reason})")
