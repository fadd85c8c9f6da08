import html
import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.text import InvalidText, check_text
from rulesref.search import search
from rulesref.search.results import fallback_count_note, fallback_counts


class Command(BaseCommand):
    help = (
        "Search the rules in every language at once; one result per rule, with its text in each language "
        "and the matching words marked."
    )

    def add_arguments(self, parser):
        parser.add_argument("query", help='words, "phrases", prefix*, AND/OR/NOT, lang:/game:/edition: filters')
        parser.add_argument(
            "--lang",
            action="append",
            choices=list(CONTENT_LANGUAGES),
            help="a language to show the rules in (repeat for more); a query in any language still finds them",
        )
        parser.add_argument("--game", help="only this game: mtg, berserk, lorcana or one registered on import")
        parser.add_argument("--edition", help="only this edition (default: the latest of each language)")
        parser.add_argument(
            "--archive",
            action="store_true",
            help="search every edition: one result per rule, saying in which editions its text matched",
        )
        parser.add_argument("--limit", type=int, default=10, help="how many rules to show (default 10)")
        parser.add_argument("--json", action="store_true", help="print exactly one JSON object")

    def handle(self, *args, **options):
        try:
            check_text(options["query"], what="the query")
            check_text(options["game"], what="--game")
            check_text(options["edition"], what="--edition")
        except InvalidText as error:
            raise CommandError(str(error), returncode=2) from None
        results = search(
            options["query"],
            languages=options["lang"],
            game=options["game"],
            edition=options["edition"],
            limit=options["limit"],
            archive=options["archive"],
        )
        if options["json"]:
            self.stdout.write(json.dumps(results.as_json(), ensure_ascii=False))
            if results.error:
                raise CommandError(str(results.error), returncode=2)
            return
        if results.error:
            raise CommandError(str(results.error), returncode=2)
        for notice in results.notices:
            self.stdout.write(str(notice))
        if results.corrected:
            self.stdout.write(f"showing results for {results.corrected}")
        if not results.hits:
            self.stdout.write("no results")
        elif any(hit.not_in for hit in results.hits):
            # The page's count line: "3 results, 2 of them shown in English".
            count = len(results.hits)
            line = ngettext("%(counter)s result", "%(counter)s results", count) % {"counter": count}
            self.stdout.write(line + fallback_count_note(fallback_counts(results.hits)))
        for hit in results.hits:
            self.stdout.write(f"{hit.game} {hit.number} ({hit.kind}, matched in {hit.matched_lang}, {hit.score:.4f})")
            if hit.not_in:
                self.stdout.write(f"  {hit.fallback_note}")
            for lang, text in hit.texts.items():
                snippet = html.unescape(text.snippet.replace("<mark>", "[").replace("</mark>", "]"))
                self.stdout.write(f"  {lang} {text.edition}: {snippet}")
                if text.matched:
                    self.stdout.write(f"    matched in {len(text.matched)}: {', '.join(text.matched)}")
