from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OpendataConfig(AppConfig):
    name = "rulesref.opendata"
    verbose_name = _("Open data")
