"""The reference's URLs. Keep them exact: other tools link to them."""

from django.urls import path, register_converter

from . import views


class RuleNumberConverter:
    """A number as printed: ``2``, ``208``, ``208.2a``, ``704.5aa``, ``104.3.1``."""

    regex = r"[0-9]+(?:\.[0-9]+[a-z]{0,2})*"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class TermSlugConverter:
    """A glossary term's slug, in any script (``toughness``, ``防御力``, ``здоровье``)."""

    regex = r"[^/]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(RuleNumberConverter, "rule")
register_converter(TermSlugConverter, "term")

app_name = "rules"

urlpatterns = [
    path("<slug:game>/", views.game_detail, name="game-detail"),
    path("<slug:game>/cards/<slug:key>/", views.card_detail, name="card-detail"),
    path("<slug:game>/<str:language>/latest/", views.latest, name="latest"),
    path("<slug:game>/<str:language>/latest/<rule:number>/", views.latest, name="latest-entry"),
    path("<slug:game>/<str:language>/<slug:edition>/", views.edition_detail, name="edition-detail"),
    path("<slug:game>/<str:language>/<slug:edition>/glossary/", views.glossary_index, name="glossary-index"),
    path("<slug:game>/<str:language>/<slug:edition>/glossary/<term:slug>/", views.glossary_term, name="glossary-term"),
    path("<slug:game>/<str:language>/<slug:edition>/<rule:number>/", views.entry_detail, name="entry-detail"),
]
