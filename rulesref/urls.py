from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from rulesref.api import urls as api_urls

# The admin only where an operator turns it on (RULESREF_ADMIN=1): otherwise /admin/ is a 404 like any
# other unknown address, and no page of the site links to it.
admin_patterns = [path("admin/", admin.site.urls)] if settings.ADMIN_ENABLED else []

# Django's admin login page has no heading of its own: site/admin_login.html gives it one.
admin.site.login_template = "site/admin_login.html"

urlpatterns = [
    *admin_patterns,
    path("rules/", include("rulesref.rules.urls")),
    path("search/", include("rulesref.search.urls")),
    path("examples/", include("rulesref.examples.urls")),
    path("compare/", include("rulesref.compare.urls")),
    path("", include("rulesref.opendata.urls")),

    path("api/v1/", api_urls.urls),
    path("", include("rulesref.site.urls")),
]

handler500 = "rulesref.site.errors.server_error"
