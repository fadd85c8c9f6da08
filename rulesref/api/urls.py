"""``/api/v1/``: the endpoints, the description and its page, mounted with their namespace
(``api-v1``) by ``include(urls)``; anything else under it is a 404 problem (``problems.ApiMiddleware``
answers it as JSON)."""

from .api import api

urls = api.urls
