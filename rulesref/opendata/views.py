"""The download of one edition's data, and the feeds (``feeds.py``), each made per request.

Both answer a conditional GET: their ETag is the game's data version (``content_version``, which every
import and glossary sync changes), and the interface language for the feeds, whose titles are in it.
A feed reader polling an unchanged feed gets a 304 for one query.
"""

from __future__ import annotations

from django.http import FileResponse, HttpResponse
from django.utils.translation import get_language
from django.views.decorators.http import condition

from rulesref.rules.selectors import content_version

from . import feeds
from .downloads import download_file, download_name
from .feeds import edition_or_404


def _data_etag(request, game: str, *args, **kwargs) -> str:
    return content_version(game).fingerprint


def _feed_etag(request, game: str, *args, **kwargs) -> str:
    return f"{content_version(game).fingerprint}-{get_language()}"


@condition(etag_func=_data_etag)
def edition_download(request, game: str, language: str, edition: str):
    """One edition's data files and schemas as a zip (``downloads.py``): kept since its import, or built now."""
    edition_row = edition_or_404(game, language, edition)
    found = download_file(edition_row)
    name = download_name(edition_row)
    if isinstance(found, bytes):
        response = HttpResponse(found, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    return FileResponse(found.open("rb"), as_attachment=True, filename=name, content_type="application/zip")


def _feed(cls):
    # A Feed keeps the request and the report on itself: one instance per request, never shared by threads.
    @condition(etag_func=_feed_etag)
    def view(request, *args, **kwargs):
        return cls()(request, *args, **kwargs)

    view.__name__ = view.__qualname__ = cls.__name__
    return view


editions_feed = _feed(feeds.EditionsFeed)
rule_changes_feed = _feed(feeds.RuleChangesFeed)
stale_feed = _feed(feeds.StaleFeed)
