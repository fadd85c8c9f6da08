from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "rulesref.core"
    label = "core"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the system checks)
