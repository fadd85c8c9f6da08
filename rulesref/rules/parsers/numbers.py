"""Rule numbers as printed: what kind they are, their parent and a natural sort key.

Numbers come in these shapes:
- ``2`` (chapter), ``208`` (section), ``208.2`` (rule), ``208.2a`` / ``704.5aa`` (subrule);
- Berserk's dotted levels: ``104.3`` (rule) and ``104.3.1`` (a subrule of ``104.3``).
"""

from __future__ import annotations

import re
import unicodedata

NUMBER_RE = re.compile(r"^(?P<section>\d{3})(?:\.(?P<rule>\d+)(?P<rest>(?:\.\d+)*)(?P<letters>[a-z]{1,2})?)?$")
CHAPTER_RE = re.compile(r"^\d{1,2}$")


def normalise(raw: str) -> str:
    """Turn what a user typed into a number as printed: ``２０８．２ａ`` → ``208.2a``."""
    text = unicodedata.normalize("NFKC", raw).strip().lower()
    text = re.sub(r"^(?:cr|rule|r|regola|правило|规则|ルール)\s*", "", text)
    return text.rstrip(".")


def is_number(text: str) -> bool:
    return bool(NUMBER_RE.match(text) or CHAPTER_RE.match(text))


def is_section(number: str) -> bool:
    match = NUMBER_RE.match(number)
    return bool(match and match["rule"] is None)


def parent_number(number: str, kind: str) -> str | None:
    """The number of the entry this one belongs to, or None for a chapter's child."""
    match = NUMBER_RE.match(number)
    if not match or match["rule"] is None:
        return None
    if match["letters"]:
        return number[: -len(match["letters"])]
    if match["rest"]:
        return number.rsplit(".", 1)[0]
    return match["section"]


def sort_key(number: str, kind: str = "") -> str:
    """A string that sorts numbers naturally.

    Chapter ``2`` sorts just before section ``200``; ``704.5z`` before ``704.5aa``;
    ``104.3`` before ``104.3.1`` before ``104.4``. Notes (no number) get an empty key.
    """
    if not number:
        return ""
    if CHAPTER_RE.match(number) and kind in ("chapter", ""):
        return f"{int(number) * 100:05d}"
    match = NUMBER_RE.match(number)
    if not match:
        return number
    key = f"{int(match['section']):05d}."
    if match["rule"] is not None:
        key += f"{int(match['rule']):05d}"
        for part in filter(None, (match["rest"] or "").split(".")):
            key += f".{int(part):05d}"
        letters = match["letters"]
        if letters:
            # Length first so that 704.5z sorts before 704.5aa.
            key += f"~{len(letters)}{letters}"
    return key
