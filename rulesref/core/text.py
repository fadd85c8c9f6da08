"""Text from outside (command arguments, file names) that cannot be stored or printed is refused.

Python turns bytes that are not UTF-8 in a command-line argument or a file name into lone surrogates
(``\\udcff`` for the byte 0xff); such a string raises ``UnicodeEncodeError`` the moment it is printed,
written to the database or handed to a tokenizer. Commands check what they are given here, at the
edge, and answer one line naming the argument instead.
"""

from __future__ import annotations


class InvalidText(ValueError):
    """``str()`` is one line naming what was given, shown with the bad part escaped, and why."""


def printable(value: str) -> str:
    """``value`` quoted, with lone surrogates and control characters escaped (always encodable)."""
    shown = []
    for char in value:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            shown.append(f"\\x{code - 0xDC00:02x}")  # a byte that was not UTF-8
        elif 0xD800 <= code <= 0xDFFF or code < 0x20 or code == 0x7F:
            shown.append(char.encode("unicode_escape").decode("ascii"))
        else:
            shown.append(char)
    return "'" + "".join(shown).replace("'", "\\'") + "'"


def check_text(value: str | None, *, what: str) -> str | None:
    """Return ``value`` unchanged when it is valid text; raise :class:`InvalidText` otherwise."""
    if value is None:
        return None
    for position, char in enumerate(value):
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            reason = f"byte 0x{code - 0xDC00:02x} at position {position} is not UTF-8"
        elif 0xD800 <= code <= 0xDFFF:
            reason = f"lone surrogate U+{code:04X} at position {position}"
        elif char == "\x00":
            reason = f"NUL character at position {position}"
        else:
            continue
        raise InvalidText(f"{what} {printable(value)} is not valid text: {reason}")
    return value
