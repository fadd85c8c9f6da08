"""The Берсерк glossary as a Sphinx ``.. glossary::`` ("berserk-glossary-rst")."""

import re
from collections import Counter

import pytest

from rulesref.rules.parsers import (
    ParseError,
    SourceText,
    berserk_glossary_rst,
    detect_format,
    parse_glossary_source,
    read_source,
)
from tests.conftest import SEED_BERSERK

GLOSSARY = "berserk_heroes_glossary_ru.rst"


@pytest.fixture(scope="module")
def glossary():
    from tests.conftest import corpus_file

    return parse_glossary_source(read_source(corpus_file(GLOSSARY)))


def raw_lines(path):
    return path.read_text(encoding="utf-8").split("\n")


def test_every_term_is_read_and_every_line_placed(glossary, corpus):
    lines = raw_lines(corpus(GLOSSARY))
    # An independent count: bold text at the start of an indented line.
    assert len(glossary.glossary) == sum(bool(re.match(r"^\s+\*\*[^*]+\*\*", line)) for line in lines) == 213
    assert glossary.report.unplaced == []
    assert [(w.line, w.message) for w in glossary.report.warnings] == [
        (374, "glossary term 'Немедленно' is printed twice (first on line 359); both entries are kept")
    ]
    assert Counter(line.reason for line in glossary.report.skipped) == {
        "document title": 1,
        "letter heading": 23,
        "heading underline": 24,
        "glossary directive": 23,
    }
    placed = {g.line for g in glossary.glossary}
    for g in glossary.glossary:
        rest = g.definition.count("\n") + (0 if g.line in (141, 332) else 1)
        placed.update(range(g.line + 1, g.line + 1 + rest))
    skipped = {line.line for line in glossary.report.skipped}
    non_blank = {number for number, line in enumerate(lines, start=1) if line.strip()}
    assert placed.isdisjoint(skipped)
    assert placed | skipped == non_blank


def test_terms_lose_bold_and_final_period_and_definitions_their_roles(glossary):
    first = glossary.glossary[0]
    assert (first.term, first.line) == ("Авангард Х", 8)
    assert first.definition.startswith("Срабатывающая способность. После розыгрыша этой карты, вы можете")
    assert ":term:" not in "".join(g.definition for g in glossary.glossary)
    assert glossary.glossary[-1].term == "Ярость"
    terms = {g.term: g for g in glossary.glossary}
    # Text after the bold on the term line is the definition's first line.
    assert terms["Добывает"].definition.split("\n")[0] == "[X] добывает [Y]."
    assert terms["Название карты"].definition.split("\n")[0] == "Свойство."
    # Definitions indented by three spaces or five are definitions all the same.
    assert terms["Броня"].definition == "Класс карты поддержки. У игрока может быть только одна броня в игре."


def test_definitions_list_the_rules_they_cite(glossary):
    cited = {g.term: g.rules for g in glossary.glossary if g.rules}
    assert cited == {"Немедленно": ["310.2", "310.3"], "Применить эффект заклинания": ["309.1"]}


def test_a_glossary_is_not_a_rules_file(corpus):
    source = read_source(corpus(GLOSSARY))
    assert berserk_glossary_rst.detect(source)
    with pytest.raises(ParseError) as error:
        detect_format(source)
    assert str(error.value).endswith(
        "a glossary without rules (format 'berserk-glossary-rst'): import it into its edition with import_glossary"
    )


def test_a_rules_file_is_not_a_glossary():
    with pytest.raises(ParseError) as error:
        parse_glossary_source(read_source(SEED_BERSERK))
    assert "no recognisable glossary" in str(error.value)


def test_a_stray_line_is_reported_unplaced_not_dropped():
    text = (
        "Глоссарий\n=====\n\nСлучайная строка.\n\n**А**\n-----\n.. glossary::\n\n  **Атака.**\n    Выстрел или удар.\n"
    )
    result = parse_glossary_source(SourceText.from_string(text, path="g.rst"))
    assert [(u.line, u.text) for u in result.report.unplaced] == [(4, "Случайная строка.")]
    assert [(g.term, g.definition, g.line) for g in result.glossary] == [("Атака", "Выстрел или удар.", 10)]
