from ...exports import tbx_document
from ...terms import Glossary
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = "Write the glossary of a game (term equivalents in every language) as TBX-Basic."

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--output", required=True, help="the file to write ('-': standard output)")

    def handle(self, *args, **options):
        game = self.game(options)
        glossary = Glossary.load(game, None)
        self.write_output(tbx_document(game, glossary), options["output"])
        if options["output"] != "-":
            self.stderr.write(f"{options['output']}: {len(glossary.forms)} terms")
