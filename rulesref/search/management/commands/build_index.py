import json

from django.core.management.base import BaseCommand, CommandError

from rulesref.search.progress import build_with_progress
from rulesref.search.store import IndexBuildFailed, IndexBusy


class Command(BaseCommand):
    help = (
        "Build a new search index generation from the database (one Whoosh index per content language), "
        "verify its document counts, then make it live. The previous generation is kept; only one build runs at a time."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")

    def handle(self, *args, **options):
        try:
            report = build_with_progress(show=not options["json"])
        except (IndexBusy, IndexBuildFailed) as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.stdout.write(json.dumps(report.as_json(), ensure_ascii=False))
            return
        per_language = ", ".join(f"{lang} {count}" for lang, count in report.documents.items())
        self.stdout.write(
            f"index generation {report.generation}: {sum(report.documents.values())} documents ({per_language}) "
            f"in {report.seconds} s, {report.bytes / 1e6:.1f} MB"
        )
