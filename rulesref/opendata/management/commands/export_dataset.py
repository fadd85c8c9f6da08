import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulesref.core.progress import progress_bar
from rulesref.core.text import InvalidText, check_text

from ...dataset import DatasetError, dataset_write, select_editions


class Command(BaseCommand):
    help = (
        "Write a game's rules as data: editions.jsonl, entries.jsonl, concepts.jsonl and glossary.jsonl "
        "(JSON Lines), each with its JSON Schema, into a folder."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="a game's key: mtg, berserk, lorcana or one registered")
        parser.add_argument("--lang", help="only the editions in this language (e.g. en, it, zh-hans)")
        parser.add_argument("--edition", help="only the edition with this slug (its effective date or its name)")
        parser.add_argument("--output", required=True, help="the folder to write into (made if missing)")

    def handle(self, *args, **options):
        try:
            for name in ("game", "lang", "edition", "output"):
                check_text(options[name], what=f"--{name}")
        except InvalidText as error:
            raise CommandError(str(error)) from None
        start = time.perf_counter()
        update, close = progress_bar("exporting")
        try:
            editions = select_editions(game=options["game"], language=options["lang"], edition=options["edition"])
            report = dataset_write(
                game=editions[0].game.slug, editions=editions, output=Path(options["output"]), progress=update
            )
        except DatasetError as error:
            raise CommandError(str(error)) from None
        finally:
            close()
        counts = report.counts
        editions = "1 edition" if counts["editions"] == 1 else f"{counts['editions']} editions"
        self.stdout.write(
            f"{options['output']}: {editions}, {counts['entries']} entries, "
            f"{counts['concepts']} concepts, {counts['glossary']} glossary entries "
            f"in {time.perf_counter() - start:.1f} s"
        )
