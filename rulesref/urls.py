from django.contrib import admin
from django.urls import include, path

# Django's admin login page has no heading of its own: site/admin_login.html gives it one.
admin.site.login_template = "site/admin_login.html"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("rules/", include("rulesref.rules.urls")),
    path("search/", include("rulesref.search.urls")),
    path("examples/", include("rulesref.examples.urls")),
    path("compare/", include("rulesref.compare.urls")),
    path("", include("rulesref.site.urls")),
]

handler500 = "rulesref.site.errors.server_error"
