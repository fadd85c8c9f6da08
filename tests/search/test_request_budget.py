"""The time budget bounds the whole search request (reading the query, planning, matching, showing the
page), and nesting deeper than the cap is read without its parentheses, with a notice saying so."""

import time

import pytest
from django.utils import translation

from rulesref.search import clear_cache, limits, search
from rulesref.search.budget import marking_until
from rulesref.search.queries import parse_user_query

pytestmark = pytest.mark.usefixtures("search_index")

CUT_SHORT = "The search took too long and shows what it found in time."
NESTED = "Parentheses nested more than 8 deep were ignored: your query was searched without them."
# 20 nested parentheses around 20 wildcards: the shape that took 0.9 s before the whole request counted.
HOSTILE = "(" * 20 + " ".join(f"{prefix}*" for prefix in "tr co de ab pl cr re ex in st".split() * 2) + ")" * 20


@pytest.fixture(autouse=True)
def fresh_results():
    clear_cache()
    yield
    clear_cache()


def test_parentheses_nested_deeper_than_the_cap_are_dropped_with_a_notice_naming_it():
    query = parse_user_query("(" * 9 + "toughness OR power" + ")" * 9)
    assert query.text == "toughness OR power"
    assert [str(n) for n in query.notices] == [NESTED]


def test_parentheses_nested_as_deep_as_the_cap_are_kept():
    query = parse_user_query("(" * 8 + "toughness OR power" + ")" * 8)
    assert query.text == "(" * 8 + "toughness OR power" + ")" * 8
    assert query.notices == []


def test_the_nesting_notice_speaks_the_interface_language():
    notice = parse_user_query("(" * 9 + "toughness" + ")" * 9).notices[0]
    with translation.override("fr"):
        assert str(notice) == (
            "Les parenthèses imbriquées au-delà d’une profondeur de 8 ont été ignorées : "
            "la recherche a été faite sans elles."
        )
    with translation.override("ja"):
        assert str(notice) == "8 段より深く入れ子になった括弧を無視し、括弧なしで検索しました。"


def test_the_budget_counts_from_the_start_of_the_request(monkeypatch):
    """A request that used up its budget before the search began (reading, waiting) is cut short: the
    first language still answers in its own window, with the line saying so."""
    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", 0.15)
    monkeypatch.setattr(limits, "FIRST_LANGUAGE_SECONDS", 5.0)
    results = search("costituzione", languages=["it"], started=time.monotonic() - 1.0)
    assert [str(n) for n in results.notices] == [CUT_SHORT]
    assert results.hits[0].number == "208.1"
    assert results.hits[0].texts["it"].url == "/rules/mtg/it/2024-10-02/208.1/"


def test_the_same_search_with_time_left_is_not_cut_short():
    results = search("costituzione", languages=["it"], started=time.monotonic())
    assert results.notices == ()
    assert results.hits[0].number == "208.1"


def test_the_hostile_query_past_its_budget_answers_200_with_the_cut_short_line(client, monkeypatch):
    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", 0.0)
    response = client.get("/search/", {"q": HOSTILE})
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<p class="note">{CUT_SHORT}</p>' in html
    assert f'<p class="note">{NESTED}</p>' in html
    assert '<p class="note">Only the first 3 wildcards were expanded; the rest were searched as words.</p>' in html


def test_the_cut_short_line_is_translated_on_the_page(client, monkeypatch):
    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", 0.0)
    response = client.get("/search/", {"q": "tr* co*"}, headers={"accept-language": "de"})
    assert response.status_code == 200
    assert (
        '<p class="note">Die Suche hat zu lange gedauert und zeigt, was sie rechtzeitig gefunden hat.</p>'
        in response.content.decode()
    )


def test_a_snippet_made_after_the_page_s_time_is_up_is_shown_unmarked_and_marked_later():
    hit = search("toughness", languages=["en"]).hits[0]
    assert hit.number == "208.1"
    with marking_until(time.monotonic() - 1.0):
        hurried = hit.texts["en"].snippet
    marked = hit.texts["en"].snippet
    assert "<mark>" not in hurried
    assert "<mark>toughness</mark>" in marked
    assert hurried == marked.replace("<mark>", "").replace("</mark>", "")
    # Once made with time to spare, the marked snippet is kept: a hurried request shows it too.
    with marking_until(time.monotonic() - 1.0):
        assert hit.texts["en"].snippet == marked
