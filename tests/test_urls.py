"""Invariants over the whole URLconf: no view writes on GET; every form that posts is CSRF-protected.

The walk reverses every named URL with sample values for its parameters. A URL another part adds with
a parameter not listed in ``SAMPLES`` fails here by name: add a sample for it, and it is walked too.
"""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from rulesref.rules.services import edition_import
from rulesref.search.store import build_generation, index_root
from tests.conftest import ROOT, SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA

pytestmark = pytest.mark.django_db

# Values to fill in each URL parameter, by name: real ones (present after the `site` fixture) and
# unknown ones (a 404 must not write either).
SAMPLES = {
    "game": ["mtg", "berserk", "nosuchgame"],
    "language": ["it", "ja", "ru", "xx"],
    "lang": ["it", "ja", "xx"],
    "edition": ["2024-10-02", "latest", "pre-ed15", "1999-01-01"],
    "number": ["208.2a", "208", "108.4", "999.9z"],
    "term": ["costituzione", "nosuchterm"],
    "slug": ["costituzione", "veteran-motorist", "nosuchslug"],
    "key": ["veteran-motorist", "nosuchcard"],
    "section": ["contents", "entries", "nosuchsection"],
    "app_label": ["rules", "auth"],
    "object_id": ["1", "999999"],
    "id": ["1"],
    "content_type_id": ["1"],
    "concept": ["1", "999999"],
    "url": ["nosuchpage/"],
}
QUERIES = ["", "?q=costituzione", "?q=%22unbalanced", "?q=a*+OR+b*&lang=it&lang=xx&game=mtg", "?q=" + "x" * 3000]


def walk(patterns=None, prefix="", namespace=""):
    """Every URL pattern as (namespaced name, parameter names, route text)."""
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}:{pattern.namespace}" if namespace and pattern.namespace else pattern.namespace
            yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner or namespace)
        elif isinstance(pattern, URLPattern):
            route = prefix + str(pattern.pattern)
            names = re.findall(r"<(?:\w+:)?(\w+)>", route) + re.findall(r"\(\?P<(\w+)>", route)
            full = f"{namespace}:{pattern.name}" if namespace and pattern.name else pattern.name
            yield full, names, route, pattern.callback


def urls_to_visit() -> list[str]:
    urls = []
    for name, params, route, _ in walk():
        if name is None:
            continue
        missing = [p for p in params if p not in SAMPLES]
        assert not missing, f"URL {route!r} ({name}): add sample values for {missing} to SAMPLES in {__file__}"
        combos = [{}]
        for param in params:
            combos = [combo | {param: value} for combo in combos for value in SAMPLES[param]]
        if name.startswith("api-v1:"):
            # The API's answers are tested in tests/api/: here one known and one unknown value of each
            # parameter (every combination of four parameters would be 2,000 requests more).
            combos = [{p: SAMPLES[p][0] for p in params}, {p: SAMPLES[p][-1] for p in params}]
        for kwargs in combos:
            try:
                urls.append(reverse(name, kwargs=kwargs))
            except Exception:
                continue  # a sample that does not fit this pattern's converter (e.g. app_label)
    return sorted(set(urls))


def database_state() -> dict:
    return {model._meta.label: list(model._default_manager.order_by("pk").values_list()) for model in apps.get_models()}


def files_state() -> dict:
    root = index_root()
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): p.stat().st_mtime_ns for p in sorted(root.rglob("*"))}


@pytest.fixture
def site():
    edition_import(path=SEED_IT_2024, game="mtg", language="it", edition="2024-10-02", translates="en:2024-09-20")
    edition_import(path=SEED_IT_2023, game="mtg", language="it", edition="2023-06-16")
    edition_import(path=SEED_JA, game="mtg", language="ja", edition="ja-viewer")
    edition_import(path=SEED_BERSERK, game="berserk", language="ru", edition="pre-ed15")
    build_generation()


def test_no_view_writes_on_get_and_none_answers_500(site, django_user_model):
    urls = urls_to_visit()
    assert "/" in urls and "/search/" in urls and "/rules/mtg/it/2024-10-02/" in urls
    anonymous = Client(raise_request_exception=False)
    staff = Client(raise_request_exception=False)
    staff.force_login(django_user_model.objects.create_superuser("root", password="a long passphrase"))
    before, files = database_state(), files_state()
    visited = 0
    for url in urls:
        for query in QUERIES if not url.startswith("/admin/") else [""]:
            for client in (anonymous, staff):
                response = client.get(url + query)
                visited += 1
                assert response.status_code < 500, f"GET {url + query}: {response.status_code}"
    assert database_state() == before
    assert files_state() == files
    assert visited > 100


def test_every_form_that_posts_carries_a_csrf_token():
    templates = sorted(ROOT.glob("rulesref/**/templates/**/*.html"))
    assert templates
    forms = 0
    for template in templates:
        text = template.read_text(encoding="utf-8")
        for form in re.findall(r"<form\b.*?</form>", text, flags=re.DOTALL | re.IGNORECASE):
            opening = form.split(">", 1)[0]
            if re.search(r"method\s*=\s*[\"']?post", opening, flags=re.IGNORECASE):
                forms += 1
                assert "{% csrf_token %}" in form, f"{template.relative_to(ROOT)}: a POST form without csrf_token"
    assert forms >= 1  # the interface-language switcher


def test_no_view_is_exempt_from_csrf_and_a_post_without_a_token_is_refused():
    assert "django.middleware.csrf.CsrfViewMiddleware" in settings.MIDDLEWARE
    exempt = [route for _, _, route, callback in walk() if getattr(callback, "csrf_exempt", False)]
    assert exempt == []
    client = Client(enforce_csrf_checks=True)
    assert client.post("/i18n/setlang/", {"language": "ru", "next": "/"}).status_code == 403
    client.get("/")  # the page sets the CSRF cookie its form sends back
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    response = client.post("/i18n/setlang/", {"language": "ru", "next": "/", "csrfmiddlewaretoken": token})
    assert (response.status_code, response["Location"]) == (302, "/")
