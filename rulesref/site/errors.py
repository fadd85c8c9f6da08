"""The error pages: 404 through Django's own view, 500 through one that cannot fail again.

Django's default 500 view renders ``500.html`` without context processors; ours does too, and if even
that fails (a broken template, a base template that reaches the database while the database is what
failed) it answers a fixed page, so an error never turns into a second traceback and a blank reply.
"""

from __future__ import annotations

import logging

from django.http import HttpResponseServerError
from django.template import loader
from django.utils.html import escape
from django.utils.translation import get_language, gettext
from django.views.decorators.csrf import requires_csrf_token

logger = logging.getLogger(__name__)

FALLBACK = (
    '<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title></head>\n'
    "<body><h1>{title}</h1></body></html>\n"
)


@requires_csrf_token
def server_error(request, template_name: str = "500.html"):
    """HTTP 500 in the interface language, rendered with the request only (no database)."""
    try:
        template = loader.get_template(template_name)
        # A plain dict, no RequestContext: context processors may query the database.
        body = template.render({"request": request})
    except Exception:
        logger.exception("the 500 page itself failed to render")
        body = FALLBACK.format(lang=escape(get_language() or "en"), title=escape(gettext("Server error")))
    return HttpResponseServerError(body)
