"""Files a translation tool opens: TMX 1.4 of aligned rules, TBX-Basic of the glossary, CSV.

Built with the standard library's XML and CSV writers, which escape ``<``, ``&``
and quotes; characters that XML 1.0 cannot carry at all (control characters) are
dropped from rule text first, so a stray one in a source cannot make the file
unreadable.

- **TMX** (Translation Memory eXchange 1.4): one ``<tu>`` per aligned rule (a
  concept present in at least two of the chosen editions), one ``<tuv xml:lang>``
  per language that has it, whose ``<seg>`` is the rule's title and text. Each
  ``<tuv>`` carries the rule number as printed in that edition and the edition
  (``x-rule``, ``x-edition``), since numbers may differ between languages.
  Examples can be added as units of their own (``x-kind`` = ``example``).
- **TBX-Basic**: one ``<termEntry>`` per glossary concept, a ``<langSet>`` per
  language, a ``<tig>`` per form; the preferred form is ``preferredTerm-admn-sts``,
  the others ``admittedTerm-admn-sts``. Where an edition's printed glossary
  defines the preferred form, the definition is included.
- **CSV**: the side-by-side rows, a number and a text column per edition.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET

from rulesref.core.games import get_game
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.glossary_usage import term_forms
from rulesref.rules.models import Edition
from rulesref.rules.selectors import glossary_definitions

from .selection import edition_key
from .sidebyside import SideBySide
from .terms import Glossary

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
# Characters XML 1.0 does not allow, even escaped.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# A spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def xml_text(text: str) -> str:
    return NOT_XML.sub("", text)


def bcp47(language: str) -> str:
    """``zh-hans`` → ``zh-Hans`` (the script subtag in title case, as BCP 47 writes it)."""
    head, _sep, rest = language.partition("-")
    return f"{head}-{rest.title()}" if len(rest) == 4 else language


def segment(entry) -> str:
    if entry.title and entry.title != entry.text:
        return f"{entry.title} {entry.text}".strip() if entry.text else entry.title
    return entry.text


def tmx_units(table: SideBySide, *, examples: bool = False) -> list[dict]:
    """What the TMX holds, before it is written: one unit per aligned rule (and example)."""
    units = []
    for row in table.rows:
        if not row.aligned:
            continue
        units.append(
            {
                "id": f"{table.columns[0].game.slug}-c{row.key}",
                "kind": row.kind,
                "variants": [
                    (cell.edition, cell.entry.number, segment(cell.entry)) for cell in row.cells if cell.entry
                ],
            }
        )
        if not examples:
            continue
        for index, line in enumerate(row.examples, start=1):
            present = [(cell.edition, cell.example) for cell in line if cell.example is not None]
            if len(present) < 2:
                continue
            numbers = {cell.edition.pk: cell.entry.number for cell in row.cells if cell.entry}
            units.append(
                {
                    "id": f"{table.columns[0].game.slug}-c{row.key}-example{index}",
                    "kind": "example",
                    "variants": [(edition, numbers[edition.pk], example.text) for edition, example in present],
                }
            )
    return units


def tmx_document(table: SideBySide, *, examples: bool = False) -> bytes:
    """TMX 1.4 of the aligned rows of ``table`` (one edition per language)."""
    languages = [edition.language for edition in table.columns]
    if len(set(languages)) != len(languages):
        raise ValueError("a TMX file holds one edition per language")
    stamp = max(edition.imported_at for edition in table.columns).strftime("%Y%m%dT%H%M%SZ")
    root = ET.Element("tmx", version="1.4")
    ET.SubElement(
        root,
        "header",
        {
            "creationtool": "rulesref",
            "creationtoolversion": "1",
            "segtype": "block",
            "o-tmf": "rulesref",
            "adminlang": "en",
            "srclang": bcp47(languages[0]),
            "datatype": "plaintext",
            "creationdate": stamp,
        },
    )
    body = ET.SubElement(root, "body")
    for unit in tmx_units(table, examples=examples):
        tu = ET.SubElement(body, "tu", tuid=unit["id"])
        ET.SubElement(tu, "prop", type="x-kind").text = unit["kind"]
        for edition, number, text in unit["variants"]:
            tuv = ET.SubElement(tu, "tuv", {XML_LANG: bcp47(edition.language)})
            ET.SubElement(tuv, "prop", type="x-rule").text = xml_text(number)
            ET.SubElement(tuv, "prop", type="x-edition").text = edition_key(edition)
            ET.SubElement(tuv, "seg").text = xml_text(text)
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8", xml_declaration=False)


def tbx_document(game: str, glossary: Glossary) -> bytes:
    """TBX-Basic of the glossary of ``game``: every term in every language it has forms in."""
    definitions = {}
    for language in CONTENT_LANGUAGES:
        edition = Edition.objects.newest(game, language)
        if edition is not None:
            printed = glossary_definitions(edition)
            # A printed heading of several forms ("Encre / Encrer") defines each of them.
            for term, definition in list(printed.items()):
                for form in term_forms(term):
                    printed.setdefault(form.casefold(), definition)
            definitions[language] = printed
    root = ET.Element("martif", {"type": "TBX-Basic", XML_LANG: get_game(game).original_language})
    header = ET.SubElement(root, "martifHeader")
    file_desc = ET.SubElement(header, "fileDesc")
    ET.SubElement(ET.SubElement(file_desc, "titleStmt"), "title").text = f"rulesref glossary: {get_game(game).name}"
    source = ET.SubElement(file_desc, "sourceDesc")
    ET.SubElement(source, "p").text = "rules_data/glossary/terms.toml"
    if glossary.printed:
        ET.SubElement(source, "p").text = "the editions' printed glossaries, joined by the rules that print their terms"
    ET.SubElement(ET.SubElement(header, "encodingDesc"), "p", type="XCSURI").text = "TBXBasicXCSV02.xcs"
    body = ET.SubElement(ET.SubElement(root, "text"), "body")
    for key, by_language in sorted(glossary.forms.items()):
        entry = ET.SubElement(body, "termEntry", id=f"{game}-{key}")
        for language in [code for code in CONTENT_LANGUAGES if code in by_language]:
            lang_set = ET.SubElement(entry, "langSet", {XML_LANG: bcp47(language)})
            definition = definitions.get(language, {}).get(by_language[language][0].casefold())
            if definition:
                ET.SubElement(lang_set, "descrip", type="definition").text = xml_text(definition)
            for index, form in enumerate(by_language[language]):
                tig = ET.SubElement(lang_set, "tig")
                ET.SubElement(tig, "term").text = xml_text(form)
                ET.SubElement(tig, "termNote", type="administrativeStatus").text = (
                    "preferredTerm-admn-sts" if index == 0 else "admittedTerm-admn-sts"
                )
    ET.indent(root)
    return (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b'<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">\n'
        + ET.tostring(root, encoding="utf-8", xml_declaration=False)
    )


def _cell(text: str) -> str:
    # OWASP's advice against formula injection: a leading apostrophe makes it text. Leading whitespace is
    # looked past too: an import that trims cells (a spreadsheet's option) would make " =1+1" a formula.
    return "'" + text if text.startswith(FORMULA_START) or text.lstrip().startswith(FORMULA_START) else text


def csv_document(table: SideBySide) -> str:
    """The side-by-side rows as CSV: kind, concept, then number and text per edition."""
    out = io.StringIO()
    writer = csv.writer(out)
    header = ["kind", "concept"]
    for edition in table.columns:
        header += [f"{edition_key(edition)} number", f"{edition_key(edition)} text"]
    writer.writerow(header)
    for row in table.rows:
        line = [row.kind, str(row.key)]
        for cell in row.cells:
            line += [cell.entry.number, _cell(segment(cell.entry))] if cell.entry else ["", ""]
        writer.writerow(line)
        for index, examples in enumerate(row.examples, start=1):
            line = [f"example {index}", str(row.key)]
            for example_cell, cell in zip(examples, row.cells, strict=True):
                if example_cell.example is None:
                    line += ["", ""]
                else:
                    line += [cell.entry.number, _cell(example_cell.example.text)]
            writer.writerow(line)
    return out.getvalue()
