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

import pytest

from rulesref.rules.parsers import ParseError, parse_source, read_source
from rulesref.rules.parsers import pdf as pdf_format
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
    assert (source.kind, source.encoding, source.text, source.data) == ("pdf", "PDF", "", data)
    assert source.sha256 == hashlib.sha256(data).hexdigest()


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


def test_a_pdf_forced_into_a_text_format_is_refused(tmp_path):
    path = tmp_path / "book.pdf"
    path.write_bytes(pdf_bytes(RULEBOOK))
    with pytest.raises(ParseError, match="does not look like the 'cr-text' format"):
        parse_source(read_source(path), format="cr-text")


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


@functools.cache
def plumbed(lang: str):
    """What pdfplumber reads in the PDF: each page's words, and per page how many of its lines
    (pdfplumber's own grouping) hold three or more characters in the update colours outside links."""
    import pdfplumber

    words, changed_lines = collections.Counter(), collections.Counter()
    with pdfplumber.open(corpus_file(f"lorcana_cr_{lang}_20251031.pdf")) as document:
        for number, page in enumerate(document.pages, start=1):
            words.update(page.extract_text().split())
            links = page.hyperlinks
            for line in page.extract_text_lines(return_chars=True):
                marked = [
                    char
                    for char in line["chars"]
                    if char["non_stroking_color"] in (SAPPHIRE, AMBER)
                    and not char["text"].isspace()
                    and not any(
                        link["x0"] <= char["x0"] <= link["x1"] and link["top"] <= char["top"] <= link["bottom"]
                        for link in links
                    )
                ]
                if len(marked) >= 3:
                    changed_lines[number] += 1
    return words, changed_lines


def test_the_english_pdf_has_every_word_that_pdfplumber_reads_once_each():
    words, _ = plumbed("en")
    assert collections.Counter(word for line in lorcana("en").lines for word in line.text.split()) == words


def test_the_lines_marked_changed_are_as_many_per_page_as_pdfplumber_finds_coloured():
    _, expected = plumbed("en")
    changed = collections.Counter(line.page for line in lorcana("en").lines if line.changed)
    assert changed == expected
    assert sum(changed.values()) == 127
