"""Joining an imported glossary's terms to the bundled term list."""

from django.conf import settings

from rulesref.rules.glossary_data import TermData
from rulesref.rules.glossary_join import fold, join_bundled, join_terms
from rulesref.rules.parsers import parse_glossary_source, read_source

CONCEPTS = [
    TermData(key="strike-parry", game="berserk", forms={"ru": ["отражение удара"], "en": ["strike parry"]}),
    TermData(key="element", game="berserk", forms={"ru": ["стихия"], "en": ["element"]}),
    TermData(key="creature", game="mtg", forms={"ru": ["существо"], "en": ["creature"]}),
]


def test_terms_join_ignoring_case_and_yo():
    joined = join_terms(["Отражение удара", "СТИХИЯ", "Существо", "Рывок"], CONCEPTS, game="berserk", language="ru")
    assert [(j.term, j.key, j.form) for j in joined.joined] == [
        ("Отражение удара", "strike-parry", "отражение удара"),
        ("СТИХИЯ", "element", "стихия"),
    ]
    # "Существо" is a concept of the other game only.
    assert joined.unjoined == ["Существо", "Рывок"]
    assert fold("Ёлка  Зелёная") == fold("елка зеленая") == "елка зеленая"


def test_the_berserk_glossary_against_the_bundled_term_list(corpus):
    terms = [g.term for g in parse_glossary_source(read_source(corpus("berserk_heroes_glossary_ru.rst"))).glossary]
    joined = join_bundled(terms, game="berserk", language="ru", directory=settings.RULES_DATA_DIR / "glossary")
    assert joined.as_json()["joined"] == [
        {"term": "Активируемая способность", "key": "activated-ability-berserk", "form": "активируемая способность"},
        {"term": "Рывок", "key": "rush", "form": "Рывок"},
        {"term": "Слабость первого хода", "key": "first-turn-weakness", "form": "слабость первого хода"},
        {"term": "Стихия", "key": "element", "form": "стихия"},
        {"term": "Существо", "key": "creature-berserk", "form": "существо"},
    ]
    assert len(joined.unjoined) == 213 - 5
