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
