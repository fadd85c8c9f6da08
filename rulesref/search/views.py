from django.shortcuts import render
from django.urls import reverse

from rulesref.core.games import GAMES
from rulesref.core.languages import CONTENT_LANGUAGES

from .backend import search


def results(request):
    """The search page: a GET form and results grouped by rule, in every language asked for."""
    query = request.GET.get("q", "")
    languages = [lang for lang in request.GET.getlist("lang") if lang in CONTENT_LANGUAGES]
    game = request.GET.get("game") or None
    found = None
    if query.strip():
        found = search(query, languages=languages or None, game=game if game in GAMES else None)
        for hit in found.hits:
            hit.rows = [
                {
                    "lang": lang,
                    "label": CONTENT_LANGUAGES[lang].label,
                    "text": text,
                    "url": _url(hit.game, lang, text),
                }
                for lang, text in hit.texts.items()
            ]
    context = {
        "query": query,
        "results": found,
        "content_languages": CONTENT_LANGUAGES.values(),
        "selected": languages,
        "game": game,
    }
    return render(request, "search/results.html", context)


def _url(game: str, language: str, text) -> str:
    page = reverse("rules:edition-detail", args=[game, language, text.edition])
    if text.kind in ("rule", "subrule", "section") and text.number:
        return f"{page}#r{text.number}"
    return page
