"""Safe defaults: DEBUG off; a local key generated into the data dir, a deployment's own key required by
its server and by ``check --deploy``; deployment headers, error pages (the admin: ``test_admin.py``)."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import DatabaseError
from django.test import Client
from django.urls import include, path
from django.utils import translation

from rulesref.core.catalogs import compile_catalogs
from rulesref.site import errors
from tests.conftest import ROOT

README = ROOT / "README.md"


def manage(*args, env):
    """Run manage.py in a fresh process with exactly the environment given (plus PATH)."""
    clean = {"PATH": os.environ.get("PATH", ""), "RULESREF_DATA_DIR": env.pop("RULESREF_DATA_DIR", "")} | env
    clean = {k: v for k, v in clean.items() if v}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def test_debug_is_off_unless_django_debug_is_1(tmp_path):
    show = ["shell", "--no-imports", "-c", "from django.conf import settings; print(settings.DEBUG)"]
    key = secrets.token_urlsafe(50)
    off = manage(*show, env={"DJANGO_SECRET_KEY": key, "RULESREF_DATA_DIR": str(tmp_path)})
    on = manage(*show, env={"DJANGO_SECRET_KEY": key, "DJANGO_DEBUG": "1", "RULESREF_DATA_DIR": str(tmp_path)})
    assert (off.stdout, on.stdout) == ("False\n", "True\n")


SHOW_SECURITY = (
    "shell",
    "--no-imports",
    "-c",
    "from django.conf import settings as s; print(s.SECRET_KEY, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, "
    "s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, s.WHITENOISE_USE_FINDERS)",
)
GENERATE = "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"


def test_without_a_key_a_local_checkout_signs_with_a_key_generated_once_into_its_data_dir(tmp_path):
    """No variable set: the command runs, the key is written once (0600, nothing left beside it), the next
    process reads the same key, and a local checkout speaks plain HTTP with the apps' static files."""
    first = manage(*SHOW_SECURITY, env={"RULESREF_DATA_DIR": str(tmp_path)})
    second = manage(*SHOW_SECURITY, env={"RULESREF_DATA_DIR": str(tmp_path)})
    assert (first.returncode, first.stderr) == (0, "")
    key = (tmp_path / "secret_key").read_text(encoding="ascii")
    assert len(key) == 68 and key.endswith("\n")  # token_urlsafe(50): 67 characters
    assert first.stdout == second.stdout == f"{key.strip()} False False False 0 True\n"
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key"]


def test_with_a_key_of_its_own_a_deployment_has_https_on_and_serves_collectstatics_files(tmp_path):
    key = secrets.token_urlsafe(50)
    deployed = manage(*SHOW_SECURITY, env={"DJANGO_SECRET_KEY": key, "RULESREF_DATA_DIR": str(tmp_path)})
    plain = manage(
        *SHOW_SECURITY, env={"DJANGO_SECRET_KEY": key, "RULESREF_HTTPS": "0", "RULESREF_DATA_DIR": str(tmp_path)}
    )
    assert deployed.stdout == f"{key} True True True 31536000 False\n"
    assert plain.stdout == f"{key} False False False 0 False\n"
    assert not (tmp_path / "secret_key").exists()


def test_a_local_key_file_that_holds_no_key_stops_every_command_with_one_line(tmp_path):
    (tmp_path / "secret_key").write_text("\n", encoding="ascii")
    result = manage("check", env={"RULESREF_DATA_DIR": str(tmp_path)})
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"rulesref: {tmp_path / 'secret_key'} holds no usable key; delete it and a new one is generated\n"
    )


def test_an_existing_local_key_is_kept(tmp_path):
    from rulesref.core.secret_key import local_secret_key

    kept = "k" * 60
    (tmp_path / "secret_key").write_text(kept + "\n", encoding="ascii")
    assert local_secret_key(tmp_path) == kept
    generated = local_secret_key(tmp_path / "fresh")
    assert local_secret_key(tmp_path / "fresh") == generated


@pytest.mark.parametrize(
    "key, message",
    [
        (
            None,
            "rulesref: DJANGO_SECRET_KEY is not set: a server for the public needs its own key "
            f"(the output of {GENERATE}); for a local server run manage.py quickstart",
        ),
        (
            "replace-with-the-output-of-python3-c-import-secrets-print-secrets.token_urlsafe-50",
            f"rulesref: DJANGO_SECRET_KEY is a placeholder: set it to the output of {GENERATE}",
        ),
    ],
)
def test_the_wsgi_application_refuses_to_load_without_a_key_of_its_own(tmp_path, key, message):
    env = {"PATH": os.environ["PATH"], "RULESREF_DATA_DIR": str(tmp_path)} | ({"DJANGO_SECRET_KEY": key} if key else {})
    result = subprocess.run(
        [sys.executable, "-c", "import rulesref.wsgi"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout, result.stderr) == (1, "", message + "\n")
    assert not (tmp_path / "secret_key").exists()


def test_gunicorn_refuses_to_start_without_a_key_with_one_line(tmp_path):
    env = {"PATH": os.environ["PATH"], "RULESREF_DATA_DIR": str(tmp_path), "RULESREF_BIND": "127.0.0.1:0"}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    result = subprocess.run(
        [gunicorn, "-c", "gunicorn.conf.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "rulesref: DJANGO_SECRET_KEY is not set: a server for the public needs its own key "
        f"(the output of {GENERATE}); for a local server run manage.py quickstart"
    ]


def test_every_command_runs_with_no_variable_set(tmp_path):
    """Not only quickstart (which turns DEBUG on for itself): any command, with DEBUG off."""
    result = manage("shell", "--no-imports", "-c", "print(1)", env={"RULESREF_DATA_DIR": str(tmp_path)})
    assert (result.returncode, result.stdout, result.stderr) == (0, "1\n", "")
    result = manage("quickstart", "--help", env={"RULESREF_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert "Set up and serve the site" in result.stdout


def test_check_deploy_fails_on_the_generated_local_key(tmp_path):
    result = manage("check", "--deploy", env={"RULESREF_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1
    errors = result.stderr.split("ERRORS:\n", 1)[1].split("\n\nWARNINGS:", 1)[0]
    assert errors == (
        f"?: (rulesref.E010) SECRET_KEY is the local key generated into {tmp_path / 'secret_key'}, not a deployment's\n"
        f"\tHINT: set DJANGO_SECRET_KEY to the output of {GENERATE}"
    )


@pytest.mark.parametrize(
    "key",
    [
        "replace-with-the-output-of-python3-c-import-secrets-print-secrets.token_urlsafe-50",
        "rulesref-local-development-key-not-for-production",
        "change-me",
        "Replace-With-Your-Own-Long-Random-Key-Of-Fifty-Characters-Or-More-123",
        "django-insecure-" + "x1y2z3" * 10,
    ],
)
def test_check_deploy_fails_on_a_placeholder_key(tmp_path, key):
    env = readme_deploy_environment() | {"DJANGO_SECRET_KEY": key, "RULESREF_DATA_DIR": str(tmp_path)}
    result = manage("check", "--deploy", env=env)
    assert result.returncode == 1
    assert (
        "?: (rulesref.E011) DJANGO_SECRET_KEY is a placeholder copied from documentation\n"
        f"\tHINT: set it to the output of {GENERATE}\n"
    ) in result.stderr


def readme_deploy_environment() -> dict[str, str]:
    """The ``export NAME=value`` lines of the README's "Deploying" section."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Deploying", 1)[1].split("\n## ", 1)[0]
    found = dict(re.findall(r"^export (\w+)=(\S+)", section, flags=re.MULTILINE))
    assert {"DJANGO_SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "RULESREF_DATA_DIR"} <= set(found)
    return found


def test_check_deploy_is_clean_with_the_settings_the_readme_shows(tmp_path):
    env = readme_deploy_environment()
    assert "DJANGO_DEBUG" not in env or env["DJANGO_DEBUG"] == "0"
    # The README asks for a generated key; the data dir is the test's own.
    env["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    env["RULESREF_DATA_DIR"] = str(tmp_path)
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "System check identified no issues (0 silenced).\n"


KEY = secrets.token_urlsafe(50)
NO_ISSUES = "System check identified no issues (0 silenced).\n"
HOSTS_UNSET = (
    "?: (rulesref.W020) ALLOWED_HOSTS is not set: the site answers only to localhost, 127.0.0.1, [::1], testserver\n"
    "\tHINT: set ALLOWED_HOSTS to the site's host names, comma separated (e.g. rules.example.org)\n"
)
HOSTS_ANY = (
    "?: (rulesref.W021) ALLOWED_HOSTS holds '*': the site answers to any Host header a client sends\n"
    "\tHINT: name the site's host names instead (e.g. rules.example.org,www.rules.example.org)\n"
)


@pytest.mark.parametrize(
    "hosts, warning",
    [(None, HOSTS_UNSET), (" , ", HOSTS_UNSET), ("*", HOSTS_ANY), ("rules.example.org,*", HOSTS_ANY)],
)
def test_check_deploy_warns_on_allowed_hosts_unset_or_any(tmp_path, hosts, warning):
    env = readme_deploy_environment() | {"DJANGO_SECRET_KEY": KEY, "RULESREF_DATA_DIR": str(tmp_path)}
    del env["ALLOWED_HOSTS"]
    if hosts is not None:
        env["ALLOWED_HOSTS"] = hosts
    result = manage("check", "--deploy", env=env)
    assert result.returncode == 0  # a warning (an error with --fail-level WARNING)
    assert (result.stdout, result.stderr) == (
        "",
        f"System check identified some issues:\n\nWARNINGS:\n{warning}\n"
        "System check identified 1 issue (0 silenced).\n",
    )


def test_hosts_of_the_sites_own_are_not_warned_about_and_a_local_check_says_nothing_of_hosts(tmp_path):
    env = readme_deploy_environment() | {"DJANGO_SECRET_KEY": KEY, "RULESREF_DATA_DIR": str(tmp_path)}
    env["ALLOWED_HOSTS"] = "rules.example.org,.rules.example.net"
    deployed = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert (deployed.returncode, deployed.stdout, deployed.stderr) == (0, NO_ISSUES, "")
    local = manage("check", env={"RULESREF_DATA_DIR": str(tmp_path / "local")})
    assert (local.returncode, local.stdout, local.stderr) == (0, NO_ISSUES, "")


@pytest.mark.django_db
def test_every_page_carries_the_security_headers(client):
    response = client.get("/")
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    assert policy == {
        "default-src": "'self'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
        "object-src": "'none'",
    }
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_with_https_on_plain_http_is_redirected_and_https_gets_hsts(settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    plain = Client().get("/rules/mtg/it/latest/")
    assert (plain.status_code, plain["Location"]) == (301, "https://testserver/rules/mtg/it/latest/")
    behind_proxy = Client().get("/", headers={"X-Forwarded-Proto": "https"})
    assert behind_proxy.status_code == 200
    assert behind_proxy["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"


@pytest.mark.django_db
def test_a_missing_page_is_a_404_page_in_the_interface_language(client):
    compile_catalogs(Path(settings.LOCALE_PATHS[0]))
    response = client.get("/no-such-page/", headers={"Accept-Language": "ru"})
    page = response.content.decode()
    assert response.status_code == 404
    assert '<html lang="ru">' in page
    assert "Язык интерфейса" in page  # the shared header, translated
    assert "<h1>Страница не найдена</h1>" in page  # Django's own catalog has it
    assert 'href="/search/"' in page


def broken_view(request):
    raise DatabaseError("database is locked")


urlpatterns = [path("broken/", broken_view), path("", include("rulesref.urls"))]
handler500 = "rulesref.site.errors.server_error"


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_server_error_is_a_500_page_in_the_interface_language_without_the_database():
    compile_catalogs(Path(settings.LOCALE_PATHS[0]))
    client = Client(raise_request_exception=False)
    response = client.get("/broken/", headers={"Accept-Language": "ja"})
    page = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="ja">' in page
    assert "表示言語" in page
    assert "<h1>サーバーエラー</h1>" in page  # Django's own catalog has it
    assert "database is locked" not in page


def test_a_500_page_that_cannot_render_falls_back_to_a_fixed_page(rf):
    with translation.override("en"):
        response = errors.server_error(rf.get("/"), template_name="no-such-template.html")
    assert response.status_code == 500
    assert response.content.decode() == (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Server error</title></head>\n'
        "<body><h1>Server error</h1></body></html>\n"
    )


def test_of_two_processes_creating_the_local_key_at_once_the_second_keeps_the_first_ones(tmp_path, monkeypatch):
    """The other process writes its key between this one's look and its link: this one uses that key
    and leaves no temporary file."""
    from rulesref.core import secret_key

    theirs = "t" * 67
    generate = secret_key.secrets.token_urlsafe

    def token_while_another_process_writes(length):
        (tmp_path / "secret_key").write_text(theirs + "\n", encoding="ascii")
        return generate(length)

    monkeypatch.setattr(secret_key.secrets, "token_urlsafe", token_while_another_process_writes)
    assert secret_key.local_secret_key(tmp_path) == theirs
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key"]
