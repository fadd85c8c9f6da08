"""Reading a source file into numbered lines, with clear errors for bad input.

Official files come in more than one encoding: UTF-8 (with or without a byte-order mark) and,
for some editions, UTF-16 (big- or little-endian) with a byte-order mark. UTF-16 and UTF-32 are
recognised by their byte-order marks only; without one, their NUL bytes make them look like
the binary files they are refused as.
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from .base import ParseError

LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
BOM = "\ufeff"
PDF_MAGIC = b"%PDF-"
# Byte-order marks and what they announce; UTF-32 LE's mark starts with UTF-16 LE's, so it is
# tried first.
BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32 (little-endian)"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32 (big-endian)"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16 (little-endian)"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16 (big-endian)"),
)


@dataclass
class SourceText:
    """A decoded source: its path, raw bytes' sha256 and its lines (1-based)."""

    path: str
    text: str
    sha256: str
    # How the bytes were read: "UTF-8", "UTF-16 (big-endian)", …, or "PDF".
    encoding: str = "UTF-8"
    # "text", or "pdf" for a PDF (a ``pdf.PdfSource``): its bytes are in ``data`` and ``text``
    # is its text layer's lines, read when first asked for.
    kind: str = "text"
    data: bytes = b""

    @property
    def lines(self) -> list[str]:
        lines = LINE_BREAK_RE.split(self.text)
        # A final line break does not start another line.
        if lines and lines[-1] == "":
            lines.pop()
        return lines

    def numbered(self) -> list[tuple[int, str]]:
        return list(enumerate(self.lines, start=1))

    @classmethod
    def from_string(cls, text: str, path: str = "<string>") -> SourceText:
        data = text.encode("utf-8")
        return cls(path=path, text=text.removeprefix(BOM), sha256=hashlib.sha256(data).hexdigest())


def read_source(path: str | Path) -> SourceText:
    """Read a text file in UTF-8, or in UTF-16/UTF-32 with a byte-order mark (``.gz``:
    decompressed first); refuse directories, empty, binary and undecodable files.

    A PDF (its bytes start with ``%PDF-``) is returned undecoded, as a ``pdf.PdfSource``
    (``kind="pdf"``) whose text layer is read only when its text is first asked for: a PDF
    imported again from the same bytes is answered from its sha256 without reading it. The
    sha256 is that of the text's bytes, so a file and its gzip copy are the same source.
    """
    path = Path(path)
    name = str(path)
    if not path.exists():
        raise ParseError("no such file", path=name)
    if path.is_dir():
        raise ParseError("is a directory, not a rules file", path=name)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ParseError(f"cannot be read ({error.strerror})", path=name) from error
    if path.suffix == ".gz":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise ParseError(f"not a readable gzip file ({error})", path=name) from error
    if not data.strip():
        raise ParseError("the file is empty", path=name)
    if is_pdf(data):
        from .pdf import PdfSource  # pdf.py reads SourceText from here

        return PdfSource(path=name, data=data, sha256=hashlib.sha256(data).hexdigest())
    text, encoding = decode(data, name)
    if not text.strip():
        raise ParseError("the file is empty", path=name)
    return SourceText(path=name, text=text, sha256=hashlib.sha256(data).hexdigest(), encoding=encoding)


def is_pdf(data: bytes) -> bool:
    """Whether ``data`` is a PDF: it starts with ``%PDF-`` (after any whitespace)."""
    return data.lstrip()[: len(PDF_MAGIC)] == PDF_MAGIC


def decode(data: bytes, name: str) -> tuple[str, str]:
    """The text of ``data`` and the name of its encoding, read from its byte-order mark (UTF-8
    without one); the mark is not part of the text."""
    codec, encoding, start = "utf-8", "UTF-8", 0
    for mark, mark_codec, mark_encoding in BYTE_ORDER_MARKS:
        if data.startswith(mark):
            codec, encoding, start = mark_codec, mark_encoding, len(mark)
            break
    if codec == "utf-8" and b"\x00" in data:
        offset = data.index(b"\x00")
        line = data.count(b"\n", 0, offset) + 1
        raise ParseError(f"binary file (NUL byte at offset {offset}), not a text rules file", path=name, line=line)
    try:
        text = data[start:].decode(codec)
    except UnicodeDecodeError as error:
        offset = start + error.start
        line = len(LINE_BREAK_RE.split(data[start:offset].decode(codec, "replace")))
        if codec == "utf-8":
            reason = f"not UTF-8: byte 0x{data[offset]:02x} at offset {offset} cannot be decoded"
        else:
            reason = f"not {encoding} as its byte-order mark says: bytes at offset {offset} cannot be decoded"
        raise ParseError(reason, path=name, line=line) from error
    if "\x00" in text:
        offset = text.index("\x00")
        line = len(LINE_BREAK_RE.split(text[:offset]))
        raise ParseError(
            f"binary file (NUL character in its {encoding} text), not a text rules file", path=name, line=line
        )
    return text, encoding
