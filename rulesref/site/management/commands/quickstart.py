from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from rulesref.core.catalogs import compile_catalogs
from rulesref.core.text import InvalidText, check_text
from rulesref.search.progress import ensure_with_progress
from rulesref.search.store import IndexBuildFailed
from rulesref.site.fetch import summary_lines
from rulesref.site.setup import (
    SetupError,
    compute_comparisons,
    compute_downloads,
    fetch_official_rules,
    import_bundled_sources,
    import_corpora,
    sync_glossary,
)


class Command(BaseCommand):
    help = (
        "Set up and serve the site: migrate, compile the UI catalogs with Babel, import every source in "
        "rules_data/manifest.toml (and the official rules files in $RULESREF_CORPORA, if set; with "
        "--fetch-official, the current official English rules from their publishers), build the search index, "
        "then serve. Idempotent: a second run only serves."
    )

    def add_arguments(self, parser):
        parser.add_argument("--no-serve", action="store_true", help="set everything up, then stop")
        parser.add_argument("--addrport", default="127.0.0.1:8000", help="where to serve (default 127.0.0.1:8000)")
        parser.add_argument(
            "--fetch-official",
            action="store_true",
            help="also download the current official English rules (fetch_rules) where the network allows; "
            "without network, carry on with the bundled data",
        )

    def handle(self, *args, **options):
        try:
            check_text(options["addrport"], what="--addrport")
            check_text(str(settings.DATA_DIR), what="RULESREF_DATA_DIR")
            check_text(settings.CORPORA_DIR, what="RULESREF_CORPORA")
        except InvalidText as error:
            raise CommandError(str(error)) from None
        try:
            settings.DATA_DIR.mkdir(parents=True, exist_ok=True)
            call_command("migrate", interactive=False, verbosity=0)
            written = compile_catalogs(Path(settings.LOCALE_PATHS[0]))
        except OSError as error:
            raise CommandError(
                f"{error.filename or settings.DATA_DIR}: {error.strerror or error}: free some space or make it writable"
            ) from None
        if written:
            self.stdout.write(f"compiled {len(written)} UI catalogs")
        try:
            for line in sync_glossary():
                self.stdout.write(line)
            for line in import_bundled_sources():
                self.stdout.write(line)
            if settings.CORPORA_DIR:
                corpora = import_corpora(Path(settings.CORPORA_DIR))
                for line in corpora.lines:
                    self.stdout.write(line)
                for failure in corpora.failed:
                    self.stderr.write(f"not imported: {failure}")
                if corpora.failed and not corpora.imported:
                    raise CommandError(f"{settings.CORPORA_DIR}: no rules file in the corpora folder could be imported")
        except SetupError as error:
            raise CommandError(str(error)) from None
        fetched = []
        if options["fetch_official"]:
            lines, fetched = fetch_official_rules()
            for line in lines:
                self.stdout.write(line)
        try:
            refresh = ensure_with_progress()
        except IndexBuildFailed as error:
            raise CommandError(str(error)) from None
        for line in refresh.removed:
            self.stdout.write(line)
        if refresh.state == "queued":
            self.stdout.write("another index build is running: a rebuild is queued and runs when it finishes")
        elif refresh.state == "built":
            built = refresh.report
            self.stdout.write(f"search index: {sum(built.documents.values())} documents in {built.seconds} s")
        computed = compute_comparisons()
        if computed:
            self.stdout.write(computed)
        for report in fetched:
            for line in summary_lines(report):
                self.stdout.write(line)
        downloads = compute_downloads()
        if downloads:
            self.stdout.write(downloads)
        if options["no_serve"]:
            self.stdout.write(f"ready; database at {settings.DATABASES['default']['NAME']}")
            return
        call_command("runserver", options["addrport"], use_reloader=False)
