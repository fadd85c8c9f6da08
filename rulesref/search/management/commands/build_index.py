import json

from django.core.management.base import BaseCommand, CommandError

from rulesref.search.progress import build_with_progress
from rulesref.search.store import (
    IndexBuildFailed,
    IndexBusy,
    check_index,
    clean_up,
    fall_back,
    index_problem,
    index_state,
    rebuild_requested,
)


class Command(BaseCommand):
    help = (
        "Build a new search index generation from the database (one Whoosh index per content language), "
        "verify its document counts, then make it live. The previous generation is kept; only one build runs at "
        "a time; what a killed build left behind (a partial generation, its process number in the lock) is "
        "removed first. --check compares the live index with the database instead and exits 1 when anything "
        "is off, a damaged index included."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
        parser.add_argument(
            "--check",
            action="store_true",
            help="build nothing: compare the live index with the database (documents per language, fingerprint, "
            "every file against its size and sha256) and say what is off; exit status 1 then",
        )
        parser.add_argument(
            "--if-stale",
            action="store_true",
            help="build only when the index is missing, damaged or older than the database (cheap to run from cron)",
        )

    def handle(self, *args, **options):
        if options["check"]:
            return self.check_live(as_json=options["json"])
        try:
            self.build(if_stale=options["if_stale"], as_json=options["json"])
        except (IndexBusy, IndexBuildFailed) as error:
            raise CommandError(str(error)) from None

    def build(self, *, if_stale: bool, as_json: bool) -> None:
        damage = None
        if if_stale:
            state = index_state(thorough=True)
            if state == "current" and not rebuild_requested():
                removed = clean_up()
                if as_json:
                    self.stdout.write(json.dumps({"generation": None, "built": False, "removed": removed}))
                    return
                for line in removed:
                    self.stdout.write(line)
                self.stdout.write("the search index is current; nothing to build")
                return
            damage = index_problem() if state == "damaged" else None
        if damage and not as_json:
            self.stdout.write(f"the live search index is damaged ({damage}): rebuilding it")
        try:
            report = build_with_progress(show=not as_json)
        except IndexBuildFailed as error:
            previous = fall_back() if damage else None
            if previous:
                raise IndexBuildFailed(f"{error}; serving the previous generation {previous} meanwhile") from None
            raise
        if as_json:
            self.stdout.write(json.dumps(report.as_json(), ensure_ascii=False))
            return
        for line in report.removed:
            self.stdout.write(line)
        per_language = ", ".join(f"{lang} {count}" for lang, count in report.documents.items())
        self.stdout.write(
            f"index generation {report.generation}: {sum(report.documents.values())} documents ({per_language}) "
            f"in {report.seconds} s, {report.bytes / 1e6:.1f} MB"
        )

    def check_live(self, *, as_json: bool) -> None:
        result = check_index()
        if as_json:
            self.stdout.write(json.dumps(result.as_json(), ensure_ascii=False))
        else:
            self.stdout.write(f"live generation: {result.generation or 'none'}")
            for language, counts in result.documents.items():
                have = "—" if counts["index"] is None else counts["index"]
                self.stdout.write(f"  {language}: {have} documents in the index, {counts['database']} in the database")
            for problem in result.problems:
                self.stdout.write(f"  off: {problem}")
        if result.problems:
            raise CommandError(f"the search index does not match the database ({len(result.problems)} problems)")
        if not as_json:
            self.stdout.write("the search index matches the database")
