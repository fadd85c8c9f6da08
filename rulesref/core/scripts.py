"""Writing systems: which script a piece of text uses. The one home of every script test.

Pure Python (no Django): parsers, the search package and the site's setup all read it. A language
names its script (ISO 15924) in ``languages.py``; this module says which characters belong to it.
"""

from __future__ import annotations

import re

# Characters written without spaces between words: Han, kana and Hangul (and their half-width,
# compatibility and extension blocks). The katakana middle dot "・" (U+30FB) is punctuation, not a letter.
CJK = (
    "\u1100-\u11ff"  # Hangul Jamo
    "\u2e80-\u2fdf"  # CJK radicals, Kangxi radicals
    "\u3005-\u3007"  # 々 〆 〇
    "\u3021-\u3029\u3031-\u3035\u3038-\u303c"  # Hangzhou numerals, kana repeat marks
    "\u3041-\u3096\u3099-\u309f"  # Hiragana
    "\u30a1-\u30fa\u30fc-\u30ff"  # Katakana (without ・)
    "\u3131-\u318e"  # Hangul compatibility Jamo
    "\u31f0-\u31ff"  # Katakana phonetic extensions
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK unified ideographs (+ extension A)
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f\uffa0-\uffdc"  # half-width katakana and Hangul
    "\U0001b000-\U0001b16f"  # kana supplement and extension
    "\U00020000-\U0003134f"  # CJK extensions B-G
)
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
KANA = "\u3041-\u3096\u3099-\u309f\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f\U0001b000-\U0001b16f"
HANGUL = "\u1100-\u11ff\u3131-\u318e\uac00-\ud7af\uffa0-\uffdc"
CYRILLIC = "\u0400-\u04ff\u0500-\u052f"
LATIN = "A-Za-z\u00c0-\u024f"

CJK_RE = re.compile(f"[{CJK}]")
CJK_RUN_RE = re.compile(f"[{CJK}]+")
# The letters of each script a content language may name (ISO 15924).
SCRIPT_LETTERS: dict[str, re.Pattern] = {
    "Latn": re.compile(f"[{LATIN}]"),
    "Cyrl": re.compile(f"[{CYRILLIC}]"),
    "Jpan": re.compile(f"[{HAN}{KANA}]"),
    "Hans": re.compile(f"[{HAN}]"),
    "Hant": re.compile(f"[{HAN}]"),
    "Kore": re.compile(f"[{HANGUL}{HAN}]"),
}
_LETTER_RE = re.compile(r"[^\W\d_]")
# Scripts (ISO 15924) written without spaces between words: a diff compares their texts character by
# character, a full-text engine indexes them by character n-grams.
UNSPACED_SCRIPTS = frozenset({"Jpan", "Hans", "Hant", "Hani", "Kore", "Thai"})


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a character of a script written without spaces (Han, kana, Hangul)."""
    return CJK_RE.search(text) is not None


def is_cjk(char: str) -> bool:
    return CJK_RE.fullmatch(char) is not None


def uses_script(text: str, script: str) -> bool:
    """Whether ``text`` has a letter of ``script`` (an ISO 15924 code; an unknown code: False)."""
    pattern = SCRIPT_LETTERS.get(script)
    return bool(pattern and pattern.search(text))


def could_be_written_in(text: str, script: str) -> bool:
    """Whether ``text`` has letters of ``script``, or no letters at all ("+1/+1", "208.2a")."""
    pattern = SCRIPT_LETTERS.get(script)
    return pattern is None or bool(pattern.search(text)) or not _LETTER_RE.search(text)
