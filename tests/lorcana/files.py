"""What the tests expect, read from the Lorcana text files themselves (not through the parser)."""

import re

from tests.conftest import corpus_file

NUMBERED = re.compile(r"^\s*(\d+(?:\.\d+)*)\.\s+(\S.*)$")
FOOTER = re.compile(r"^\s*(disneylorcana\.com|©Disney|Based on the \"Winnie the Pooh\" works)", re.IGNORECASE)
GLOSSARY_HEADINGS = ("Glossary", "GLOSSAR", "GLOSSAIRE", "用語集")


def lines_of(name: str) -> list[str]:
    return corpus_file(name).read_text(encoding="utf-8").split("\n")


def body(lines: list[str]) -> list[str]:
    """The rules: from chapter 1 (that rule 1.1.1 follows) to the glossary, without the footers."""
    start = next(
        i for i, text in enumerate(lines) if re.match(r"^\s*1\.\s", text) and re.match(r"^\s*1\.1\.1\.\s", lines[i + 2])
    )
    end = next(i for i in range(start, len(lines)) if lines[i].strip() in GLOSSARY_HEADINGS)
    return [text for text in lines[start:end] if not FOOTER.match(text)]


def blocks(name: str) -> dict[str, str]:
    """{number: everything printed from its line to the next numbered line, white space collapsed}."""
    found: dict[str, list[str]] = {}
    current = None
    for text in body(lines_of(name)):
        match = NUMBERED.match(text)
        if match:
            current = match[1]
            found.setdefault(current, []).append(match[2])
        elif current is not None and text.strip():
            found[current].append(text.strip())
    return {number: " ".join(" ".join(parts).split()) for number, parts in found.items()}


def number_of_line(name: str, words: str) -> str:
    """The number printed on the one numbered line of ``name`` that contains ``words``."""
    found = [m[1] for text in body(lines_of(name)) if (m := NUMBERED.match(text)) and words in text]
    assert len(found) == 1, found
    return found[0]
