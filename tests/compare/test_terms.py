"""Glossary terms found in rule text and marked with one colour per concept, text escaped."""

from rulesref.compare.terms import Glossary, TermMatcher

FORMS = {
    "power": {"en": ["power"], "it": ["forza"], "ja": ["パワー"]},
    "toughness": {"en": ["toughness"], "it": ["costituzione"], "ja": ["タフネス"]},
    "power-toughness": {"en": ["power and toughness"], "it": ["forza e costituzione"], "ja": ["パワーとタフネス"]},
}


def glossary():
    return Glossary(game="mtg", forms=FORMS)


def test_the_longest_form_wins_and_words_match_whole():
    matcher = glossary().matcher("en")
    spans = matcher.spans("Its power and toughness; empowered, Power, toughnesses.")
    found = [("Its power and toughness; empowered, Power, toughnesses."[s.start : s.end], s.key) for s in spans]
    assert found == [("power and toughness", "power-toughness"), ("Power", "power")]


def test_japanese_forms_match_inside_words():
    assert glossary().matcher("ja").keys_in("基本のパワーやタフネスを定め") == {"power", "toughness"}


def test_a_term_has_the_same_colour_in_every_language():
    terms = glossary()
    english = str(terms.mark("toughness 3", "en"))
    italian = str(terms.mark("costituzione 3", "it"))
    japanese = str(terms.mark("タフネス3", "ja"))
    mark = '<mark class="term t0" data-term="toughness" title="toughness">'
    assert english == mark + "toughness</mark> 3"
    assert italian == mark + "costituzione</mark> 3"
    assert japanese == mark + "タフネス</mark>3"
    assert str(terms.mark("forza", "it")).startswith('<mark class="term t1" data-term="power"')
    assert [item["key"] for item in terms.legend()] == ["toughness", "power"]


def test_rule_text_is_escaped_before_terms_are_marked():
    html = str(glossary().mark('<img src=x onerror="alert(1)"> power & "toughness"', "en"))
    assert html == (
        "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; "
        '<mark class="term t0" data-term="power" title="power">power</mark> &amp; &quot;'
        '<mark class="term t1" data-term="toughness" title="toughness">toughness</mark>&quot;'
    )


def test_a_query_names_the_term_it_is_a_form_of():
    terms = glossary()
    assert (terms.key_of("Forza", "it"), terms.key_of("forza", "en"), terms.key_of(" タフネス ", "ja")) == (
        "power",
        None,
        "toughness",
    )


def test_one_term_matcher_finds_its_form_inside_a_longer_term():
    matcher = glossary().term_matcher("power", "it")
    assert [(s.start, s.end) for s in matcher.spans("forza e costituzione")] == [(0, 5)]
    assert TermMatcher("it", {}).spans("forza") == []
