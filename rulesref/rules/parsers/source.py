"""Reading a source file into numbered lines, with clear errors for bad input."""

from __future__ import annotations

import gzip
import hashlib
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from .base import ParseError

LINE_BREAK_RE = re.compile(r"\r\n|\r|\n")
BOM = "\ufeff"


@dataclass
class SourceText:
    """A decoded source: its path, raw bytes' sha256 and its lines (1-based)."""

    path: str
    text: str
    sha256: str

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
    """Read a UTF-8 text file (``.gz``: decompressed first); refuse directories, empty,
    binary and non-UTF-8 files.

    The sha256 is that of the text's bytes, so a file and its gzip copy are the same source.
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
    if b"\x00" in data:
        offset = data.index(b"\x00")
        line = data.count(b"\n", 0, offset) + 1
        raise ParseError(f"binary file (NUL byte at offset {offset}), not a text rules file", path=name, line=line)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = len(LINE_BREAK_RE.split(data[: error.start].decode("utf-8", "replace")))
        raise ParseError(
            f"not UTF-8: byte 0x{data[error.start]:02x} at offset {error.start} cannot be decoded",
            path=name,
            line=line,
        ) from error
    return SourceText(path=name, text=text.removeprefix(BOM), sha256=hashlib.sha256(data).hexdigest())
