from django.core.management.base import CommandError

from ...exports import tmx_document, tmx_units
from ...selection import SelectionError
from ...sidebyside import side_by_side
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = (
        "Write a TMX 1.4 translation memory of aligned rules: one <tu> per rule present in at least two of the "
        "chosen editions, one <tuv xml:lang> per language."
    )

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--langs", required=True, help="languages, one edition each, e.g. en,it,ja")
        parser.add_argument(
            "--editions",
            default="",
            help="editions of those languages: LANG:EDITION items or one per language in order "
            "(default: the editions aligned with each other)",
        )
        parser.add_argument("--scope", default="", help="only this rule, section or chapter (default: all)")
        parser.add_argument("--examples", action="store_true", help="add each aligned example as a unit of its own")
        parser.add_argument("--output", required=True, help="the file to write ('-': standard output)")

    def handle(self, *args, **options):
        game = self.game(options)
        columns = self.columns(game, options)
        if len({edition.language for edition in columns}) != len(columns):
            raise CommandError("--langs/--editions: a TMX file holds one edition per language")
        if len(columns) < 2:
            raise CommandError("--langs: a translation memory needs at least two languages")
        scope = self.scope(options)
        try:
            table = side_by_side(columns, scope)
        except SelectionError as error:
            raise CommandError(str(error)) from None
        data = tmx_document(table, examples=options["examples"])
        self.write_output(data, options["output"])
        if options["output"] != "-":
            units = len(tmx_units(table, examples=options["examples"]))
            self.stderr.write(f"{options['output']}: {units} translation units")
