from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    name = "rulesref.rules"
    label = "rules"
    verbose_name = _("Rules")

    def ready(self) -> None:
        from rulesref.core.games import add_loader

        from .registry import registered_games

        # GAMES and get_game answer for the games imports registered, too (core never imports models).
        add_loader(registered_games)
