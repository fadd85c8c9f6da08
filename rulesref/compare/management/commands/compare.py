from django.core.management.base import CommandError

from ...selection import SelectionError, edition_key
from ...sidebyside import side_by_side
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = (
        "Print a rule, section or chapter side by side in several languages and editions: one row per aligned "
        "rule (concept), an empty cell where an edition lacks it, numbering differences flagged."
    )

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--langs", required=True, help="languages (columns), e.g. en,it,ja")
        parser.add_argument(
            "--editions",
            default="",
            help="editions of those languages: LANG:EDITION items (en:2024-09-20) or one per language in order; "
            "a language without one shows the edition aligned with the others",
        )
        parser.add_argument("--scope", required=True, help="a rule, section or chapter number, e.g. 208")
        self.add_json(parser)

    def handle(self, *args, **options):
        game = self.game(options)
        columns = self.columns(game, options)
        scope = self.scope(options)
        try:
            table = side_by_side(columns, scope)
        except SelectionError as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.print_json(table.as_json())
            return
        self.stdout.write(" | ".join(edition_key(edition) for edition in columns))
        for row in table.rows:
            flag = "  [numbered differently]" if row.numbers_differ else ""
            self.stdout.write(f"\n{' | '.join(number or '—' for number in row.numbers)}{flag}")
            for cell in row.cells:
                if cell.entry is None:
                    self.stdout.write(f"  {cell.language}: —")
                else:
                    text = " ".join(part for part in (cell.entry.title, cell.entry.text) if part)
                    self.stdout.write(f"  {cell.language}: {text}")
