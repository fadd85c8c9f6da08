"""Rule numbers, cross-references and edition statements shared by every parser."""

import datetime

import pytest

from rulesref.rules.parsers import editions, numbers, xrefs


def test_numbers_sort_naturally():
    printed = ["704.5aa", "2", "208.2a", "208", "704.5z", "208.10", "208.2", "104.3.1", "104.3", "104.4", "200"]
    ordered = sorted(printed, key=numbers.sort_key)
    assert ordered == ["104.3", "104.3.1", "104.4", "2", "200", "208", "208.2", "208.2a", "208.10", "704.5z", "704.5aa"]


@pytest.mark.parametrize(
    "number, parent", [("208.2a", "208.2"), ("208.2", "208"), ("208", None), ("104.3.1", "104.3"), ("704.5aa", "704.5")]
)
def test_parent_numbers(number, parent):
    assert numbers.parent_number(number, "") == parent


@pytest.mark.parametrize("typed", ["208.2a", "２０８．２ａ", "CR 208.2a", "r208.2a", "rule 208.2a", "208.2a."])
def test_typed_numbers_normalise_to_the_printed_one(typed):
    assert numbers.normalise(typed) == "208.2a"


@pytest.mark.parametrize(
    "text, targets",
    [
        ("See rule 604.3.", ["604.3"]),
        ("(See rule 614, “Replacement Effects.”)", ["614"]),
        ("See rules 601.2 and 602.2, then rule 704.5aa.", ["601.2", "602.2", "704.5aa"]),
        ("(Vedi regola 707.2.)", ["707.2"]),
        ('Vedere la regola 613, "Interazione"', ["613"]),
        ("（rule 604.3 参照）", ["604.3"]),
        ("(rule 614〔置換効果〕参照)", ["614"]),
        ("参见规则604.3。", ["604.3"]),
        ("(см. 107.2)", ["107.2"]),
        ("см. п. 104.3.1.", ["104.3.1"]),
        ("согласно пункту 401.5", ["401.5"]),
        ("(пункт 310.2 и 310.3 этих правил)", ["310.2", "310.3"]),
        ("согласно 309.2", ["309.2"]),
        ("规则108.3中的", ["108.3"]),
        ("See subrule 704.5k.", ["704.5k"]),
        ("2/3 significa che l'oggetto ha forza 2", []),
    ],
)
def test_cross_references_in_every_language(text, targets):
    assert [target for target, _ in xrefs.extract(text)] == targets


@pytest.mark.parametrize(
    "line, name, date",
    [
        ("These rules are effective as of September 20, 2024.", "", datetime.date(2024, 9, 20)),
        ("此规则于2024年9月20日起生效。", "", datetime.date(2024, 9, 20)),
        (
            "Tratto dal Regolamento (Aggiornato a Duskmourn: La Casa degli Orrori, 02 Ottobre 2024) 208. forza",
            "Duskmourn: La Casa degli Orrori",
            datetime.date(2024, 10, 2),
        ),
        ("**Дата публикации 31.05.2024**", "", datetime.date(2024, 5, 31)),
    ],
)
def test_edition_statements(line, name, date):
    statement = editions.find_statement([(3, line)])
    assert (statement.name, statement.date, statement.line) == (name, date, 3)


def test_month_names_come_from_babel_locale_data():
    assert editions.parse_month_date("2 ottobre 2024", "it") == datetime.date(2024, 10, 2)
    assert editions.parse_month_date("16 Giugno 2023", "it") == datetime.date(2023, 6, 16)
    assert editions.parse_month_date("31 мая 2024", "ru") == datetime.date(2024, 5, 31)
    assert editions.parse_month_date("31 Giugno 2023", "it") is None
