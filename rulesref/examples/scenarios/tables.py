"""TOML reading: typed access to a scenario file's tables, each knowing its field path
(``steps[3].expect[0]``) so that an error names it."""

from __future__ import annotations

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
