from django.apps import AppConfig
from django.core.checks import Tags, register
from django.utils.translation import gettext_lazy as _


class SearchConfig(AppConfig):
    name = "rulesref.search"
    label = "search"
    verbose_name = _("Search")

    def ready(self) -> None:
        from .checks import check_content_languages, check_live_index, check_paraphrases, check_readers_terms

        register(check_content_languages, Tags.compatibility)
        register(check_live_index)
        register(check_paraphrases)
        register(check_readers_terms)
