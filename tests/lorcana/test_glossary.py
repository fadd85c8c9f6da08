"""The Lorcana glossaries (Glossary, Glossar, Glossaire, 用語集) cite no rules and are each sorted in
their own language: their entries are joined by the aligned rules that print their terms, and the
joined terms serve the glossary pages, the concordance, the consistency check and the TBX."""

import re
import xml.etree.ElementTree as ET

import pytest

from rulesref.compare.consistency import consistency_report
from rulesref.compare.terms import Glossary
from rulesref.rules.models import Edition, GlossaryEntry
from rulesref.rules.selectors import glossary_pairs

from .conftest import DE_210, EN_210
from .files import blocks

pytestmark = pytest.mark.django_db

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def edition(language: str, slug: str) -> Edition:
    return Edition.objects.get(game__slug="lorcana", language=language, slug=slug)


def pairs(language: str, slug: str) -> dict[str, str]:
    english, other = edition("en", "2026-04-30"), edition(language, slug)
    terms = dict(GlossaryEntry.objects.filter(edition__in=[english, other]).values_list("pk", "term"))
    return {terms[pair.mine]: terms[pair.theirs] for pair in glossary_pairs(english, other)}


def test_the_glossaries_are_not_in_the_same_order(lorcana):
    """Why they cannot be joined entry by entry: "inkwell" stands at another place in each."""
    places = {}
    for language in ("en", "de", "fr"):
        terms = list(edition(language, "2026-04-30").glossary.order_by("position").values_list("term", flat=True))
        name = {"en": "inkwell", "de": "Tintenvorrat", "fr": "Réserve d’encre"}[language]
        places[language] = terms.index(name)
    assert len(set(places.values())) == 3


@pytest.mark.parametrize(
    "english, german, french",
    [
        ("inkwell", "Tintenvorrat", "Réserve d’encre"),
        ("ink", "Tinte", "Encre / Encrer"),
        ("bag", "Beutel", "Sac"),
        ("drying", "Trocknen", "En train de sécher"),
        ("damage counter", "Schadensmarker", None),
        ("starting player", "Startspieler", "Premier joueur"),
        ("Main Phase", "Phase 2: Karten spielen und einsetzen", "Phase Principale"),
    ],
)
def test_english_glossary_terms_are_joined_with_the_german_and_french_ones(lorcana, english, german, french):
    assert pairs("de", "2026-04-30").get(english) == german
    assert pairs("fr", "2026-04-30").get(english) == french


def test_the_japanese_glossary_of_the_renumbered_edition_is_joined_too(lorcana):
    english, japanese = edition("en", "2026-07-09"), edition("ja", "2026-07-10")
    terms = dict(GlossaryEntry.objects.filter(edition__in=[english, japanese]).values_list("pk", "term"))
    found = {terms[pair.mine]: terms[pair.theirs] for pair in glossary_pairs(english, japanese)}
    assert {k: found[k] for k in ("inkwell", "damage counter", "drying", "exert")} == {
        "inkwell": "インクウェル",
        "damage counter": "ダメージ・カウンター",
        "drying": "塗りたて",
        "exert": "エグザート",
    }


def test_each_term_is_joined_with_one_term_at_most(lorcana):
    for language in ("de", "fr"):
        joined = pairs(language, "2026-04-30")
        assert len(set(joined.values())) == len(joined)


def test_the_concordance_of_inkwell_marks_the_german_and_japanese_renderings(lorcana, client):
    response = client.get(
        "/compare/concordance/", {"game": "lorcana", "q": "inkwell", "c": ["en:2026-04-30", "de", "ja"]}
    )
    page = response.content.decode()
    assert "Glossary term: printed-inkwell." in page
    assert '<span class="rendering">Tintenvorrat (' in page
    assert '<span class="rendering">インクウェル (' in page
    assert 'data-term="printed-inkwell" title="printed-inkwell">Tintenvorrat</mark>' in page


def test_the_consistency_check_lists_the_german_rules_that_print_no_tintenvorrat_where_the_english_has_inkwell(
    lorcana,
):
    english, german = blocks(EN_210), blocks(DE_210)
    # "inkwell symbol" is a term of its own (the longer form is read first).
    uses = {n: re.sub(r"inkwell symbol", "", text, flags=re.I) for n, text in english.items()}
    expected = [
        n
        for n, text in uses.items()
        if re.search(r"(?<!\w)inkwell", text, re.I)
        and n in german
        and not re.search(r"(?<!\w)Tintenvorrat", german[n], re.I)
    ]
    # Every German rule prints it where the English does, in some form ("Tintenvorrats", "Tintenvorrat-Symbol").
    assert expected == []
    assert len([n for n, text in uses.items() if re.search(r"(?<!\w)inkwell", text, re.I)]) == 25
    source, target = edition("en", "2026-04-30"), edition("de", "2026-04-30")
    glossary = Glossary.load("lorcana", {"en", "de"}, [source, target])
    report = consistency_report(source, target, glossary)
    assert [f.entry.number for f in report.findings if f.term == "printed-inkwell"] == expected
    assert report.checked == len([n for n in german if n in english])


def test_the_tbx_holds_the_joined_terms_in_every_language_with_their_definitions(lorcana, client):
    root = ET.fromstring(client.get("/compare/terms/lorcana/glossary.tbx").content)
    entry = next(e for e in root.iter("termEntry") if e.get("id") == "lorcana-printed-inkwell")
    forms = {lang_set.get(XML_LANG): [t.text for t in lang_set.iter("term")] for lang_set in entry.iter("langSet")}
    assert forms == {"en": ["inkwell"], "de": ["Tintenvorrat"], "fr": ["Réserve d’encre"], "ja": ["インクウェル"]}
    definition = entry.find("langSet/descrip").text
    assert definition.startswith("The private zone where a player puts their ink cards, facedown.")
    # "Encre / Encrer" defines both its forms: the French "ink" has its definition.
    ink = next(e for e in root.iter("termEntry") if e.get("id") == "lorcana-printed-ink")
    french = next(s for s in ink.iter("langSet") if s.get(XML_LANG) == "fr")
    assert [t.text for t in french.iter("term")] == ["Encre", "Encrer"]
    assert french.find("descrip").text.startswith("nom : La ressource que les joueurs utilisent")
