from django.shortcuts import render

from rulesref.rules import selectors


def home(request):
    """Every game with its editions per language, and where to start reading."""
    return render(request, "site/home.html", {"games": selectors.home_listing()})
