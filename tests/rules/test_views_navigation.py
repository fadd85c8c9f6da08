"""A rule page one can find one's way around: one breadcrumb line, examples with their Run
link apart, a link down to "Cited by", a table of contents beside a long section, and a
glossary term linked once per rule."""

import re

import pytest

pytestmark = pytest.mark.usefixtures("site")


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def test_the_game_and_edition_are_shown_once_in_the_breadcrumbs(client):
    html = page(client, "/rules/mtg/it/2024-10-02/208.2a/")
    assert html.count('<a href="/rules/mtg/it/2024-10-02/">Italian · October 2, 2024</a>') == 1
    assert html.count('<a href="/rules/mtg/">Magic: The Gathering</a>') == 1
    assert 'class="edition-line"' not in html


def test_run_this_example_is_a_paragraph_of_its_own_after_the_example(client):
    html = page(client, "/rules/mtg/en/2024-09-20/208.3a/")
    assert (
        "will apply to the Vehicle once it becomes a creature.</p>"
        '<p class="example-annotations" lang="en"><span class="annotation" data-panel="examples.run">'
        '<a class="example-run" href="/examples/veteran-motorist/?lang=en">Run this example</a>'
    ) in html


def test_a_link_near_the_top_leads_to_cited_by(client):
    html = page(client, "/rules/mtg/en/2024-09-20/613/")
    assert '<p class="cited-by-link"><a href="#cited-by">Cited by 11 rules ↓</a></p>' in html
    assert '<section class="cited-by" id="cited-by" aria-labelledby="cited-by-heading">' in html
    assert html.index('class="cited-by-link"') < html.index('id="r613.1"') < html.index('id="cited-by"')
    assert len(re.findall(r"<li><a href=\"/rules/mtg/en/2024-09-20/[^\"]+\">", html.split('id="cited-by"')[1])) == 11


def toc_links(html):
    nav = re.search(r'<nav class="section-toc" aria-labelledby="section-toc-heading">(.*?)</nav>', html, re.S)[1]
    return re.findall(r'<a href="([^"]+)">([^<]+)</a>', nav), re.findall(r"<summary>([^<]+)</summary>", nav)


def test_a_long_section_has_a_table_of_contents_of_its_rules(client):
    html = page(client, "/rules/mtg/en/2024-09-20/613/")
    links, folded = toc_links(html)
    assert [href for href, _ in links] == [f"#r613.{i}" for i in range(1, 12)]
    assert links[0] == ("#r613.1", "613.1 The values of an object’s characteristi…")
    assert folded == []
    for href, _ in links:
        assert f'id="{href[1:]}"' in html


def test_a_split_section_lists_this_pages_rules_and_folds_the_other_pages(client):
    html = page(client, "/rules/mtg/en/2024-09-20/702/?page=2")
    links, folded = toc_links(html)
    here = [href for href, _ in links if href.startswith("#")]
    assert here == [f"#r702.{i}" for i in range(31, 61)]
    assert links[0] == ("?page=1#r702.1", "702.1 Most abilities describe exactly what th…")
    assert ("?page=1#r702.2", "702.2 Deathtouch") in links
    assert folded[:2] == ["Page 1: 702.1–702.30", "Page 3: 702.61–702.90"]
    assert len(folded) == 5


def test_a_short_section_has_no_table_of_contents(client):
    assert 'class="section-toc"' not in page(client, "/rules/mtg/en/2024-09-20/208/")


def term_keys_per_entry(html):
    """The term keys linked in each rule entry (text and examples) of a page."""
    own = re.search(r'<section class="own-text".*?</section>', html, re.S)[0]
    parts = re.split(r'<div class="entry (?:rule|subrule)" id="', own)[1:]
    return {part.split('"', 1)[0]: re.findall(r'data-term="([^"]+)"', part) for part in parts}


def test_a_glossary_term_is_a_link_once_per_rule(client):
    html = page(client, "/rules/mtg/en/2024-09-20/702/")
    per_entry = term_keys_per_entry(html)
    assert all(len(keys) == len(set(keys)) for keys in per_entry.values())
    # 242 since the term list has tokens and emblems (702 mentions them in eight rules).
    assert html.count('<a class="term"') == 242
    # 702.9b prints "creature" four times: the first is a link, the other three plain text.
    assert per_entry["r702.9b"] == ["creature"]
    assert (
        '<span class="text">A <a class="term" href="#term-creature" data-term="creature">creature</a> with flying '
        "can’t be blocked except by creatures with flying and/or reach. A creature with flying can block a creature"
    ) in html
    assert per_entry["r702.2b"] == ["creature", "toughness", "damage", "state-based-action", "destroy"]
