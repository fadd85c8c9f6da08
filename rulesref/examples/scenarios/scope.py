"""What a scenario has declared so far while it is read (parameters, players, cards, objects,
effects), and the checks of a reference to one of them: a step may only name what exists at that
point of the file."""

from __future__ import annotations

from pathlib import Path

from .. import expressions
from .cards import DURATIONS, build_ability, build_effect
from .model import ID_RE, LANGUAGES, MAX_COUNT, Param
from .tables import Table, interpolated


class Scope:
    def __init__(self, path: Path):
        self.path = path
        self.game = ""
        self.params: dict[str, Param] = {}
        self.players: dict[str, dict] = {}
        self.card_keys: set[str] = set()
        self.object_ids: set[str] = set()
        self.effect_ids: set[str] = set()

    def default_params(self) -> dict[str, object]:
        return {name: param.default for name, param in self.params.items()}

    def texts(self, table: Table, *, required: tuple[str, ...] = ("en",)) -> dict[str, str]:
        result = {}
        for language in list(table.data):
            if language not in LANGUAGES:
                raise table.error(language, f"unknown language (use {', '.join(LANGUAGES)})")
            text = table.str(language)
            if not text.strip():
                raise table.error(language, "is empty")
            result[language] = text
        for language in required:
            if language not in result:
                raise table.error(language, "is required")
        table.done()
        return result

    # -- values that may use parameters -------------------------------------------------------

    def check_names(self, table: Table, key: str, value: object) -> None:
        """Every ``${…}`` in a value (and every bare expression) names known parameters."""
        texts = []
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, list):
            texts.extend(item for item in value if isinstance(item, str))
        elif isinstance(value, dict):
            for item in value.values():
                self.check_names(table, key, item)
        for text in texts:
            try:
                unknown = expressions.interpolated_names(text) - set(self.params)
            except expressions.ExpressionError as error:
                raise table.error(key, str(error)) from None
            if unknown:
                raise table.error(key, f"unknown parameter {sorted(unknown)[0]!r}")

    def count(self, table: Table, key: str, default: int = 1) -> object:
        value = table.raw(key, default)
        self.check_names(table, key, value)
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise table.error(key, "expected a whole number or ${expression}")
        if isinstance(value, int) and not 0 <= value <= MAX_COUNT:
            raise table.error(key, f"must be between 0 and {MAX_COUNT}")
        if isinstance(value, str):
            if not expressions.INTERPOLATION_RE.fullmatch(value.strip()):
                raise table.error(key, "write an expression as ${…}")
            # The runner checks it again with each run's parameters (runner.how_many).
            computed = interpolated(table, value, self.default_params())
            if isinstance(computed, bool) or not isinstance(computed, int) or not 0 <= computed <= MAX_COUNT:
                raise table.error(
                    key, f"{value} is {computed!r} with the parameters' defaults; it must be between 0 and {MAX_COUNT}"
                )
        return value

    # -- references ---------------------------------------------------------------------------

    def object_ref(self, table: Table, key: str, *, required: bool = True) -> str | None:
        value = table.str(key, required=required)
        if value is None:
            return None
        if value not in self.object_ids:
            known = ", ".join(sorted(self.object_ids)) or "none yet"
            raise table.error(key, f"no object {value!r} at this point (objects: {known})")
        return value

    def player_ref(self, table: Table, key: str, default: str | None = None) -> str:
        value = table.str(key, default)
        if value not in self.players:
            raise table.error(key, f"{value!r} is not a player ({', '.join(self.players)})")
        return value

    def card_ref(self, table: Table, key: str) -> str:
        card = table.str(key, required=True)
        if card not in self.card_keys:
            raise table.error(key, f"no card {card!r} in [cards]")
        return card

    def add_objects(self, base: str, count: object) -> None:
        """``base`` is an object from here on; several are ``base-1``, ``base-2`` … (their number may
        depend on the parameters, so every id up to the most there can be)."""
        self.object_ids.add(base)
        if count != 1:
            for n in range(1, MAX_COUNT + 1):
                self.object_ids.add(f"{base}-{n}")

    def new_effect_id(self, table: Table, key: str, *, required: bool) -> str | None:
        value = table.str(key, required=required)
        if value is None:
            return None
        if not ID_RE.match(value):
            raise table.error(key, "effect ids use lower-case letters, digits, - and _")
        if value in self.effect_ids:
            raise table.error(key, f"effect id {value!r} is used twice")
        self.effect_ids.add(value)
        return value

    def duration(self, table: Table) -> str:
        value = table.str("duration", "")
        if value not in DURATIONS:
            raise table.error("duration", f"{value!r} is not a duration (end_of_turn, or leave it out)")
        return value

    def choices(self, table: Table) -> dict:
        result = {}
        for key in list(table.data):
            value = table.raw(key)
            if key == "opponent":
                if value not in self.players:
                    raise table.error(key, f"{value!r} is not a player")
                result[key] = value
            elif key in ("color", "pt", "creature_type"):
                self.check_names(table, key, value)
                result[key] = value
            elif key == "copy":  # the object it enters as a copy of (707.5), or a list (707.9e)
                for target in value if isinstance(value, list) else [value]:
                    if target not in self.object_ids:
                        raise table.error(key, f"no object {target!r}")
                result[key] = value
            else:
                raise table.error(key, "choices: opponent, color, pt, creature_type or copy")
        table.done()
        return result

    # -- abilities and effects a step gives ----------------------------------------------------

    def ability(self, table: Table) -> dict:
        """Abilities given by a step are checked by building them (parameters at defaults)."""
        build_ability(self.with_defaults(table), self.default_params())
        return dict(table.data)

    def effect(self, table: Table) -> dict:
        build_effect(self.with_defaults(table), self.default_params())
        return dict(table.data)

    def with_defaults(self, table: Table) -> Table:
        self.check_names(table, None, table.data)
        return Table(table.path, table.where, interpolated(table, table.data, self.default_params()))
