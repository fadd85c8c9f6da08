"""Rule text as HTML: escaped first; terms, cards and references marked without overlap."""

from types import SimpleNamespace

from rulesref.rules.marking import Marker, TermMatcher, preview


def marked(language, text, forms, cards=None):
    marker = Marker(language=language, terms=TermMatcher.build(language, forms), cards=cards or {})
    return str(marker.render(text)), marker.used_terms


def test_a_term_is_marked_as_a_whole_word_only():
    html, used = marked("en", "Its power is 2; a powerful creature.", {"power": "power"})
    assert html == ('Its <a class="term" href="#term-power" data-term="power">power</a> is 2; a powerful creature.')
    assert used == ["power"]


def test_a_lower_case_term_matches_a_capital_first_letter_but_not_other_capitals():
    html, _ = marked("en", "Power matters. POWER does not.", {"power": "power"})
    assert html.startswith('<a class="term" href="#term-power" data-term="power">Power</a> matters.')
    assert "POWER does not." in html


def test_exclusions_stop_a_term_inside_a_longer_word_of_an_unspaced_script():
    html, used = marked("ja", "パワーストーン・トークンのパワー", {"パワー": "power"})
    assert html == 'パワーストーン・トークンの<a class="term" href="#term-power" data-term="power">パワー</a>'
    assert used == ["power"]


def test_the_longest_form_wins_and_text_is_escaped():
    html, used = marked(
        "it", "<b>forza e costituzione</b> & forza", {"forza": "power", "forza e costituzione": "power-toughness"}
    )
    assert html == (
        '&lt;b&gt;<a class="term" href="#term-power-toughness" data-term="power-toughness">forza e costituzione</a>'
        '&lt;/b&gt; &amp; <a class="term" href="#term-power" data-term="power">forza</a>'
    )
    assert used == ["power-toughness", "power"]


def test_a_card_name_wins_over_a_term_inside_it():
    html, used = marked(
        "en",
        "Veteran Motorist is a creature.",
        {"creature": "creature", "Motorist": "x"},
        cards={"Veteran Motorist": "/rules/mtg/cards/veteran-motorist/"},
    )
    assert html == (
        '<a class="card" href="/rules/mtg/cards/veteran-motorist/">Veteran Motorist</a> is a '
        '<a class="term" href="#term-creature" data-term="creature">creature</a>.'
    )
    assert used == ["creature"]


def test_an_unresolved_reference_says_no_edition_has_it():
    ref = SimpleNamespace(pk=1, text="Vedi regola 604.3", target_number="604.3")
    html = str(Marker(language="it").render("(Vedi regola 604.3.)", [ref]))
    assert html == (
        '(Vedi regola <span class="xref unresolved" title="Rule 604.3 is not in any imported edition">604.3</span>.)'
    )


def test_a_preview_is_cut_at_a_word_boundary():
    entry = SimpleNamespace(title="", text="word " * 100)
    text = preview(entry)
    assert text.endswith("word…")
    assert len(text) <= 281


def test_a_term_is_a_link_at_its_first_occurrence_only():
    html, used = marked("en", "A creature blocks a creature.", {"creature": "creature"})
    assert html == 'A <a class="term" href="#term-creature" data-term="creature">creature</a> blocks a creature.'
    assert used == ["creature"]


def test_one_scope_links_a_term_once_across_texts_and_another_scope_links_it_again():
    marker = Marker(language="en", terms=TermMatcher.build("en", {"creature": "creature", "power": "power"}))
    rule = str(marker.render("A creature has power.", scope=1))
    example = str(marker.render("Example: a creature with power 2.", scope=1))
    other = str(marker.render("A creature.", scope=2))
    assert rule == (
        'A <a class="term" href="#term-creature" data-term="creature">creature</a> has '
        '<a class="term" href="#term-power" data-term="power">power</a>.'
    )
    assert example == "Example: a creature with power 2."
    assert other == 'A <a class="term" href="#term-creature" data-term="creature">creature</a>.'
    assert marker.used_terms == ["creature", "power"]


def test_a_repeated_longer_term_stays_whole_and_plain_not_a_link_to_a_shorter_one():
    html, used = marked(
        "it",
        "forza e costituzione; forza e costituzione",
        {"forza": "power", "forza e costituzione": "power-toughness"},
    )
    assert html == (
        '<a class="term" href="#term-power-toughness" data-term="power-toughness">forza e costituzione</a>; '
        "forza e costituzione"
    )
    assert used == ["power-toughness"]
