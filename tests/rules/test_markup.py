"""The entry-text markup: escaped first, then lists, tables, paragraphs and emphasis."""

import pytest

from rulesref.rules.markup import escape, to_html, to_plain


def test_a_plain_rule_is_one_paragraph():
    assert to_html("If a player would draw a card, they draw it.") == (
        "<p>If a player would draw a card, they draw it.</p>"
    )


def test_bulleted_and_numbered_lists():
    text = "Для игры используются\n- оригинальные карты;\n- маркеры монет.\n3. Герой-жрец;\n4. Герой-маг."
    assert to_html(text) == (
        "<p>Для игры используются</p>\n"
        "<ul><li>оригинальные карты;</li><li>маркеры монет.</li></ul>\n"
        '<ol start="3"><li>Герой-жрец;</li><li>Герой-маг.</li></ol>'
    )


def test_a_dash_glued_to_its_word_is_not_a_list_item():
    assert to_html("-маркеры ран;") == "<p>-маркеры ран;</p>"


def test_table_rows_become_one_table():
    assert to_html("| **Герой** |  | **+** |\n| a | b | c |") == (
        "<table><tr><td><strong>Герой</strong></td><td></td><td><strong>+</strong></td></tr>"
        "<tr><td>a</td><td>b</td><td>c</td></tr></table>"
    )


@pytest.mark.parametrize(
    "text, html",
    [
        ("*Афари* играет *Силу притворства*", "<em>Афари</em> играет <em>Силу притворства</em>"),
        ("**Термин.** определение", "<strong>Термин.</strong> определение"),
        ("**bold with *italic* inside**", "<strong>bold with <em>italic</em> inside</strong>"),
        ("*Исчезающий в сумрак*е", "<em>Исчезающий в сумрак</em>е"),
        # Asterisks that are not marks: a power of 1+*, a star in brackets, a lone one, an escaped one.
        ("power/toughness 1+*/1+*", "power/toughness 1+*/1+*"),
        ("una stella (*). Il simbolo (*) vale", "una stella (*). Il simbolo (*) vale"),
        ("2 * 3 = 6", "2 * 3 = 6"),
        ("a literal \\*star\\*", "a literal *star*"),
    ],
)
def test_emphasis_and_asterisks_that_are_not_emphasis(text, html):
    assert to_html(text) == f"<p>{html}</p>"


def test_everything_is_escaped_before_it_is_rendered():
    text = '<script>alert("x")</script> & *not <b>bold</b> here*\n- <img src=x onerror=alert(1)>'
    assert to_html(text) == (
        '<p>&lt;script&gt;alert("x")&lt;/script&gt; &amp; <em>not &lt;b&gt;bold&lt;/b&gt; here</em></p>\n'
        "<ul><li>&lt;img src=x onerror=alert(1)&gt;</li></ul>"
    )


def test_plain_text_drops_the_marks_only():
    assert to_plain("*Афари* и **Яйцо**, 1+*/1+*, \\*\n- пункт") == "Афари и Яйцо, 1+*/1+*, *\n- пункт"


def test_image_notes_stay_text():
    assert to_html("число внутри символа [image].") == "<p>число внутри символа [image].</p>"


def test_an_inline_renderer_renders_each_plain_run_and_emphasis_wraps_it():
    """A page passes a renderer that escapes and links numbers; emphasis is found on the raw text."""
    seen = []

    def link(text):
        seen.append(text)
        return escape(text).replace("309.1", '<a href="/r/309.1/">309.1</a>')

    html = to_html("*Заклинание* проходит все этапы (пункт 309.1) & **всё**\n- см. 309.1", inline=link)
    assert html == (
        '<p><em>Заклинание</em> проходит все этапы (пункт <a href="/r/309.1/">309.1</a>) &amp; '
        "<strong>всё</strong></p>\n"
        '<ul><li>см. <a href="/r/309.1/">309.1</a></li></ul>'
    )
    assert seen == ["Заклинание", " проходит все этапы (пункт 309.1) & ", "всё", "см. 309.1"]
