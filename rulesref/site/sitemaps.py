"""``/sitemap.xml``: every table of contents, and the chapter, section, rule and glossary pages of the
current edition of each game and language, with ``hreflang`` alternates for the same page in the other
languages (Django's sitemaps framework; its own ``i18n`` alternates are for URL-prefixed languages, so
ours are added per item).

Older editions keep their pages, reached from their tables of contents and the rule histories; listing
every rule of 125 archived English editions would hand crawlers 300,000 near-copies of the current
pages. The index's last modification is one aggregate, not a walk over every item.
"""

from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.db.models import Max
from django.urls import reverse

from rulesref.rules import selectors
from rulesref.rules.glossary import term_slug
from rulesref.rules.models import Edition, Entry, Game, GlossaryEntry


def current_edition_ids() -> list[int]:
    """The newest edition of each (game, language): the editions whose pages the sitemap lists."""
    games = Game.objects.values_list("slug", flat=True)
    return sorted(pk for game in games for pk in selectors.current_edition_ids(game))


def latest_import(editions) -> object:
    return editions.aggregate(latest=Max("imported_at"))["latest"]


class _AlternatesSitemap(Sitemap):
    limit = 5000

    def alternates_for(self, items) -> dict[int, list[tuple[str, str]]]:
        """{item pk: [(language, path), …]} for the items of one sitemap page."""
        return {}

    def _urls(self, page, protocol, domain):
        urls = super()._urls(page, protocol, domain)
        alternates = self.alternates_for([url["item"] for url in urls])
        for url in urls:
            item = url["item"]
            others = alternates.get(item.pk, [])
            if others:
                own = (item_language(item), url["location"])
                url["alternates"] = [
                    {"lang_code": lang, "location": f"{protocol}://{domain}{path}"} for lang, path in others
                ]
                url["alternates"].insert(0, {"lang_code": own[0], "location": own[1]})
        return urls


def item_language(item) -> str:
    return item.language if isinstance(item, Edition) else item.edition.language


class ContentsSitemap(_AlternatesSitemap):
    def items(self):
        return Edition.objects.select_related("game", "translates").order_by("game__slug", "language", "slug")

    def lastmod(self, edition):
        return edition.imported_at

    def get_latest_lastmod(self):
        return latest_import(Edition.objects.all())

    def alternates_for(self, items):
        result = {}
        for edition in items:
            others = []
            for language in sorted({e.language for e in items if e.game_id == edition.game_id} - {edition.language}):
                aligned = selectors.aligned_edition(edition, language)
                if aligned is not None:
                    others.append((language, aligned.get_absolute_url()))
            result[edition.pk] = others
        return result


class EntriesSitemap(_AlternatesSitemap):
    def items(self):
        return (
            Entry.objects.numbered()
            .filter(duplicate_of__isnull=True, edition_id__in=current_edition_ids())
            .select_related("edition__game")
            .defer("edition__report")
            .order_by("edition__game__slug", "edition__language", "edition__slug", "order")
        )

    def lastmod(self, entry):
        return entry.edition.imported_at

    def get_latest_lastmod(self):
        return latest_import(Edition.objects.filter(pk__in=current_edition_ids()))

    def alternates_for(self, items):
        result: dict[int, list[tuple[str, str]]] = {}
        for edition in {item.edition for item in items}:
            for pk, others in selectors.alternates_by_entry(edition).items():
                result[pk] = [(other.edition.language, other.get_absolute_url()) for other in others]
        return result


class GlossarySitemap(Sitemap):
    limit = 5000

    def items(self):
        return (
            GlossaryEntry.objects.filter(edition_id__in=current_edition_ids())
            .select_related("edition__game")
            .defer("edition__report")
            .order_by("edition__game__slug", "edition__language", "edition__slug", "position")
        )

    def location(self, item):
        edition = item.edition
        return reverse(
            "rules:glossary-term", args=[edition.game.slug, edition.language, edition.slug, term_slug(item.term)]
        )

    def lastmod(self, item):
        return item.edition.imported_at

    def get_latest_lastmod(self):
        return latest_import(Edition.objects.filter(pk__in=current_edition_ids()))


class GlossaryIndexSitemap(Sitemap):
    def items(self):
        with_glossary = GlossaryEntry.objects.values_list("edition_id", flat=True).distinct()
        return Edition.objects.filter(pk__in=with_glossary).select_related("game").order_by("pk")

    def location(self, edition):
        return reverse("rules:glossary-index", args=[edition.game.slug, edition.language, edition.slug])


SITEMAPS = {
    "contents": ContentsSitemap,
    "entries": EntriesSitemap,
    "glossary-index": GlossaryIndexSitemap,
    "glossary": GlossarySitemap,
}
