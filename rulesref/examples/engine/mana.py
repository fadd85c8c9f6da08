"""Mana costs: symbols, colours (rule 202.2) and mana value (rule 202.3).

``ManaCost.parse("{1}{W/U}{W/U}")`` reads a cost as printed; a cost that cannot be read
raises ``ValueError`` naming the symbol.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SYMBOL_RE = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class ManaSymbol:
    text: str  # without braces: "2", "W", "W/U", "2/B", "W/P", "X", "C", "S"

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.text.split("/"))

    @property
    def colors(self) -> frozenset[str]:
        return frozenset(part for part in self.parts if part in COLORS)

    @property
    def mana_value(self) -> int:
        """Rule 202.3: X is 0; a hybrid symbol counts its largest component (202.3f);
        a Phyrexian symbol counts 1 (202.3g)."""
        if self.text == "X":
            return 0
        values = []
        for part in self.parts:
            if part.isdigit():
                values.append(int(part))
            elif part in COLORS or part in ("C", "S"):
                values.append(1)
            elif part == "P":
                continue
        return max(values) if values else 0


def _valid_symbol(text: str) -> bool:
    parts = text.split("/")
    if len(parts) == 1:
        return text.isdigit() or text in COLORS or text in ("X", "C", "S")
    if len(parts) == 2:
        first, second = parts
        if second == "P":
            return first in COLORS or first == "C"
        return (first in COLORS or first.isdigit() or first == "C") and second in COLORS
    return len(parts) == 3 and parts[0] in COLORS and parts[1] in COLORS and parts[2] == "P"


@dataclass(frozen=True)
class ManaCost:
    symbols: tuple[ManaSymbol, ...]

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        text = text.strip()
        symbols = []
        position = 0
        for match in SYMBOL_RE.finditer(text):
            if match.start() != position:
                raise ValueError(f"cannot read {text[position : match.start()]!r} in mana cost {text!r}")
            symbol = match.group(1).upper()
            if not _valid_symbol(symbol):
                raise ValueError(f"unknown mana symbol {{{match.group(1)}}} in {text!r}")
            symbols.append(ManaSymbol(symbol))
            position = match.end()
        if position != len(text):
            raise ValueError(f"cannot read {text[position:]!r} in mana cost {text!r}")
        return cls(tuple(symbols))

    @property
    def colors(self) -> frozenset[str]:
        """Rule 202.2: an object's colour is the colour of the mana symbols in its cost."""
        result: set[str] = set()
        for symbol in self.symbols:
            result |= symbol.colors
        return frozenset(result)

    @property
    def mana_value(self) -> int:
        return sum(symbol.mana_value for symbol in self.symbols)

    def __str__(self) -> str:
        return "".join(f"{{{symbol.text}}}" for symbol in self.symbols)


def ordered_colors(colors) -> list[str]:
    """Colours in WUBRG order, as the rules list them (rule 105.1)."""
    return [color for color in COLORS if color in colors]
