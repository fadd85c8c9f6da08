from django.shortcuts import redirect, render
from django.templatetags.static import static

from rulesref.rules import selectors


def home(request):
    """Every game with its editions per language, and where to start reading."""
    return render(request, "site/home.html", {"games": selectors.home_listing()})


def favicon(request):
    """``/favicon.ico``, which browsers ask for on their own: the SVG icon every page links."""
    return redirect(static("rulesref/favicon.svg"), permanent=True)
