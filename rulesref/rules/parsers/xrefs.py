"""Cross-references written in rule text, in every language we import.

"See rule 604.3", "(See rule 614, “Replacement Effects.”)", "Vedi regola 604.3",
"(Vedi regola 707.2.)", "rule 604.3 参照", "rule 614〔置換効果〕参照", "参见规则604.3",
"(см. 107.2)": each yields the target numbers it names, in order.
"""

from __future__ import annotations

import re

# A rule number as cited: 604, 604.3, 604.3a, 704.5aa, Berserk's 104.3.1. A final
# period belongs to the sentence ("(Vedi regola 707.2.)"), never to the number. Only
# ASCII letters and digits continue a number: "规则108.3中" cites 108.3.
NUM = r"\d{3}(?:\.\d+)*(?:(?<=\d)[a-z]{1,2})?(?![0-9A-Za-z_/])"
SEPARATOR = r"(?:\s*,\s*(?:and\s+|or\s+|e\s+|o\s+|и\s+)?|\s+(?:and|or|through|e|o|и|или|–|-)\s+|、|和|及|至)"
LIST = rf"{NUM}(?:{SEPARATOR}{NUM})*"

PATTERNS = [
    # English and the English citations kept inside Japanese text.
    re.compile(rf"\b(?:sub)?rules?\s+(?P<list>{LIST})", re.IGNORECASE),
    # Italian: "Vedi regola 604.3", "Vedere la regola 613", "regole 601.2 e 602.2".
    re.compile(rf"\bregol[ae]\s+(?P<list>{LIST})", re.IGNORECASE),
    # Chinese: "参见规则604.3", "规则613".
    re.compile(rf"规则\s*(?P<list>{LIST})"),
    # Russian: "(см. 107.2)", "см. п. 104.3.1", "правило 107.2", "правила 107.2 и 107.3",
    # "согласно пункту 401.5", "согласно 309.2", "(пункт 310.2 и 310.3)".
    re.compile(
        r"(?:\bсм\.\s*(?:пп?\.\s*|пункт[ыа]?\s+|правил[оаы]?\s+)?|\bправил[оаы]?\s+|\bпункт[уаы]?\s+|\bсогласно\s+)"
        rf"(?P<list>{LIST})",
        re.IGNORECASE,
    ),
]
NUM_RE = re.compile(NUM)


def extract(text: str) -> list[tuple[str, str]]:
    """Return ``(target number, citing phrase)`` pairs in the order they appear."""
    found: list[tuple[int, str, str]] = []
    taken: list[tuple[int, int]] = []
    for pattern in PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span("list")
            if any(start < t_end and t_start < end for t_start, t_end in taken):
                continue
            taken.append((start, end))
            for number in NUM_RE.finditer(match["list"]):
                found.append((start + number.start(), number.group(), match.group().strip()))
    found.sort(key=lambda item: item[0])
    return [(number, phrase) for _, number, phrase in found]
