from django.contrib.sitemaps import views as sitemap_views
from django.urls import path
from django.views.i18n import set_language

from . import views
from .sitemaps import SITEMAPS

app_name = "site"

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("sitemap.xml", sitemap_views.index, {"sitemaps": SITEMAPS, "sitemap_url_name": "site:sitemap-section"}),
    path("sitemap-<section>.xml", sitemap_views.sitemap, {"sitemaps": SITEMAPS}, name="sitemap-section"),
    # CSRF-protected like every POST; cached reference pages get the reader's token at
    # response time (rules/views.with_csrf_token), masked anew each time (no BREACH under gzip).
    path("i18n/setlang/", set_language, name="set-language"),
]
