"""Rule text in pages: escaped first, then every printed cited number linked."""

import re
from dataclasses import dataclass
from types import SimpleNamespace

from rulesref.rules.marking import Marker
from rulesref.rules.parsers import xrefs


@dataclass
class Reference:
    pk: int
    target_number: str
    text: str


def linked_text(text, refs, targets):
    """The page renderer with cited entries that live in an English edition at /r/<number>/."""
    return Marker(language="en", targets=targets).render(text, refs)


def references(text):
    return [Reference(pk, target, phrase) for pk, (target, phrase) in enumerate(xrefs.extract(text), start=1)]


def links(refs):
    return {
        ref.pk: SimpleNamespace(
            edition=SimpleNamespace(language="en"),
            title="",
            text=f"Rule {ref.target_number}.",
            get_absolute_url=lambda number=ref.target_number: f"/r/{number}/",
        )
        for ref in refs
    }


def linked(html):
    return re.findall(r'<a class="xref" href="/r/([^/]+)/" data-preview="[^"]*">([^<]+)</a>', html)


def test_every_printed_number_of_a_list_is_linked_and_the_text_kept():
    text = "This follows rules 701.28a–f, 712.9–10, and 712.18. Those rules apply."
    refs = references(text)
    assert len(refs) == 9
    html = linked_text(text, refs, links(refs))
    assert linked(html) == [("701.28a", "701.28a"), ("712.9", "712.9"), ("712.18", "712.18")]
    assert re.sub(r"<[^>]+>", "", html) == text


def test_a_number_is_not_linked_inside_a_longer_one():
    text = "(see 601.2b and 601.2f–h). See rule 601.2."
    refs = references(text)
    html = linked_text(text, refs, links(refs))
    assert linked(html) == [("601.2b", "601.2b"), ("601.2f", "601.2f"), ("601.2", "601.2")]


def test_the_same_phrase_printed_twice_links_both():
    text = "Follow 601.2a–c. Then follow 601.2a–c again."
    refs = references(text)
    html = linked_text(text, refs, links(refs))
    assert [number for number, _ in linked(html)] == ["601.2a", "601.2a"]


def test_text_is_escaped_and_unresolved_targets_marked():
    text = "<b>See rule 999.9</b> & 601.2a–b"
    refs = references(text)
    html = linked_text(text, refs, {})
    assert html.startswith("&lt;b&gt;See rule ")
    assert html.count('class="xref unresolved"') == 2
    assert "&lt;/b&gt; &amp; " in html
