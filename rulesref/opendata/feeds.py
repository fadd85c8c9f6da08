"""Atom feeds (Django's syndication framework) for readers and bots that follow the rules:

- ``editions``: the editions of one game in one language, newest first (a new import is a new item);
- ``rule changes``: each edition of its language where one rule, or anything under it, changed from
  the edition before (the stored difference of the two, ``compare/stored.py``, with its word
  differences), and the edition where it first appeared; the rule is followed by its concept, so a
  renumbered rule stays the same feed;
- ``stale``: the rules of one translated edition whose source changed since the translated edition
  (the stored freshness report); an item's id names the newest source, so a new source edition
  brings the stale rules again as new items.

Texts are the interface language's (the request's); rule texts are escaped by the templates, and
the feed's XML writer escapes every title and summary again as XML.
"""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.http import Http404
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _

from rulesref.compare.stored import StoredDiff, stored_diff, stored_freshness
from rulesref.core.formatting import edition_label, game_name, language_name
from rulesref.core.languages import UnknownLanguage, get_language
from rulesref.rules import selectors
from rulesref.rules.models import Edition, Entry, Game
from rulesref.rules.selectors import entry_numbered, rule_history

# A translation far behind its source can have thousands of stale rules; a feed shows this many.
STALE_ITEMS = 500


class _AtomFeed(Feed):
    feed_type = Atom1Feed

    def feed_url(self, obj) -> str:
        return self.request.path

    def __call__(self, request, *args, **kwargs):
        self.request = request
        return super().__call__(request, *args, **kwargs)


def edition_or_404(game: str, language: str, slug: str) -> Edition:
    edition = Edition.objects.named(game, language, slug)
    if edition is None:
        raise Http404("no such edition")
    return edition


class EditionsFeed(_AtomFeed):
    """The editions of a game in one language."""

    description_template = "opendata/feed_edition.html"

    def get_object(self, request, game: str, language: str):
        try:
            language = get_language(language).code
        except UnknownLanguage:
            raise Http404("unknown language") from None
        found = Game.objects.filter(slug=game).first()
        if found is None:
            raise Http404("no such game")
        return (found.slug, language)

    def title(self, obj) -> str:
        game, language = obj
        names = {"game": game_name(game), "language": language_name(language)}
        return _("%(game)s, %(language)s: new editions") % names

    def link(self, obj) -> str:
        return reverse("rules:game-detail", args=[obj[0]])

    def items(self, obj):
        game, language = obj
        editions = Edition.objects.for_game(game).in_language(language).for_pages().newest_first()
        return selectors.with_counts(game, editions)

    def item_title(self, item: Edition) -> str:
        return edition_label(item)

    def item_link(self, item: Edition) -> str:
        return item.get_absolute_url()

    def item_pubdate(self, item: Edition):
        return item.imported_at

    def item_updateddate(self, item: Edition):
        return item.imported_at


class RuleChangesFeed(_AtomFeed):
    """Each edition where one rule (or anything under it) changed."""

    description_template = "opendata/feed_rule_change.html"

    def get_object(self, request, game: str, language: str, edition: str, number: str) -> Entry:
        edition_row = edition_or_404(game, language, edition)
        entry = entry_numbered(edition_row, number)
        if entry is None:
            raise Http404("no such rule in this edition")
        return entry

    def title(self, obj: Entry) -> str:
        return _("Changes to rule %(number)s (%(language)s)") % {
            "number": obj.number,
            "language": language_name(obj.edition.language),
        }

    def link(self, obj: Entry) -> str:
        edition = obj.edition
        return reverse("compare:history", args=[edition.game.slug, edition.language, edition.slug, obj.number])

    def items(self, obj: Entry) -> list[dict]:
        """Newest first: for each edition whose version differs from the one before, the stored
        difference under the rule (its number in the older edition)."""
        history = rule_history(obj)
        present = [(edition, entry) for edition, entry in history if entry is not None]
        found = []
        for (newer, after), (older, before) in zip(present, present[1:], strict=False):
            diff = stored_diff(older, newer, before.number)
            if diff.changes:
                found.append({"edition": newer, "entry": after, "before": before, "diff": diff})
        if present and present[-1][0].pk != history[-1][0].pk:  # absent from the oldest edition
            edition, entry = present[-1]
            found.append({"edition": edition, "entry": entry, "before": None, "diff": None})
        return found

    def item_title(self, item: dict) -> str:
        label, number = edition_label(item["edition"]), item["entry"].number
        diff: StoredDiff | None = item["diff"]
        if diff is None:
            return _("%(number)s first appears in %(edition)s") % {"number": number, "edition": label}
        counts = diff.counts()
        return _("%(number)s in %(edition)s: %(changed)d changed, %(added)d added, %(removed)d removed") % {
            "number": number,
            "edition": label,
            "changed": counts["changed"] + counts["moved"],
            "added": counts["added"],
            "removed": counts["removed"],
        }

    def item_link(self, item: dict) -> str:
        return item["entry"].get_absolute_url()

    def item_guid(self, item: dict) -> str:
        return self.request.build_absolute_uri(f"{item['entry'].get_absolute_url()}#changes-{item['edition'].slug}")

    def item_pubdate(self, item: dict):
        return item["edition"].imported_at

    def item_updateddate(self, item: dict):
        return item["edition"].imported_at

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        diff = kwargs["item"]["diff"]
        context["changes"] = StoredDiff.rows(diff.changes) if diff is not None else []
        return context


class StaleFeed(_AtomFeed):
    """The stale rules of one translated edition."""

    description_template = "opendata/feed_stale.html"

    def get_object(self, request, game: str, language: str, edition: str) -> Edition:
        edition_row = edition_or_404(game, language, edition)
        if edition_row.translates_id is None:
            raise Http404("this edition is not a translation of an imported edition")
        self.report = stored_freshness(edition_row)
        return edition_row

    def title(self, obj: Edition) -> str:
        return _("Stale translations: %(edition)s") % {"edition": edition_label(obj)}

    def link(self, obj: Edition) -> str:
        query = f"?game={obj.game.slug}&edition={obj.language}:{obj.slug}"
        return reverse("compare:freshness") + query

    def items(self, obj: Edition):
        return self.report.stale[:STALE_ITEMS]

    def item_title(self, item) -> str:
        return _("%(number)s is stale") % {"number": item.number}

    def item_link(self, item) -> str:
        return item.url

    def item_guid(self, item) -> str:
        newest = self.report.newest_source
        return self.request.build_absolute_uri(f"{item.url}#stale-{newest.language}-{newest.slug}")

    def item_pubdate(self, item):
        return self.report.newest_source.imported_at

    def item_updateddate(self, item):
        return self.report.newest_source.imported_at

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(report=self.report, stale=kwargs["item"])
        return context
