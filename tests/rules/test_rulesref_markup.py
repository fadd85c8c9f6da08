"""The ``rule_markup`` template filter renders entry text in a template, escaped."""

from django.template import Context, Template


def render(text):
    return Template("{% load rulesref_markup %}<div>{{ text|rule_markup }}</div>").render(Context({"text": text}))


def test_the_filter_renders_lists_and_emphasis():
    assert render("Свойства:\n- *Атака* ударом;\n- Рывок.") == (
        "<div><p>Свойства:</p>\n<ul><li><em>Атака</em> ударом;</li><li>Рывок.</li></ul></div>"
    )


def test_the_filter_escapes_html_in_rule_text():
    assert render("<b>x</b> & y") == "<div><p>&lt;b&gt;x&lt;/b&gt; &amp; y</p></div>"


def test_an_empty_text_renders_nothing():
    assert render("") == "<div></div>"
    assert render(None) == "<div></div>"
