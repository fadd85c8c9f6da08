"""System checks: every UI language has a catalog; a deployment signs with a key of its own and names
the hosts it answers to.

The check that every content language names an analyzer lives with the analyzers, in
``rulesref.search.checks`` (registered by ``SearchConfig.ready()``): core does not know them.
"""

from pathlib import Path

from django.conf import settings
from django.core.checks import Error, Tags, Warning, register
from django.utils.translation import to_locale

from rulesref.core.secret_key import GENERATE_COMMAND, is_placeholder


@register(Tags.translation)
def check_ui_catalogs(app_configs, **kwargs):
    """Every UI language other than English (the source language) must have a catalog."""
    errors = []
    for code, _name in settings.LANGUAGES:
        if code == "en":
            continue
        # Where Django looks: zh-hans in zh_Hans (a case-sensitive file system finds no zh_hans).
        po = Path(settings.LOCALE_PATHS[0]) / to_locale(code) / "LC_MESSAGES" / "django.po"
        if not po.exists():
            errors.append(
                Error(
                    f"UI language {code!r} has no catalog at {po}",
                    hint="add the .po file, or remove the language from settings.LANGUAGES",
                    id="rulesref.E002",
                )
            )
    return errors


@register(Tags.security, deploy=True)
def check_deployment_key(app_configs, **kwargs):
    """``check --deploy`` fails on the key a local checkout generates and on keys pasted from documentation
    (Django's own ``security.W009`` is a warning, and passes a long placeholder such as the README's)."""
    if settings.LOCAL_SECRET_KEY_FILE:
        return [
            Error(
                f"SECRET_KEY is the local key generated into {settings.LOCAL_SECRET_KEY_FILE}, not a deployment's",
                hint=f"set DJANGO_SECRET_KEY to the output of {GENERATE_COMMAND}",
                id="rulesref.E010",
            )
        ]
    if is_placeholder(settings.SECRET_KEY):
        return [
            Error(
                "DJANGO_SECRET_KEY is a placeholder copied from documentation",
                hint=f"set it to the output of {GENERATE_COMMAND}",
                id="rulesref.E011",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def check_deployment_hosts(app_configs, **kwargs):
    """``check --deploy`` warns when ``ALLOWED_HOSTS`` is unset (the site then answers to the local names
    only: every request to the real name is a 400) and when it accepts any host (``*``: a forged ``Host``
    header is believed, in redirects and absolute links). Django's own checks say nothing of either."""
    if not settings.ALLOWED_HOSTS_SET:
        return [
            Warning(
                f"ALLOWED_HOSTS is not set: the site answers only to {', '.join(settings.ALLOWED_HOSTS)}",
                hint="set ALLOWED_HOSTS to the site's host names, comma separated (e.g. rules.example.org)",
                id="rulesref.W020",
            )
        ]
    if "*" in settings.ALLOWED_HOSTS:
        return [
            Warning(
                "ALLOWED_HOSTS holds '*': the site answers to any Host header a client sends",
                hint="name the site's host names instead (e.g. rules.example.org,www.rules.example.org)",
                id="rulesref.W021",
            )
        ]
    return []
