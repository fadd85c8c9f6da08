"""Reading a source file into numbered lines, with clear errors for bad input.

Official files come in more than one encoding: UTF-8 (with or without a byte-order mark) and,
for some editions, UTF-16 (big- or little-endian) with a byte-order mark. UTF-16 and UTF-32 are
recognised by their byte-order marks only; without one, their NUL bytes make them look like
the binary files they are refused as.

Two shapes of older files are read with a warning (``SourceText.warnings``, which the parse
report carries to the import report):

- **Windows-1252** (the Comprehensive Rules of 2013–2019 and 2022-10: ``’`` is byte 0x92): bytes
  that are not UTF-8 but are Windows-1252 text, that is none of its five undefined bytes (0x81,
  0x8D, 0x8F, 0x90, 0x9D) and no control character but tab, CR and LF. The warning says how
  many characters are not ASCII, for a reader to check.
- **Damaged UTF-16** (2016-08-26): a UTF-16 file that was once read as UTF-8 and written back,
  so that every byte of 0x80 and above (the byte-order mark's two, and one of each non-ASCII
  character's) became U+FFFD, and a space byte (0x20) before each line feed byte was
  stripped as trailing space. It starts with two U+FFFD (the mark) followed by UTF-16 text.
  Each U+FFFD stands for exactly one lost byte, so the UTF-16 code units are rebuilt; a code
  unit that lost a byte is the character U+FFFD in the text, and the warning names how many
  and their first lines. A line whose bytes are odd in number lost the 0x20 of its last code
  unit (``”`` is 1D 20 in UTF-16 LE): it is put back.
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
import re
import zlib
from dataclasses import dataclass, field
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
    # What reading the bytes had to guess or could not restore: (line, message), for the report.
    warnings: list[tuple[int, str]] = field(default_factory=list)
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
    warnings: list[tuple[int, str]] = []
    text, encoding = decode(data, name, warnings=warnings)
    if not text.strip():
        raise ParseError("the file is empty", path=name)
    if REPLACEMENT in text and not warnings:
        warnings.append(_replaced_warning(text))
    return SourceText(
        path=name, text=text, sha256=hashlib.sha256(data).hexdigest(), encoding=encoding, warnings=warnings
    )


def is_pdf(data: bytes) -> bool:
    """Whether ``data`` is a PDF: it starts with ``%PDF-`` (after any whitespace)."""
    return data.lstrip()[: len(PDF_MAGIC)] == PDF_MAGIC


def decode(data: bytes, name: str, *, warnings: list[tuple[int, str]] | None = None) -> tuple[str, str]:
    """The text of ``data`` and the name of its encoding, read from its byte-order mark (UTF-8
    without one); the mark is not part of the text. Windows-1252 and damaged UTF-16 (see the
    module's docstring) are read too, with a warning appended to ``warnings``."""
    warnings = warnings if warnings is not None else []
    codec, encoding, start = "utf-8", "UTF-8", 0
    for mark, mark_codec, mark_encoding in BYTE_ORDER_MARKS:
        if data.startswith(mark):
            codec, encoding, start = mark_codec, mark_encoding, len(mark)
            break
    if codec == "utf-8" and data.startswith(DAMAGED_MARK):
        repaired = damaged_utf16(data)
        if repaired is not None:
            text, encoding, warning = repaired
            warnings.append(warning)
            return text, encoding
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
            read = single_byte(data)
            if read is not None:
                text, encoding = read
                warnings.append(_single_byte_warning(text, encoding, data[offset], offset, line))
                return text, encoding
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


# ---------------------------------------------------------------------------
# Windows-1252 (and DOS code page 437)

WINDOWS_1252 = "Windows-1252"
DOS_437 = "DOS code page 437"
IN_WORD_PUNCTUATION = "‘’–—"
IN_WORD_RE = re.compile(rb"(?<=[A-Za-z])([\x80-\xff])(?=[A-Za-z])")
# The five bytes Windows-1252 leaves undefined, and the control characters a text file has no use for.
CP1252_UNDEFINED = frozenset(b"\x81\x8d\x8f\x90\x9d")
CP1252_CONTROLS = frozenset(range(0x20)) - frozenset(b"\t\r\n")


def single_byte(data: bytes) -> tuple[str, str] | None:
    """``data`` read as Windows-1252 when it is Windows-1252 text (no undefined byte, no control
    character but tab, CR and LF), and its encoding's name; else None.

    Three files of 2013 and one of 2019 are in the DOS code page 437 instead (the Arabian Nights
    names: ``Dand\x83n`` is Dandân there, "Dandƒn" in Windows-1252): a byte between two letters
    read as a letter in code page 437 counts for it, one read as a letter, an apostrophe or a
    dash in Windows-1252 for that: 437 when it has more.
    """
    present = set(data)
    if present & CP1252_CONTROLS:
        return None
    if present & CP1252_UNDEFINED:
        return None
    text = data.decode("cp1252")
    if _in_word_letters(data, "cp437") > _in_word_letters(data, "cp1252"):
        return data.decode("cp437"), DOS_437
    return text, WINDOWS_1252


def _in_word_letters(data: bytes, codec: str) -> int:
    """How many bytes of 0x80 and above between two ASCII letters read as a letter in ``codec`` (or,
    in Windows-1252, as an apostrophe or a dash: "who’ve", "this—that")."""
    found = 0
    for match in IN_WORD_RE.finditer(data):
        char = match.group(1).decode(codec)
        found += char.isalpha() or (codec == "cp1252" and char in IN_WORD_PUNCTUATION)
    return found


def _single_byte_warning(text: str, encoding: str, byte: int, offset: int, line: int) -> tuple[int, str]:
    non_ascii = [char for char in text if ord(char) > 0x7F]
    kinds = "".join(sorted(set(non_ascii)))[:20]
    return (
        line,
        f"read as {encoding}: not UTF-8 (byte 0x{byte:02x} at offset {offset}) but {encoding} text; "
        f"{len(non_ascii)} characters are not ASCII ({kinds})",
    )


# ---------------------------------------------------------------------------
# UTF-16 that went through a UTF-8 reader

REPLACEMENT = "\ufffd"
# The byte-order mark's two bytes, each replaced by U+FFFD and written as UTF-8.
DAMAGED_MARK = (REPLACEMENT * 2).encode("utf-8")
# How many line numbers a warning names.
SHOWN_LINES = 5
LINE_FEEDS_RE = re.compile(r"\n+")


def damaged_utf16(data: bytes) -> tuple[str, str, tuple[int, str]] | None:
    """The text of a damaged UTF-16 file (see the module's docstring), its encoding's name and
    the warning that says what was lost; None when ``data`` is not of that shape."""
    try:
        chars = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    # After the mark, only ASCII bytes and U+FFFD (one lost byte each): what a UTF-8 reader leaves.
    if any(ord(char) > 0x7F and char != REPLACEMENT for char in chars):
        return None
    lost = 0x100  # a byte that was replaced: not a byte value
    body = [lost if char == REPLACEMENT else ord(char) for char in chars[2:]]
    if len(body) < 2:
        return None
    # UTF-16 text of Latin script has its NUL bytes at odd offsets (LE) or even ones (BE).
    even, odd = body[0::2].count(0), body[1::2].count(0)
    if max(even, odd) < len(body) // 4:
        return None
    little = odd > even
    line_feed = [0x0A, 0x00] if little else [0x00, 0x0A]
    units: list[int | None] = []
    repaired_ends = 0
    segment: list[int] = []
    index = 0

    def flush(segment: list[int], *, last: bool) -> int:
        """The segment's code units appended to ``units``; 1 when its odd byte was put back."""
        restored = 0
        if len(segment) % 2:
            # The high byte of its last code unit was stripped (a space byte before the line feed),
            # or, at the very end, the file's final NUL.
            segment = [*segment, 0x20 if little and not last else 0x00]
            restored = 1
        for at in range(0, len(segment), 2):
            low, high = (segment[at], segment[at + 1]) if little else (segment[at + 1], segment[at])
            units.append(None if lost in (low, high) else low | high << 8)
        return restored

    while index < len(body):
        if body[index : index + 2] == line_feed:
            repaired_ends += flush(segment, last=False)
            units.append(0x0A)
            segment = []
            index += 2
        else:
            segment.append(body[index])
            index += 1
    repaired_ends += flush(segment, last=True)
    text = "".join(REPLACEMENT if unit is None else chr(unit) for unit in units)
    try:
        # Surrogates left unpaired by a lost byte cannot be text.
        text.encode("utf-8")
    except UnicodeEncodeError:
        return None
    # Each CR was read as a line break of its own and written as LF: CR LF became two line feeds.
    # When every run of line feeds but the last is even, they were CR LF pairs.
    runs = [len(run) for run in LINE_FEEDS_RE.findall(text)]
    crlf = "\r" not in text and bool(runs) and all(n % 2 == 0 for n in runs[:-1])
    if crlf:
        text = text.replace("\n\n", "\r\n")
    lost_lines = [len(LINE_BREAK_RE.split(text[:at])) for at, char in enumerate(text) if char == REPLACEMENT]
    encoding = "UTF-16 (little-endian)" if little else "UTF-16 (big-endian)"
    shown = ", ".join(str(n) for n in sorted(set(lost_lines))[:SHOWN_LINES])
    more = " …" if len(set(lost_lines)) > SHOWN_LINES else ""
    where = f" (lines {shown}{more})" if lost_lines else ""
    restored = f"; {repaired_ends} line ends that had lost a byte were restored" if repaired_ends else ""
    if crlf:
        restored += "; its CR LF line ends, turned into two line feeds, were restored"
    message = (
        f"damaged {encoding}: its byte-order mark and every non-ASCII character had been replaced by U+FFFD; "
        f"{len(lost_lines)} characters are lost{where} and read as U+FFFD{restored}"
    )
    return text, encoding, (lost_lines[0] if lost_lines else 1, message)


def _replaced_warning(text: str) -> tuple[int, str]:
    """A text that holds U+FFFD, the replacement character, as it was written (the archive's 2005-10-01
    prints "who\ufffdve" where the other editions print "who’ve"): what those characters were is lost
    before the file was; the warning counts them and names the first lines."""
    lines = [number for number, line in enumerate(LINE_BREAK_RE.split(text), start=1) if REPLACEMENT in line]
    shown = ", ".join(str(number) for number in lines[:SHOWN_LINES]) + (" …" if len(lines) > SHOWN_LINES else "")
    return (
        lines[0],
        f"{text.count(REPLACEMENT)} characters are U+FFFD, the replacement character: what they were was lost "
        f"before this file was written (lines {shown})",
    )
