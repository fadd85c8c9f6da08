"""Reading source files: every encoding an official file comes in; binary files refused."""

import codecs
import hashlib

import pytest

from rulesref.rules.parsers import ParseError, read_source

TEXT = "Magic: The Gathering Comprehensive Rules\r\n\r\n100.1. “Quoted” — 防御力, 규칙, здоровье.\r\n"


@pytest.mark.parametrize(
    "mark, codec, encoding",
    [
        (codecs.BOM_UTF8, "utf-8", "UTF-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16 (little-endian)"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16 (big-endian)"),
        (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32 (little-endian)"),
        (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32 (big-endian)"),
    ],
)
def test_a_byte_order_mark_names_the_encoding(tmp_path, mark, codec, encoding):
    data = mark + TEXT.encode(codec)
    path = tmp_path / "rules.txt"
    path.write_bytes(data)
    source = read_source(path)
    assert (source.text, source.encoding) == (TEXT, encoding)
    assert source.lines == ["Magic: The Gathering Comprehensive Rules", "", "100.1. “Quoted” — 防御力, 규칙, здоровье."]
    assert source.sha256 == hashlib.sha256(data).hexdigest()


def test_utf_8_without_a_mark_is_read_as_utf_8(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_bytes(TEXT.encode("utf-8"))
    assert (read_source(path).text, read_source(path).encoding) == (TEXT, "UTF-8")


@pytest.mark.parametrize(
    "data, message",
    [
        # A PNG image.
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ":3: binary file (NUL byte at offset 8), not a text rules file"),
        # UTF-16 without a byte-order mark is not guessed: its NUL bytes refuse it.
        ("100.1. Text".encode("utf-16-le"), ":1: binary file (NUL byte at offset 1), not a text rules file"),
        # A UTF-16 file cut in the middle of a character.
        (
            codecs.BOM_UTF16_BE + "100.1.\n".encode("utf-16-be") + b"\x00",
            ":2: not UTF-16 (big-endian) as its byte-order mark says: bytes at offset 16 cannot be decoded",
        ),
        (
            codecs.BOM_UTF16_LE + "100.1.\n".encode("utf-16-le") + "\x00\x01".encode("utf-16-le"),
            ":2: binary file (NUL character in its UTF-16 (little-endian) text), not a text rules file",
        ),
        (codecs.BOM_UTF16_BE, ": the file is empty"),
        (codecs.BOM_UTF32_LE + " \n".encode("utf-32-le"), ": the file is empty"),
    ],
)
def test_bad_files_are_refused_with_file_line_and_reason(tmp_path, data, message):
    path = tmp_path / "rules.txt"
    path.write_bytes(data)
    with pytest.raises(ParseError) as error:
        read_source(path)
    assert str(error.value) == f"{path}{message}"


# The archive's older encodings ---------------------------------------------------------------------


def test_windows_1252_is_read_with_a_warning_that_counts_its_non_ascii_characters(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_bytes("Rules\r\n\r\n100.1. A player\u2019s deck\u00ae \u2026\r\n".encode("cp1252"))
    source = read_source(path)
    assert source.encoding == "Windows-1252"
    assert source.lines == ["Rules", "", "100.1. A player\u2019s deck\u00ae \u2026"]
    assert source.warnings == [
        (
            3,
            "read as Windows-1252: not UTF-8 (byte 0x92 at offset 24) but Windows-1252 text; "
            "3 characters are not ASCII (®’…)",
        )
    ]


def test_the_dos_code_page_is_told_from_windows_1252_by_the_letters_inside_words(tmp_path):
    """The 2013 files print the Arabian Nights names in code page 437: Dand\\x83n is Dandân, not Dandƒn."""
    path = tmp_path / "rules.txt"
    path.write_bytes(b"100.1. Dand\x83n, Junun\xa3n and Juz\xa0m, \x92ther.\n")
    source = read_source(path)
    assert (source.encoding, source.lines) == ("DOS code page 437", ["100.1. Dandân, Jununún and Juzám, Æther."])
    assert source.warnings[0][1].endswith("4 characters are not ASCII (Æáâú)")


@pytest.mark.parametrize(
    "data, message",
    [
        # 0x81 is undefined in Windows-1252.
        (b"100.1. Rule\x81.\n", ":1: not UTF-8: byte 0x81 at offset 11 cannot be decoded"),
        # A control character (ESC) is not text.
        (b"100.1. Rule\x92s.\n\x1b[0m\n", ":1: not UTF-8: byte 0x92 at offset 11 cannot be decoded"),
    ],
)
def test_bytes_that_are_neither_utf_8_nor_windows_1252_are_refused(tmp_path, data, message):
    path = tmp_path / "rules.txt"
    path.write_bytes(data)
    with pytest.raises(ParseError) as error:
        read_source(path)
    assert str(error.value) == f"{path}{message}"


def damage(text: str) -> bytes:
    """What happened to the archive's 2016-08-26 file: its UTF-16 LE bytes read as UTF-8 (each bad byte
    U+FFFD), each CR read as a line break, trailing spaces stripped, written back as UTF-8."""
    chars = (codecs.BOM_UTF16_LE + text.encode("utf-16-le")).decode("utf-8", "replace")
    lines = chars.replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip(" ") for line in lines).encode("utf-8")


def test_a_damaged_utf_16_file_is_read_with_a_warning_that_names_what_was_lost(tmp_path):
    path = tmp_path / "rules.txt"
    # ® and â lost a byte (AE 00, E2 00); ’ “ ” … did not (19 20, 1C 20, 1D 20, 26 20), but the ” and the …
    # at a line's end lost their 0x20 as a trailing space.
    text = "Magic\u00ae Rules\r\n\r\n100.1. A \u201cdeck\u201d\r\n100.2. Dand\u00e2n\u2019s \u2026\r\n"
    path.write_bytes(damage(text))
    source = read_source(path)
    assert source.encoding == "UTF-16 (little-endian)"
    assert source.lines == ["Magic\ufffd Rules", "", "100.1. A \u201cdeck\u201d", "100.2. Dand\ufffdn\u2019s \u2026"]
    assert source.warnings == [
        (
            1,
            "damaged UTF-16 (little-endian): its byte-order mark and every non-ASCII character had been replaced "
            "by U+FFFD; 2 characters are lost (lines 1, 4) and read as U+FFFD; 2 line ends that had lost a byte "
            "were restored; its CR LF line ends, turned into two line feeds, were restored",
        )
    ]


def test_lone_carriage_returns_end_lines(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_bytes(b"Rules\r\r100.1. One.\r100.2. Two.\r")
    assert read_source(path).lines == ["Rules", "", "100.1. One.", "100.2. Two."]


def test_an_encoding_warning_reaches_the_parse_report(tmp_path):
    from rulesref.rules.parsers import parse_file
    from tests.synthetic import small_cr

    path = tmp_path / "rules.txt"
    path.write_bytes(small_cr("2015-01-23", [("100.1", "A player\u2019s deck.")]).encode("cp1252"))
    result = parse_file(path)
    assert [(w.line, w.message[:24]) for w in result.report.warnings][:1] == [(20, "read as Windows-1252: no")]
    assert result.entries[-1].text == "A player\u2019s deck."


def test_replacement_characters_printed_in_a_file_are_counted_with_their_lines(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text("Rules\n\n100.1. Who\ufffdve moved on.\n100.2. None.\n100.3. It\ufffds the owner\ufffds.\n")
    source = read_source(path)
    assert source.encoding == "UTF-8"
    assert source.text.count("\ufffd") == 3
    assert source.warnings == [
        (
            3,
            "3 characters are U+FFFD, the replacement character: what they were was lost before this file was "
            "written (lines 3, 5)",
        )
    ]
