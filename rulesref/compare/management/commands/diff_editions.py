from django.core.management.base import CommandError

from ...editiondiff import ADDED, CHANGED, MOVED, REMOVED, edition_diff
from ...selection import SelectionError, edition_key
from ...textdiff import DELETE, INSERT
from ..base import WorkbenchCommand


class Command(WorkbenchCommand):
    help = (
        "What changed between two editions of one language: added, removed, changed and moved (renumbered) "
        "rules from the alignment, with word-level (character-level for CJK) differences."
    )

    def add_arguments(self, parser):
        self.add_game(parser)
        parser.add_argument("--lang", required=True, help="the language of both editions, e.g. it")
        parser.add_argument("--from", dest="old", required=True, help="the older edition: effective date or slug")
        parser.add_argument("--to", dest="new", required=True, help="the newer edition: effective date or slug")
        self.add_scope(parser)
        self.add_json(parser)

    def handle(self, *args, **options):
        game = self.game(options)
        old = self.edition(game, options["lang"], options["old"], "--from")
        new = self.edition(game, options["lang"], options["new"], "--to")
        if old.language != new.language:
            raise CommandError("--from and --to must be editions of one language")
        try:
            diff = edition_diff(old, new, self.scope(options))
        except SelectionError as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.print_json(diff.as_json())
            return
        self.stdout.write(f"{edition_key(old)} → {edition_key(new)}")
        for change in diff.shown:
            if change.kind == MOVED:
                self.stdout.write(f"moved    {change.old.number} → {change.new.number}")
            else:
                self.stdout.write(f"{change.kind:<8} {change.number}")
            if change.kind in (CHANGED, MOVED):
                for piece in change.pieces:
                    if piece.op == DELETE:
                        self.stdout.write(f"    - {piece.text.strip()}")
                    elif piece.op == INSERT:
                        self.stdout.write(f"    + {piece.text.strip()}")
                lost, gained = change.references
                if lost or gained:
                    self.stdout.write(f"    cited: {', '.join(lost) or '—'} → {', '.join(gained) or '—'}")
            elif change.kind in (ADDED, REMOVED) and (change.split_from or change.merged_into):
                self.stdout.write(
                    f"    ({'split from ' + change.split_from if change.split_from else ''}"
                    f"{'merged into ' + change.merged_into if change.merged_into else ''})"
                )
        counts = diff.counts()
        self.stdout.write(", ".join(f"{value} {name}" for name, value in counts.items()))
