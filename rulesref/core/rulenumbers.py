"""How people write "rule 208.2a": the words that may stand before a rule number. Their one home.

Pure Python (no Django). Each prefix also says which game it points to: "правило 108.4" is
Берсерк's (the Russian texts are Берсерк's), "CR 108.4" and "regola 108.4" are Magic's.
"""

from __future__ import annotations

import re

# prefix (lower case) → the game it points to
PREFIXES: dict[str, str] = {
    "cr": "mtg",
    "r": "mtg",
    "rule": "mtg",
    "rules": "mtg",
    "regola": "mtg",
    "规则": "mtg",
    "ルール": "mtg",
    "규칙": "mtg",
    "правило": "berserk",
    "п.": "berserk",
}
# Longest first, so that "rules" is not read as "rule" + "s".
PREFIX_PATTERN = "(?:" + "|".join(re.escape(p) for p in sorted(PREFIXES, key=len, reverse=True)) + ")"
_PREFIX_RE = re.compile(rf"^\s*({PREFIX_PATTERN})\s*(?=\d)", re.IGNORECASE)


def split_prefix(text: str) -> tuple[str | None, str]:
    """(the prefix as written in lower case, or None; the rest): "CR 208.2a" → ("cr", "208.2a")."""
    match = _PREFIX_RE.match(text)
    if not match:
        return None, text.strip()
    return match[1].lower(), text[match.end() :].strip()


def game_of_prefix(prefix: str | None) -> str | None:
    return PREFIXES.get(prefix) if prefix else None
