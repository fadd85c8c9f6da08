"""``/api/v1/``: the endpoints, the description and its page, mounted with their namespace
(``api-v1``) by the URLconf; anything else under it is a 404 problem (``problems.ApiMiddleware``
answers it as JSON)."""

from django.urls import URLPattern

from .api import api

urls = api.urls

# django-ninja marks its views exempt from CSRF (it checks cookie-authenticated writes itself). This
# API only reads and authenticates nobody, so nothing is to be gained by the exemption, and the
# site's promise holds: no view is exempt (tests/test_urls.py); a POST here is refused like any other.
for _pattern in urls[0]:
    if isinstance(_pattern, URLPattern):
        _pattern.callback.csrf_exempt = False
