from django.apps import AppConfig
from django.core.checks import register
from django.utils.translation import gettext_lazy as _


class ExamplesConfig(AppConfig):
    name = "rulesref.examples"
    label = "examples"
    verbose_name = _("Executable examples")

    def ready(self):
        from rulesref.core import panels

        from .checks import check_scenario_files
        from .panels import run_link

        panels.register_example_annotation("examples.run", run_link, order=10)
        register(check_scenario_files)
