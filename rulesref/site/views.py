from math import ceil

from django.conf import settings
from django.shortcuts import redirect, render
from django.templatetags.static import static

from rulesref.rules import selectors


def home(request):
    """Every game with its editions per language, and where to start reading."""
    return render(request, "site/home.html", {"games": selectors.home_listing()})


def favicon(request):
    """``/favicon.ico``, which browsers ask for on their own: the SVG icon every page links."""
    return redirect(static("rulesref/favicon.svg"), permanent=True)


def login_locked(request, original_response=None, credentials=None):
    """django-axes' answer to a login it refuses (``AXES_LOCKOUT_CALLABLE``): the site's page, in the
    interface language, 429 with ``Retry-After``."""
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    response = render(request, "site/login_locked.html", {"minutes": ceil(seconds / 60)}, status=429)
    response["Retry-After"] = str(seconds)
    return response
