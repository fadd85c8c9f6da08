import json

from django.core.management.base import BaseCommand, CommandError

from rulesref.core.games import UnknownGame, get_game
from rulesref.core.languages import UnknownLanguage, get_language
from rulesref.rules.models import Edition, EditionAlignment
from rulesref.rules.selectors import pair_counts, pair_links


class Command(BaseCommand):
    help = (
        "Print how the entries of two editions of a game line up: each pair with the method that found it "
        "(number, text, translation, position, structure) and its score, and counts of same-number, moved, "
        "split, merged, added and removed rules; for a translation and its source: same number, renumbered, "
        "added (only in the translation), removed (only in the source) and how many pairs were found by structure."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="game slug, e.g. mtg, berserk or lorcana")
        parser.add_argument("--from", dest="source", required=True, help="LANG:EDITION, e.g. en:2023-06-16")
        parser.add_argument("--to", dest="target", required=True, help="LANG:EDITION, e.g. en:2024-09-20")
        parser.add_argument("--json", action="store_true", help="print exactly one JSON object")

    def handle(self, *args, **options):
        try:
            game = get_game(options["game"]).slug
        except UnknownGame as error:
            raise CommandError(str(error)) from None
        source = self.edition(game, options["source"], "--from")
        target = self.edition(game, options["target"], "--to")
        links = pair_links(source, target)
        # A translation's counts were taken when it was aligned: renumbered, added to the translation, removed
        # from the source (whichever of the two is --from), found by structure.
        stored = EditionAlignment.objects.filter(
            kind=EditionAlignment.Kind.TRANSLATION, source__in=(source, target), target__in=(source, target)
        ).first()
        counts = dict(stored.counts) if stored is not None and stored.counts else pair_counts(source, target, links)
        if options["json"]:
            self.stdout.write(json.dumps({"pairs": links, "counts": counts}, ensure_ascii=False))
            return
        self.stdout.write(f"{options['source']} → {options['target']}")
        for link in links:
            if link["relation"] != "same" or link["score"] < 1:
                arrow = {"split": "split into", "merged": "merged into"}.get(link["relation"], "→")
                self.stdout.write(f"  {link['from']} {arrow} {link['to']}  ({link['method']}, {link['score']:.2f})")
        self.stdout.write("  " + ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in counts.items()))

    def edition(self, game: str, value: str, flag: str) -> Edition:
        language, _, slug = value.partition(":")
        if not slug:
            raise CommandError(f"{flag} {value!r}: expected LANG:EDITION, e.g. en:2024-09-20")
        try:
            language = get_language(language).code
        except UnknownLanguage as error:
            raise CommandError(f"{flag}: {error}") from None
        edition = Edition.objects.filter(game__slug=game, language=language, slug=slug).first()
        if edition is None:
            known = ", ".join(
                f"{e.language}:{e.slug}" for e in Edition.objects.filter(game__slug=game).order_by("language", "slug")
            )
            raise CommandError(f"{flag} {value!r}: no such edition of {game}; imported: {known or 'none'}")
        return edition
