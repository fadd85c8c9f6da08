from django.contrib.sitemaps import views as sitemap_views
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from . import views
from .sitemaps import SITEMAPS

app_name = "site"

urlpatterns = [
    path("", views.home, name="home"),
    path("sitemap.xml", sitemap_views.index, {"sitemaps": SITEMAPS, "sitemap_url_name": "site:sitemap-section"}),
    path("sitemap-<section>.xml", sitemap_views.sitemap, {"sitemaps": SITEMAPS}, name="sitemap-section"),
    # Exempt: switching the interface language changes nothing a forged request could
    # abuse, and without a CSRF token every page is the same bytes for every reader
    # (cacheable, and safe to compress).
    path("i18n/setlang/", csrf_exempt(set_language), name="set-language"),
]
