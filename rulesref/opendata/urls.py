from django.urls import path

# The "rule" path converter (a number as printed), registered by the rules app's URLs.
import rulesref.rules.urls  # noqa: F401

from . import views

app_name = "opendata"

urlpatterns = [
    path("downloads/<slug:game>/<str:language>/<slug:edition>.zip", views.edition_download, name="edition-download"),
    path("feeds/<slug:game>/<str:language>/editions.atom", views.editions_feed, name="feed-editions"),
    path("feeds/<slug:game>/<str:language>/<slug:edition>/stale.atom", views.stale_feed, name="feed-stale"),
    path(
        "feeds/<slug:game>/<str:language>/<slug:edition>/<rule:number>/changes.atom",
        views.rule_changes_feed,
        name="feed-rule-changes",
    ),
]
