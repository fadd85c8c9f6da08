from django.urls import path

from . import trace_views, views

app_name = "compare"

urlpatterns = [
    path("", views.side_by_side_view, name="side-by-side"),
    path("export.tmx", views.export_tmx, name="export-tmx"),
    path("export.csv", views.export_csv, name="export-csv"),
    path("diff/", views.diff_view, name="diff"),
    path("history/<slug:game>/<str:language>/<slug:edition>/<str:number>/", trace_views.history_view, name="history"),
    path("releases/<slug:game>/<str:language>/", trace_views.releases_view, name="releases"),
    path("releases/<slug:game>/<str:language>/<slug:edition>/", trace_views.release_view, name="release"),
    path("freshness/", views.freshness_view, name="freshness"),
    path("concordance/", views.concordance_view, name="concordance"),
    path("consistency/", views.consistency_view, name="consistency"),
    path("terms/<slug:game>/", views.terms_view, name="terms"),
    path("terms/<slug:game>/glossary.tbx", views.export_tbx, name="export-tbx"),
]
