from importlib.util import find_spec

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompareConfig(AppConfig):
    name = "rulesref.compare"
    verbose_name = _("Translator workbench")

    def ready(self):
        # The rule-page panel registry (rulesref/core/panels.py) is being added on another
        # branch; once it is there, the rule page shows our freshness, history and compare links.
        if find_spec("rulesref.core.panels") is not None:
            from rulesref.core import panels

            from .panels import rule_panel

            panels.register_entry_panel("compare.rule", rule_panel, order=50)
