"""The admin: not there unless an operator turns it on (``RULESREF_ADMIN=1``); when on, only behind a
login, and its logins throttled by django-axes."""

import secrets
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from rulesref.core.catalogs import compile_catalogs
from tests.site.test_security import manage
from tests.test_urls import database_state, urls_to_visit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick_hashes(settings):
    """A login checks a password hash: Django's default (PBKDF2, a million rounds) makes a test of ten
    logins take seconds for nothing it tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_admin_is_off_unless_rulesref_admin_is_1(tmp_path):
    show = ["shell", "--no-imports", "-c", "from django.conf import settings; print(settings.ADMIN_ENABLED)"]
    env = {"DJANGO_SECRET_KEY": secrets.token_urlsafe(50)}
    values = [
        manage(*show, env=env | {"RULESREF_DATA_DIR": str(tmp_path)} | extra).stdout
        for extra in ({}, {"RULESREF_ADMIN": "1"})
    ]
    assert values == ["False\n", "True\n"]


def test_by_default_every_admin_address_is_the_sites_404_page(client):
    assert settings.ADMIN_ENABLED is False
    for url in ["/admin/", "/admin/login/", "/admin/rules/edition/", "/admin/auth/user/"]:
        response = client.get(url)
        assert response.status_code == 404, url
        assert "<h1>Page not found</h1>" in response.content.decode()
    assert client.post("/admin/login/", {"username": "root", "password": "guess"}).status_code == 404


def test_with_the_admin_on_it_is_only_behind_a_login(admin_on, client, django_user_model):
    for url in ["/admin/", "/admin/rules/edition/", "/admin/rules/entry/", "/admin/auth/user/"]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/admin/login/?next=")
    assert client.get("/admin/login/").status_code == 200
    staff = django_user_model.objects.create_user("editor", password="a long passphrase", is_staff=True)
    client.force_login(staff)
    assert client.get("/admin/").status_code == 200
    # Staff without permissions still sees no model.
    assert client.get("/admin/rules/edition/").status_code == 403


def test_no_admin_page_writes_on_get_or_answers_500(admin_on, django_user_model):
    urls = [url for url in urls_to_visit() if url.startswith("/admin/")]
    assert "/admin/rules/edition/" in urls and len(urls) > 30
    staff = Client(raise_request_exception=False)
    staff.force_login(django_user_model.objects.create_superuser("root", password="a long passphrase"))
    before = database_state()
    for url in urls:
        assert staff.get(url).status_code < 500, url
    assert database_state() == before


def bad_login(client, username="root", password="guess"):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password})


def test_five_bad_logins_lock_that_user_name_out_for_15_minutes(admin_on, django_user_model):
    compile_catalogs(Path(settings.LOCALE_PATHS[0]))
    django_user_model.objects.create_superuser("root", password="a long passphrase")
    client = Client()
    answers = [bad_login(client).status_code for _ in range(4)]
    assert answers == [200, 200, 200, 200]  # the login form again, with Django's message
    locked = bad_login(client)
    page = locked.content.decode()
    assert (locked.status_code, locked["Retry-After"]) == (429, "900")
    assert "<h1>Too many failed logins</h1>" in page
    assert "<p>Logins with this user name are paused for 15 minutes: try again then.</p>" in page
    # The right password does not get in while the pause lasts.
    assert bad_login(client, password="a long passphrase").status_code == 429
    # Another user name is not paused.
    assert bad_login(client, username="editor").status_code == 200
    russian = bad_login(Client(headers={"Accept-Language": "ru"}))
    assert russian.status_code == 429
    assert "<p>Вход под этим именем пользователя приостановлен на 15 минут: затем попробуйте снова.</p>" in (
        russian.content.decode()
    )


def test_a_good_login_clears_the_count(admin_on, django_user_model):
    django_user_model.objects.create_superuser("root", password="a long passphrase")
    client = Client()
    assert [bad_login(client).status_code for _ in range(4)] == [200, 200, 200, 200]
    good = bad_login(client, password="a long passphrase")
    assert (good.status_code, good["Location"]) == (302, "/admin/")
    client.logout()
    assert [bad_login(client).status_code for _ in range(4)] == [200, 200, 200, 200]
