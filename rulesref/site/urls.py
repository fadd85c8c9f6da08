from django.urls import path
from django.views.i18n import set_language

from . import views

app_name = "site"

urlpatterns = [
    path("", views.home, name="home"),
    path("i18n/setlang/", set_language, name="set-language"),
]
