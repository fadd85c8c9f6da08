from django.core.management.base import CommandError

from rulesref.core.text import check_text
from rulesref.rules.selectors import entry_numbered, nearest_numbers

from ...trace import rule_trace
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = (
        "A rule's history: every edition of its language in which it exists, its number there and what changed "
        "(added, reworded with a word difference, renumbered, split, merged, removed), newest first, runs of "
        "unchanged editions collapsed; followed through the alignment, never by number."
    )

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--lang", required=True, help="the rule's language, e.g. en")
        parser.add_argument("--edition", default="newest", help="the edition NUMBER is read in (default: the newest)")
        parser.add_argument("number", help="the rule's number in that edition, e.g. 724.2")
        self.add_json(parser)

    def handle(self, *args, **options):
        game = self.game(options)
        edition = self.edition(game, options["lang"], options["edition"], "--edition")
        number = options["number"].strip()
        try:
            check_text(number, what="NUMBER")
        except ValueError as error:
            raise CommandError(str(error)) from None
        entry = entry_numbered(edition, number) if number else None
        if entry is None:
            before, after = nearest_numbers(edition, number, 1) if number else ([], [])
            nearest = ", ".join(found.number for found in before + after)
            hint = f"; the nearest are {nearest}" if nearest else ""
            raise CommandError(f"NUMBER {number!r}: no such rule in {edition.language}:{edition.slug}{hint}")
        trace = rule_trace(entry)
        if options["json"]:
            self.print_json(trace.as_json())
            return
        for line in trace.lines():
            self.stdout.write(line)
