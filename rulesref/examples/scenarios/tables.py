"""TOML reading: typed access to a scenario file's tables, each knowing its field path
(``steps[3].expect[0]``) so that an error names it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .. import expressions
from .model import ScenarioError


class Table:
    def __init__(self, path: Path, where: str, data: object):
        self.path = path
        self.where = where
        if not isinstance(data, dict):
            raise ScenarioError(path, where, f"expected a table, got {type_name(data)}")
        self.data = data
        self.used: set[str] = set()

    def error(self, key: str | None, reason: str) -> ScenarioError:
        return ScenarioError(self.path, self.field(key), reason)

    def field(self, key: str | None) -> str:
        if key is None:
            return self.where
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default=None):
        self.used.add(key)
        return self.data.get(key, default)

    def require(self, key: str):
        if key not in self.data:
            raise self.error(key, "is required")
        return self.raw(key)

    def str(self, key: str, default: str | None = None, *, required: bool = False) -> str | None:
        value = self.require(key) if required else self.raw(key, default)
        if value is not None and not isinstance(value, str):
            raise self.error(key, f"expected a string, got {type_name(value)}")
        return value

    def bool(self, key: str, default: bool = False) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {type_name(value)}")
        return value

    def int(self, key: str, default: int | None = None, *, required: bool = False, minimum: int | None = None) -> int:
        value = self.require(key) if required else self.raw(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"expected a whole number, got {type_name(value)}")
        if minimum is not None and value < minimum:
            raise self.error(key, f"must be {minimum} or more")
        return value

    def strings(self, key: str, *, choices: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = self.raw(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.error(key, "expected a list of strings")
        if choices is not None:
            for item in value:
                if item not in choices:
                    raise self.error(key, f"{item!r} is not one of {', '.join(choices)}")
        return tuple(value)

    def table(self, key: str, *, required: bool = False) -> Table | None:
        value = self.require(key) if required else self.raw(key)
        if value is None:
            return None
        return Table(self.path, self.field(key), value)

    def tables(self, key: str) -> list[Table]:
        value = self.raw(key, [])
        if isinstance(value, dict):
            value = [value]
        if not isinstance(value, list):
            raise self.error(key, f"expected a list of tables, got {type_name(value)}")
        return [Table(self.path, f"{self.field(key)}[{n}]", item) for n, item in enumerate(value)]

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise self.error(unknown[0], "unknown field (a typo?)")


def type_name(value: object) -> str:
    return {
        str: "a string",
        int: "a number",
        float: "a number",
        bool: "true/false",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)


def interpolated(table: Table, data: object, params: dict[str, object]) -> object:
    try:
        return expressions.interpolate(data, params)
    except expressions.ExpressionError as error:
        raise table.error(None, str(error)) from None


# -- reading the file, and where each field is written ------------------------------------------

TOML_POSITION_RE = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def read_toml(path: Path) -> tuple[str, dict]:
    """The file's text and its data; a file that is missing, not UTF-8 or not TOML is a
    ScenarioError naming the line (tomllib's own message says where, as "at line 3, column 7")."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(path, "", "no such file") from None
    except UnicodeDecodeError as error:
        raise ScenarioError(path, "", f"not UTF-8 ({error.reason} at byte {error.start})") from None
    except OSError as error:  # a folder named *.toml, a file nobody may read, a broken link
        raise ScenarioError(path, "", f"cannot be read ({error.strerror or error})") from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        position = TOML_POSITION_RE.search(message)
        if position is None:
            raise ScenarioError(path, "", f"not valid TOML: {message}") from None
        line, column = position.groups()
        reason = f"not valid TOML: {message[: position.start()]} (column {column})"
        raise ScenarioError(path, "", reason, line=int(line)) from None


_BARE_OR_QUOTED = r"""(?:[A-Za-z0-9_+-]+|"[^"]*"|'[^']*')"""
HEADER_RE = re.compile(rf"^\s*(\[\[?)\s*({_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*)\s*\]\]?\s*(?:#.*)?$")
KEY_RE = re.compile(rf"^\s*({_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*)\s*=")
PART_RE = re.compile(r"""[A-Za-z0-9_+-]+|"([^"]*)"|'([^']*)'""")
STRING_RE = re.compile(r""""(?:[^"\\]|\\.)*"|'[^']*'""")


def key_parts(text: str) -> list[str]:
    parts = []
    for match in PART_RE.finditer(text):
        double, single = match.groups()
        parts.append(double if double is not None else single if single is not None else match.group(0))
    return parts


def field_lines(text: str) -> dict[str, int]:
    """Where each field is written: field path (as :class:`Table` names it, ``steps[3].expect[0].pt``)
    → line number. Table headers, ``key = value`` lines, and the inline tables of an array written one
    per line (``place = [`` then ``{ card = … },``). tomllib keeps no positions, and no maintained
    TOML reader on PyPI reports a key's line; this reads only the layout, never a value."""
    lines: dict[str, int] = {}
    arrays: set[str] = set()  # dotted names of the arrays of tables seen so far
    counts: dict[str, int] = {}  # an array of tables (its path) → how many tables it has so far
    current = ""
    inline: tuple[str, int] | None = None  # an array of inline tables being read: its path, how many so far
    depth = 0
    multiline = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if multiline:
            if line.count(multiline) % 2:
                multiline = ""
            continue
        bare = STRING_RE.sub('""', line).split("#", 1)[0]
        if inline is not None:
            if line.lstrip().startswith("{"):
                path, count = inline
                lines.setdefault(f"{path}[{count}]", number)
                inline = (path, count + 1)
            depth += bare.count("[") - bare.count("]")
            if depth <= 0:
                inline = None
            continue
        key = KEY_RE.match(line)
        header = None if key else HEADER_RE.match(line)
        if header:
            current = ""
            parts = key_parts(header.group(2))
            for position, part in enumerate(parts):
                current = f"{current}.{part}" if current else part
                dotted = ".".join(parts[: position + 1])
                if position == len(parts) - 1 and header.group(1) == "[[":
                    arrays.add(dotted)
                    index = counts.get(current, 0)
                    counts[current] = index + 1
                    current = f"{current}[{index}]"
                elif dotted in arrays and current in counts:
                    current = f"{current}[{counts[current] - 1}]"
            lines.setdefault(current, number)
        elif key:
            path = ".".join(([current] if current else []) + key_parts(key.group(1)))
            lines.setdefault(path, number)
            rest = line[key.end() :]
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2:
                    multiline = quote
            value = STRING_RE.sub('""', rest).split("#", 1)[0]
            depth = value.count("[") - value.count("]")
            if depth > 0:
                inline = (path, 0)
    return lines
