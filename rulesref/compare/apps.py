from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompareConfig(AppConfig):
    name = "rulesref.compare"
    verbose_name = _("Translator workbench")

    def ready(self):
        from rulesref.core import panels

        from .panels import rule_panel

        # The rule page shows the compare and history links, and a stale translation's source diff.
        panels.register_entry_panel("compare.rule", rule_panel, order=50)
