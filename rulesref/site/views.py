from django.shortcuts import render

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.models import Edition, Game


def home(request):
    """Every game, edition and language with its entry counts."""
    editions = (
        Edition.objects.with_counts()
        .select_related("game", "translates")
        .order_by("game__slug", "language", "-effective_date", "slug")
    )
    by_game: dict[int, list[Edition]] = {}
    for edition in editions:
        edition.language_label = CONTENT_LANGUAGES[edition.language].label
        by_game.setdefault(edition.game_id, []).append(edition)
    games = []
    for game in Game.objects.filter(pk__in=by_game):
        game.edition_list = by_game[game.pk]
        games.append(game)
    return render(request, "site/home.html", {"games": games})
