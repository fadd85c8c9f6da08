"""ETag and conditional GET for the API's answers, and the answers kept in the ``pages`` cache.

Two ways, as the data allows:

- ``for_game``: an answer about one game (its editions, a rule, a diff) depends on that game's data
  only, so its ETag is made *before* any work from ``selectors.content_version`` (one SQL statement, the
  one the HTML pages' ETags come from), the API version, the interface language (messages passed on are
  translated) and the address. A matching ``If-None-Match`` gets a 304 at the cost of that query; a miss
  is served from the ``pages`` cache when the same answer was made before, as the HTML pages are.
- ``with_content_etag`` (``problems.ApiMiddleware`` calls it for every answer without an ETag): any
  other answer (the list of games, a search, a scenario run, the description) gets the hash of its
  body as ETag, and a 304 when the client has it.

Django's ``get_conditional_response`` compares the validators (weak comparison, ``*``, lists).
"""

from __future__ import annotations

import functools
import hashlib

from django.core.cache import caches
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from rulesref.core.games import GAMES
from rulesref.rules import selectors

# Bumped when an answer holds something else for the same data (a field added or changed).
API_VERSION = "1"
CACHE_PREFIX = "api:"


def _finish(response: HttpResponse, etag: str | None) -> HttpResponse:
    if etag is not None:
        response["ETag"] = etag
    # The interface language (passed-on messages are in it) comes from Accept-Language or the cookie.
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    # Clients may keep an answer but ask again (a 304 is cheap): a re-import shows at once.
    patch_cache_control(response, no_cache=True)
    return response


def _game_etag(request, game: str) -> str:
    fingerprint = selectors.content_version(game).fingerprint if game in GAMES else "none"
    raw = f"api{API_VERSION}|{fingerprint}|{get_language()}|{request.get_full_path()}"
    return '"' + hashlib.sha256(raw.encode()).hexdigest()[:32] + '"'


def for_game(view):
    """A view (``decorate_view``) answering about the game of its ``game`` path parameter (or ``?game=``)."""

    @functools.wraps(view)
    def answer(request, *args, **kwargs):
        game = kwargs.get("game") or request.GET.get("game") or next(iter(GAMES), "")
        etag = _game_etag(request, game)
        if request.method in ("GET", "HEAD"):
            unchanged = get_conditional_response(request, etag=etag)
            if unchanged is not None:
                return _finish(unchanged, etag)
        store = caches["pages"]
        hit = store.get(CACHE_PREFIX + etag)
        if hit is not None:
            status, content_type, body = hit
            return _finish(HttpResponse(body, status=status, content_type=content_type), etag)
        response = view(request, *args, **kwargs)
        if response.status_code != 200:
            return response
        store.set(CACHE_PREFIX + etag, (response.status_code, response["Content-Type"], response.content))
        return _finish(response, etag)

    return answer


def with_content_etag(request, response: HttpResponse) -> HttpResponse:
    """Any other answer: the hash of its body as ETag, and a 304 when the client has it."""
    if response.status_code != 200 or response.streaming or response.has_header("ETag"):
        return response
    etag = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
    unchanged = get_conditional_response(request, etag=etag, response=response)
    return _finish(unchanged if unchanged is not None else response, etag)
