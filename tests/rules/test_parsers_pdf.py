"""The pdf format: a PDF's text layer as layout-kept lines, the publisher's colour marks, and
one-line errors for PDFs that cannot be read as a rulebook.

Small PDFs are written by the tests (``pdf_files``); the publisher's Lorcana PDFs come from the
corpora, and what the tests expect of them is computed with pdfplumber, a second reader of the
same files, not with the parser under test.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import re
from dataclasses import dataclass

import pytest

from rulesref.rules.parsers import ParseError, parse_source, read_source, rulebook_layout
from rulesref.rules.parsers import pdf as pdf_format
from rulesref.rules.parsers.base import finish
from rulesref.rules.parsers.source import SourceText
from tests.conftest import corpus_file

from .pdf_files import Image, Link, Text, encrypted, pdf_bytes

SAPPHIRE = (0.0, 0.511, 0.775)
AMBER = (0.958, 0.575, 0.0)
LINK_BLUE = (0.068, 0.297, 0.599)
BODY = (0.112, 0.111, 0.1)
LANGUAGES = ("en", "de", "fr")


def body_lines(y: float, count: int, x: float = 72) -> list[Text]:
    """``count`` lines of plain body text from ``y`` down, so that black is the body colour."""
    return [Text(x, y - 16 * index, f"Plain body text line {index} of the page.") for index in range(count)]


def extract(pages) -> pdf_format.PdfText:
    return pdf_format.extract("book.pdf", pdf_bytes(pages))


# Reading a PDF ---------------------------------------------------------------------------------


def test_read_source_returns_a_pdf_undecoded_with_the_sha256_of_its_bytes(tmp_path):
    data = pdf_bytes([[Text(72, 700, "1. CONCEPTS")]])
    path = tmp_path / "book.pdf"
    path.write_bytes(data)
    source = read_source(path)
    assert (source.kind, source.encoding, source.data) == ("pdf", "PDF", data)
    assert source.sha256 == hashlib.sha256(data).hexdigest()
    # Its text is the text layer's lines, read when first asked for (the guesses of quickstart read it).
    assert "text" not in vars(source)
    assert source.text == "1. CONCEPTS"


def test_a_pdf_named_txt_is_still_read_as_a_pdf_by_its_magic_bytes(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_bytes(pdf_bytes([[Text(72, 700, "1. CONCEPTS")]]))
    assert read_source(path).kind == "pdf"


def test_a_text_file_is_still_text(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text("1. CONCEPTS\n")
    assert read_source(path).kind == "text"


def test_lines_are_numbered_over_the_whole_document_with_their_pages():
    text = extract(
        [
            [Text(72, 700, "1. CONCEPTS", 14), Text(90, 680, "1.1. General"), Text(108, 664, "1.1.1. A rule.")],
            [Text(108, 700, "1.1.2. Another rule."), Text(72, 600, "disneylorcana.com")],
        ]
    )
    assert [(line.number, line.page, line.text) for line in text.lines] == [
        (1, 1, "1. CONCEPTS"),
        (2, 1, "   1.1. General"),
        (3, 1, "     1.1.1. A rule."),
        (4, 2, "     1.1.2. Another rule."),
        # A gap of more than one and a half lines is a blank line, as a text extract has it.
        (5, 2, ""),
        (6, 2, "disneylorcana.com"),
    ]


def test_a_wrapped_line_is_indented_deeper_than_its_number_and_words_keep_single_spaces():
    text = extract(
        [
            [
                Text(72, 716, "1. CONCEPTS"),
                Text(108, 700, "1.1.1. The first line of a rule that"),
                Text(144, 684, "wraps onto a second."),
            ]
        ]
    )
    first, second = (line.text for line in text.lines[1:])
    assert first == "     1.1.1. The first line of a rule that"
    assert len(second) - len(second.lstrip()) > len(first) - len(first.lstrip())
    assert second.strip() == "wraps onto a second."


def test_two_columns_on_one_line_stay_on_one_line_with_a_gap_between_them():
    text = extract([[Text(72, 700, "1. CONCEPTS"), Text(320, 700, "5. CONDITIONS")]])
    (line,) = text.lines
    left, right = line.text.split("  ", 1)
    assert (left, right.strip()) == ("1. CONCEPTS", "5. CONDITIONS")


# The publisher's colour marks ------------------------------------------------------------------


def test_text_in_the_update_colour_marks_its_line_as_changed():
    text = extract(
        [
            [
                *body_lines(700, 6),
                Text(72, 580, "1.1.2. A rule the publisher changed.", colour=SAPPHIRE),
                Text(72, 564, "1.1.3. A rule that moved.", colour=AMBER),
            ]
        ]
    )
    assert text.body_colour == (0.0, 0.0, 0.0)
    assert text.mark_colours == [SAPPHIRE, AMBER]
    assert sorted(text.changed) == [line.number for line in text.lines if line.text.lstrip().startswith("1.1.")]


def test_one_coloured_word_in_a_line_marks_it_and_a_coloured_comma_does_not():
    text = extract(
        [
            [
                *body_lines(700, 6),
                Text(72, 580, "A card is considered"),
                Text(190, 580, "to be", colour=SAPPHIRE),
                Text(72, 564, "A line with a coloured comma"),
                Text(250, 564, ",", colour=SAPPHIRE),
            ]
        ]
    )
    changed = {" ".join(line.text.split()): line.changed for line in text.lines if line.text}
    assert changed["A card is considered to be"] is True
    assert changed["A line with a coloured comma ,"] is False


def test_link_text_headings_in_a_brand_colour_and_greys_are_not_marks():
    text = extract(
        [
            [
                Text(72, 740, "THE BRAND HEADING", 20, colour=(0.8, 0.1, 0.1)),
                *body_lines(700, 8),
                Text(72, 560, "Watch the videos here", colour=LINK_BLUE),
                Link(70, 555, 200, 575),
                Text(72, 540, "A grey line of example text", colour=(0.5, 0.5, 0.5)),
            ]
        ]
    )
    assert text.changed == set()
    assert text.mark_colours == []


# Errors: one line naming the file and the reason -----------------------------------------------

RULEBOOK = [[Text(72, 700, "1. CONCEPTS"), Text(90, 680, "1.1. General"), Text(108, 664, "1.1.1. A rule.")]]


def error_of(data: bytes, tmp_path) -> str:
    path = tmp_path / "book.pdf"
    path.write_bytes(data)
    with pytest.raises(ParseError) as caught:
        parse_source(read_source(path))
    message = str(caught.value)
    assert "\n" not in message
    return message.replace(str(tmp_path), "DIR")


def test_an_encrypted_pdf_is_refused_naming_the_file(tmp_path):
    data = encrypted(pdf_bytes(RULEBOOK), user_password="secret")
    assert error_of(data, tmp_path) == "DIR/book.pdf: encrypted PDF: it needs a password to open"


def test_a_pdf_encrypted_without_an_open_password_is_read_as_every_reader_does():
    data = encrypted(pdf_bytes(RULEBOOK), user_password="")
    assert [line.text for line in pdf_format.extract("book.pdf", data).lines] == [
        "1. CONCEPTS",
        "   1.1. General",
        "     1.1.1. A rule.",
    ]


def test_a_scanned_pdf_without_a_text_layer_is_refused(tmp_path):
    data = pdf_bytes([[Image(36, 36, 540, 720)], [Image(36, 36, 540, 720)]])
    assert error_of(data, tmp_path) == "DIR/book.pdf: no text layer (a scanned PDF?)"


def test_a_pdf_of_empty_pages_is_refused(tmp_path):
    assert error_of(pdf_bytes([[], []]), tmp_path) == "DIR/book.pdf: no text: its 2 page(s) are empty"


def test_a_damaged_pdf_is_refused(tmp_path):
    data = pdf_bytes(RULEBOOK)
    assert error_of(data[:300], tmp_path).startswith("DIR/book.pdf: damaged PDF (")
    assert error_of(b"%PDF-1.4\nnothing else\n", tmp_path) == (
        "DIR/book.pdf: damaged PDF (PDFSyntaxError: No /Root object! - Is this really a PDF?)"
    )


@pytest.mark.parametrize("format", ["cr-text", "rulebook-layout"])
def test_a_pdf_forced_into_a_text_format_is_refused(tmp_path, format):
    path = tmp_path / "book.pdf"
    path.write_bytes(pdf_bytes(RULEBOOK))
    with pytest.raises(ParseError) as caught:
        parse_source(read_source(path), format=format)
    assert str(caught.value) == f"{path}: a PDF, read by the 'pdf' format, not {format!r}"


def test_a_text_file_forced_into_the_pdf_format_is_refused(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text("1. CONCEPTS\n")
    with pytest.raises(ParseError) as caught:
        parse_source(read_source(path), format="pdf")
    assert str(caught.value) == f"{path}: the file does not look like the 'pdf' format"


# The publisher's Lorcana PDFs ------------------------------------------------------------------


@functools.cache
def lorcana(lang: str) -> pdf_format.PdfText:
    path = corpus_file(f"lorcana_cr_{lang}_20251031.pdf")
    return pdf_format.extract(str(path), path.read_bytes())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lorcana_pdfs_print_the_body_near_black_and_updates_in_sapphire_and_amber(lang):
    text = lorcana(lang)
    assert text.body_colour == BODY
    # "Text that is new or changed is in Sapphire. Text that has been moved is in Amber."; the
    # links' darker blue ("here", "Resources page") is not a mark.
    assert text.mark_colours == [SAPPHIRE, AMBER]
    assert set(text.colours) == {BODY, SAPPHIRE, AMBER, LINK_BLUE}


# Per language: the glossary heading, the update summary's heading and the previous summary's.
HEADINGS = {
    "en": ("GLOSSARY", "UPDATE SUMMARY", "PREVIOUS UPDATE SUMMARY"),
    "de": ("GLOSSAR", "UPDATE-ZUSAMMENFASSUNG", "ZUSAMMENFASSUNG DER VORHERIGEN AKTUALISIERUNG"),
    "fr": ("GLOSSAIRE", "RÉSUMÉ DES MISES À JOUR", "RÉSUMÉ DES PRÉCÉDENTES MISES À JOUR"),
}
NUMBER_RE = re.compile(r"^(\d+(?:\.\d+)*)\.(?!\d)\s*\S")
LISTED_RE = re.compile(r"^◊\s*(\d+(?:\.\d+)+)\.?(?:\s*[–-]\s*(\d+(?:\.\d+)+)\.?)?\s")


@dataclass
class Plumbed:
    """What pdfplumber reads in a PDF, computed without the parser under test."""

    words: collections.Counter  # every word of the text layer
    changed_lines: collections.Counter  # page → lines (pdfplumber's) with 3+ coloured characters
    numbers: list[str]  # the numbers at the start of the rules' lines, in order
    marked: set[str]  # numbers of the rules with a coloured line (their own, wrapped or example)
    listed: set[str]  # numbers the update summary names, ranges expanded
    layout_text: str  # pdfplumber's own layout-kept text


def expand(first: str, last: str | None) -> list[str]:
    """``8.2.4``–``8.2.4.1`` is both; ``10.10.3``–``10.10.6`` is four rules."""
    if last is None:
        return [first]
    if last.startswith(first + "."):
        return [first, last]
    stem, start = first.rsplit(".", 1)
    return [f"{stem}.{n}" for n in range(int(start), int(last.rsplit(".", 1)[1]) + 1)]


@functools.cache
def plumbed(lang: str) -> Plumbed:
    import pdfplumber

    glossary, summary, previous = HEADINGS[lang]
    words, changed_lines = collections.Counter(), collections.Counter()
    lines: list[tuple[str, float, bool]] = []  # (text, left edge, holds 3+ coloured characters)
    layout = []
    with pdfplumber.open(corpus_file(f"lorcana_cr_{lang}_20251031.pdf")) as document:
        for number, page in enumerate(document.pages, start=1):
            if lang == "en":
                layout.append(page.extract_text(layout=True))
            links = page.hyperlinks
            for line in page.extract_text_lines(return_chars=True):
                words.update(line["text"].split())
                coloured = [
                    char
                    for char in line["chars"]
                    if char["non_stroking_color"] in (SAPPHIRE, AMBER)
                    and not char["text"].isspace()
                    and not any(
                        link["x0"] <= char["x0"] <= link["x1"] and link["top"] <= char["top"] <= link["bottom"]
                        for link in links
                    )
                ]
                changed_lines[number] += len(coloured) >= 3
                lines.append((line["text"], round(line["x0"]), len(coloured) >= 3))
    texts = [text for text, _, _ in lines]
    first_rule = next(i for i, text in enumerate(texts) if text.startswith("1.1.1. "))
    body = max(i for i in range(first_rule) if re.match(r"1\.\s", texts[i]))
    end = texts.index(glossary, body)
    # A number starts an entry where numbers of its depth start (a wrapped line can begin with a
    # cited number, "6.5. „Orte“)", further right): the most common left edge per depth.
    edges = collections.defaultdict(collections.Counter)
    for text, left, _ in lines[body:end]:
        if match := NUMBER_RE.match(text):
            edges[match[1].count(".")][left] += 1
    numbers, marked, current = [], set(), None
    for text, left, coloured in lines[body:end]:
        match = NUMBER_RE.match(text)
        if match and abs(left - edges[match[1].count(".")].most_common(1)[0][0]) <= 2:
            current = match[1]
            numbers.append(current)
        if coloured and current:
            marked.add(current)
    # The summary names rules in a list ("◊ 8.2.4.–8.2.4.1. Added rules …") and quotes the new
    # sections whole, under their headings ("5.1. General").
    start = texts.index(summary, end)
    listed = set()
    for text in texts[start : texts.index(previous, start)]:
        if match := LISTED_RE.match(text):
            listed.update(expand(match[1], match[2]))
        elif (match := NUMBER_RE.match(text)) and match[1].count(".") == 1:
            listed.add(match[1])
    return Plumbed(words, +changed_lines, numbers, marked, listed, "\n".join(layout))


def test_the_english_pdf_has_every_word_that_pdfplumber_reads_once_each():
    assert (
        collections.Counter(word for line in lorcana("en").lines for word in line.text.split()) == plumbed("en").words
    )


def test_the_lines_marked_changed_are_as_many_per_page_as_pdfplumber_finds_coloured():
    changed = collections.Counter(line.page for line in lorcana("en").lines if line.changed)
    assert changed == plumbed("en").changed_lines
    assert sum(changed.values()) == 127


# The whole format: the PDFs parsed ---------------------------------------------------------------


@functools.cache
def parsed(lang: str):
    return parse_source(read_source(corpus_file(f"lorcana_cr_{lang}_20251031.pdf")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_numbered_line_of_the_rules_is_an_entry_and_no_line_is_unplaced(lang):
    result = parsed(lang)
    assert result.format == "pdf"
    assert [entry.number for entry in result.entries if entry.kind != "note"] == plumbed(lang).numbers
    assert result.report.unplaced == []


def test_the_pdfs_numbers_are_the_same_in_english_german_and_french_but_a_french_rule():
    english, german, french = (plumbed(lang).numbers for lang in LANGUAGES)
    assert len(english) == 443
    assert german == english
    # The French PDF has a rule of its own, on "-ci" (7.1.9.2), after 7.1.9.1.
    at = english.index("7.1.9.1") + 1
    assert french == english[:at] + ["7.1.9.2"] + english[at:]
    assert parsed("de").counts == parsed("en").counts | {"glossary": 82, "notes": 6}
    assert parsed("fr").counts == parsed("en").counts | {"subrules": 142, "examples": 48, "glossary": 82}


def test_the_pdf_gives_the_structure_the_layout_format_gives_for_its_text():
    """The same lines as a layout-kept text file: the same entries and report; the pdf format adds
    the pages to the report's reasons and the publisher's marks to the entries."""
    text = lorcana("en")
    as_text = finish(rulebook_layout.parse(SourceText.from_string("\n".join(line.text for line in text.lines))))
    result = parsed("en")
    assert result.counts == as_text.counts
    assert [(e.kind, e.number, e.text) for e in result.entries] == [(e.kind, e.number, e.text) for e in as_text.entries]
    assert [s.line for s in result.report.skipped] == [s.line for s in as_text.report.skipped]
    # And pdfplumber's own layout-kept text of the PDF reads as the same rules and examples.
    other = finish(rulebook_layout.parse(SourceText.from_string(plumbed("en").layout_text)))
    assert other.numbers == result.numbers
    assert other.counts["examples"] == result.counts["examples"] == 47


def test_skipped_lines_name_their_page():
    result = parsed("en")
    footers = [s for s in result.report.skipped if s.text.strip() == "disneylorcana.com"]
    assert len(footers) == 48
    assert footers[0].reason.endswith(", page 1") and footers[-1].reason.endswith(", page 48")
    pages = {line.number: line.page for line in lorcana("en").lines}
    assert all(s.reason.endswith(f"page {pages[s.line]}") for s in result.report.skipped)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_printed_in_colour_are_marked_as_changed_by_the_publisher(lang):
    marked = {e.number for e in parsed(lang).entries if e.changed_by_publisher and e.kind != "note"}
    assert marked == plumbed(lang).marked
    assert len(marked) == {"en": 42, "de": 41, "fr": 42}[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_the_update_summary_names_is_marked(lang):
    marked = {e.number for e in parsed(lang).entries if e.changed_by_publisher}
    listed = plumbed(lang).listed
    assert {"5.1", "6.1.2.2", "7.7.8", "8.2.4", "8.2.4.1", "8.5.2", "10.2", "10.4", "10.10.6"} <= listed
    if lang == "de":
        # The German 6.1.2.2 was not given the new classifications (no Koloss): nothing is coloured.
        (rule,) = (e for e in parsed(lang).entries if e.number == "6.1.2.2")
        assert "Koloss" not in rule.text
        assert listed - marked == {"6.1.2.2"}
    else:
        assert listed - marked == set()
