"""TMX, TBX and CSV files that a translation tool opens (read back with translate-toolkit)."""

import csv
import io
import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from translate.storage.tbx import tbxfile
from translate.storage.tmx import tmxfile

from rulesref.compare.exports import csv_document, tbx_document, tmx_document
from rulesref.compare.selection import read_columns, resolve_columns
from rulesref.compare.sidebyside import Cell, Row, SideBySide, side_by_side
from rulesref.compare.terms import Glossary
from rulesref.rules.models import Edition, Entry, Game

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def table_208():
    return side_by_side(resolve_columns("mtg", read_columns(["en", "it", "ja"])), "208")


def test_the_tmx_of_208_has_one_unit_per_aligned_rule_and_one_variant_per_language(store):
    data = tmx_document(table_208())
    root = ET.fromstring(data)
    assert (root.tag, root.get("version"), root.find("header").get("srclang")) == ("tmx", "1.4", "en")
    units = root.findall("body/tu")
    assert len(units) == 11  # 208, 208.1 … 208.5: every rule of the section is in all three
    assert [tu.findtext("tuv/prop[@type='x-rule']") for tu in units] == [
        "208", "208.1", "208.2", "208.2a", "208.2b", "208.3", "208.3a", "208.4", "208.4a", "208.4b", "208.5"
    ]  # fmt: skip
    assert all([tuv.get(XML_LANG) for tuv in tu.findall("tuv")] == ["en", "it", "ja"] for tu in units)
    editions = {tuv.findtext("prop[@type='x-edition']") for tu in units for tuv in tu.findall("tuv")}
    assert editions == {"en:2024-09-20", "it:2024-10-02", "ja:ja-viewer"}


def test_translate_toolkit_reads_the_tmx_back(store):
    store_ = tmxfile.parsestring(tmx_document(table_208()))
    units = store_.units
    assert len(units) == 11
    rule = units[6]
    assert rule.source.startswith("If an effect would be created that sets the base power")
    assert rule.target.startswith("Se dovesse essere creato un effetto che imposta la forza base")
    assert units[0].source == "Power/Toughness"


def test_examples_can_be_units_of_their_own(store):
    root = ET.fromstring(tmx_document(table_208(), examples=True))
    kinds = [tu.findtext("prop[@type='x-kind']") for tu in root.findall("body/tu")]
    assert kinds.count("example") == 2  # 208.2a and 208.3a
    assert len(kinds) == 13


def test_rows_in_one_language_only_are_not_translation_units(store):
    columns = [
        Edition.objects.get(language="it", slug="2023-06-16"),
        Edition.objects.get(language="en", slug="2023-06-16"),
    ]
    table = side_by_side(columns, "208")
    # The 2023 Italian wiki page has no section heading and no 208.4a/208.4b.
    assert [row.numbers for row in table.rows if not row.aligned] == [["", "208"], ["", "208.4a"], ["", "208.4b"]]
    assert len(ET.fromstring(tmx_document(table)).findall("body/tu")) == len(table.rows) - 3 == 8


def test_markup_and_control_characters_in_rule_text_leave_the_xml_well_formed():
    game = Game(slug="mtg", name="Magic")
    stamp = datetime(2024, 1, 1, tzinfo=UTC)
    en = Edition(pk=1, game=game, language="en", slug="2024-01-01", imported_at=stamp)
    it = Edition(pk=2, game=game, language="it", slug="2024-01-02", imported_at=stamp)
    text = 'Deal <b>1</b> & "2" \x07damage </seg></tu>'
    row = Row(
        key=7,
        cells=[
            Cell(en, Entry(edition=en, kind="rule", number="1.1", text=text)),
            Cell(it, Entry(edition=it, kind="rule", number="1.1", text="Infliggi <i>1</i> danno")),
        ],
    )
    data = tmx_document(SideBySide([en, it], "1", [row]))
    assert b'&lt;b&gt;1&lt;/b&gt; &amp; "2" damage &lt;/seg&gt;&lt;/tu&gt;' in data
    units = tmxfile.parsestring(data).units
    assert (units[0].source, units[0].target) == ('Deal <b>1</b> & "2" damage </seg></tu>', "Infliggi <i>1</i> danno")


def test_the_tbx_holds_every_term_with_its_forms_and_reads_back(store):
    glossary = Glossary.load("mtg", None)
    data = tbx_document("mtg", glossary)
    root = ET.fromstring(data)
    assert (root.tag, root.get("type")) == ("martif", "TBX-Basic")
    entries = root.findall("text/body/termEntry")
    assert len(entries) == len(glossary.forms) == 33
    toughness = root.find("text/body/termEntry[@id='mtg-toughness']")
    forms = {ls.get(XML_LANG): [t.findtext("term") for t in ls.findall("tig")] for ls in toughness.findall("langSet")}
    assert forms == {
        "en": ["toughness"],
        "it": ["costituzione"],
        "ja": ["タフネス"],
        "ru": ["выносливость"],
        "zh-Hans": ["防御力"],
    }
    # The English glossary of the newest edition defines it.
    assert toughness.findtext("langSet/descrip[@type='definition']").startswith(
        "1. Part of a card that only creature cards have."
    )
    tbx = tbxfile.parsestring(data, sourcelanguage="en", targetlanguage="it")
    assert len(tbx.units) == 33
    crew = next(unit for unit in tbx.units if unit.source == "crew")
    assert [(t.text, t.administrative_status) for t in crew.get_target_terms("it")] == [
        ("manovrare", "preferredTerm-admn-sts"),
        ("manovra", "admittedTerm-admn-sts"),
        ("manovrato", "admittedTerm-admn-sts"),
    ]


def test_the_csv_has_a_number_and_a_text_column_per_edition(store):
    rows = list(csv.reader(io.StringIO(csv_document(table_208()))))
    assert rows[0] == [
        "kind",
        "concept",
        "en:2024-09-20 number",
        "en:2024-09-20 text",
        "it:2024-10-02 number",
        "it:2024-10-02 text",
        "ja:ja-viewer number",
        "ja:ja-viewer text",
    ]
    assert rows[1][0] == "section" and rows[1][3::2] == ["Power/Toughness", "forza/Costituzione", "パワー／タフネス"]
    examples = [row for row in rows if row[0] == "example 1"]
    assert [row[2] for row in examples] == ["208.2a", "208.3a"]
    assert len(rows) == 1 + 11 + 2


def test_a_csv_cell_that_a_spreadsheet_could_run_as_a_formula_starts_with_an_apostrophe():
    """Also after leading whitespace, which an import that trims cells would drop."""
    game = Game(slug="mtg", name="Magic")
    stamp = datetime(2024, 1, 1, tzinfo=UTC)
    en = Edition(pk=1, game=game, language="en", slug="2024-01-01", imported_at=stamp)
    texts = [" =1+1", "\t=1", "  @x", "=SUM(A1)", "\r+1", " \n-2", "\u3000=1", "-", "Deal 1 = 2", "  plain"]
    rows = [
        Row(key=index, cells=[Cell(en, Entry(edition=en, kind="rule", number=f"1.{index}", text=text))])
        for index, text in enumerate(texts)
    ]
    cells = [line[3] for line in list(csv.reader(io.StringIO(csv_document(SideBySide([en], "1", rows)))))[1:]]
    prefixed = ["' =1+1", "'\t=1", "'  @x", "'=SUM(A1)", "'\r+1", "' \n-2", "'\u3000=1", "'-"]
    assert cells == [*prefixed, "Deal 1 = 2", "  plain"]
