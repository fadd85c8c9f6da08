from django.core.management.base import CommandError

from ...concordance import concordance
from ...selection import SelectionError
from ...terms import Glossary
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = (
        "Concordance (key word in context) of a term in the first language's edition, with the aligned texts "
        "of the other languages and the count of each rendering."
    )

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--langs", required=True, help="languages: the first is searched, e.g. it,en,ja")
        parser.add_argument("--editions", default="", help="LANG:EDITION items or one per language in order")
        parser.add_argument("--term", required=True, help="the term to look for")
        self.add_json(parser)

    def handle(self, *args, **options):
        game = self.game(options)
        columns = self.columns(game, options)
        glossary = Glossary.load(game, {edition.language for edition in columns})
        try:
            found = concordance(columns, options["term"], glossary)
        except SelectionError as error:
            raise CommandError(f"--term: {error}") from None
        if options["json"]:
            self.print_json(found.as_json())
            return
        for hit in found.hits:
            self.stdout.write(f"{hit.entry.number:>9}  {hit.before:>60} [{hit.match}] {hit.after}")
        for row in found.rendering_rows():
            renderings = ", ".join(f"{form} ({n})" for form, n in row["renderings"])
            self.stdout.write(f"{row['language']}: {renderings or '—'}; without a glossary form: {row['without']}")
