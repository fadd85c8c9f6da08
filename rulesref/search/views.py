from django.shortcuts import render

from rulesref.core.games import GAMES
from rulesref.core.languages import CONTENT_LANGUAGES

from .service import search


def results(request):
    """The search page: a GET form and results grouped by rule, shown in every language asked for."""
    query = request.GET.get("q", "")
    languages = [lang for lang in request.GET.getlist("lang") if lang in CONTENT_LANGUAGES]
    game = request.GET.get("game") or None
    found = None
    if query.strip():
        found = search(query, languages=languages or None, game=game if game in GAMES else None)
    context = {
        "query": query,
        "results": found,
        "content_languages": CONTENT_LANGUAGES.values(),
        "selected": languages,
        "game": game,
    }
    return render(request, "search/results.html", context)
