"""Property-based: every parser either parses an input or refuses it with its one-line ParseError.

Inputs are real sources of each format, mutated line by line (lines dropped, repeated, swapped, cut,
and lines of hostile text put in: rule-number look-alikes, markup, control characters, scripts of every
content language), plus arbitrary text and arbitrary bytes. Anything else a parser raises is a bug.
Runs are reproducible (``derandomize``); ``HYPOTHESIS_PROFILE=explore`` searches ten times wider.
"""

from __future__ import annotations

import gzip
import os
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesref.rules.parsers import FORMATS, ParseError, ParseResult, parse_source, read_source
from rulesref.rules.parsers.base import CHAPTER, NOTE, RULE, SECTION, SUBRULE
from rulesref.rules.parsers.source import BYTE_ORDER_MARKS, SourceText
from tests.conftest import SEED_BERSERK, SEED_IT_2023, SEED_IT_2024, SEED_JA, SOURCES, corpus_file
from tests.rules.pdf_files import Text, pdf_bytes

settings.register_profile(
    "ci", max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

HEAD_LINES = 220


@cache
def sample_lines(format: str) -> tuple[str, ...]:
    """The first lines of a real source of ``format`` (small enough to parse many times)."""
    if format == "cr-text":
        text = gzip.decompress((SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz").read_bytes()).decode("utf-8")
    elif format == "berserk-md":
        text = read_source(corpus_file("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md")).text
    elif format == "rulebook-layout":
        text = read_source(corpus_file("lorcana_cr_en_20260430_v2.1.0.txt")).text
    else:
        path = {
            "it-wiki-runon": SEED_IT_2024,
            "it-wiki-bullets": SEED_IT_2023,
            "ja-viewer": SEED_JA,
            "berserk-text": SEED_BERSERK,
        }[format]
        text = path.read_text(encoding="utf-8")
    return tuple(text.splitlines()[:HEAD_LINES])


HOSTILE_LINES = st.sampled_from(
    [
        "",
        "208.2a",
        "208.2a.",
        "1.",
        "100. General",
        "100.1.",
        "999.99zz Something",
        "702.175. Doubled",
        "- 208.1 タフネスは",
        "• 208.1 Una carta",
        "# Часть 1. Основы",
        "## 101\\. Раздел",
        "104.3. Дубль",
        "Example: ",
        "Esempio:",
        "例:",
        "ПРИМЕР.",
        "Glossary",
        "Credits",
        "<script>alert(1)</script>",
        "See rule 604.3.",
        "(См. 107.2)",
        "\t\t\t",
        "\x0b\x0c\x1c",
        "\u2028\u2029",
        "\ufeff",
        "\u200b" * 5,
        "０１２．３ａ",
        "x" * 5000,
        "9" * 400 + ".",
        "Effective as of September 20, 2024.",
        "Эти правила действуют с 31 мая 2024 года.",
    ]
)
ANY_LINE = st.one_of(HOSTILE_LINES, st.text(max_size=120))


@st.composite
def mutated(draw, format: str) -> str:
    lines = list(sample_lines(format))
    for _ in range(draw(st.integers(min_value=1, max_value=8))):
        if not lines:
            lines.append(draw(ANY_LINE))
            continue
        at = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        action = draw(st.sampled_from(["drop", "repeat", "swap", "cut", "insert", "replace", "truncate"]))
        if action == "drop":
            del lines[at]
        elif action == "repeat":
            lines.insert(at, lines[at])
        elif action == "swap":
            other = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif action == "cut":
            lines[at] = lines[at][: draw(st.integers(min_value=0, max_value=max(0, len(lines[at]))))]
        elif action == "insert":
            lines.insert(at, draw(ANY_LINE))
        elif action == "replace":
            lines[at] = draw(ANY_LINE)
        else:
            lines = lines[:at]
    separator = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    return separator.join(lines)


def assert_parses_or_refuses_clearly(text: str, format: str | None) -> ParseResult | None:
    source = SourceText.from_string(text, path="mutant.txt")
    try:
        result = parse_source(source, format=format)
    except ParseError as error:
        message = str(error)
        assert message.startswith("mutant.txt"), message
        assert "\n" not in message and "\r" not in message
        assert error.reason
        return None
    assert result.format in FORMATS
    assert any(entry.kind in ("rule", "subrule") for entry in result.entries)
    for entry in result.entries:
        assert entry.kind in (CHAPTER, SECTION, RULE, SUBRULE, NOTE)
        assert entry.line >= 1
        assert entry.parent is None or 0 <= entry.parent < len(result.entries)
    return result


# A PDF is bytes, not lines: its mutations are the byte-level test below.
TEXT_FORMATS = tuple(format for format in FORMATS if format != "pdf")


@pytest.mark.parametrize("format", TEXT_FORMATS)
@given(data=st.data())
def test_a_mutated_source_parses_or_fails_with_its_parse_error(format, data):
    text = data.draw(mutated(format))
    assert_parses_or_refuses_clearly(text, format)
    assert_parses_or_refuses_clearly(text, None)


@given(text=st.text(max_size=2000))
def test_arbitrary_text_parses_or_fails_with_a_parse_error(text):
    for format in (None, *TEXT_FORMATS):
        assert_parses_or_refuses_clearly(text, format)


@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes_are_read_or_refused_with_a_parse_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("bytes") / "regole.txt"
    path.write_bytes(data)
    try:
        source = read_source(path)
    except ParseError as error:
        assert str(error).startswith(f"{path}"), str(error)
        assert "\n" not in str(error)
        return
    # Bytes that are not UTF-8 but read as Windows-1252 (or DOS code page 437) text are read so, and say so.
    single_byte = {"Windows-1252": "cp1252", "DOS code page 437": "cp437"}
    if source.encoding in single_byte:
        assert source.text == data.decode(single_byte[source.encoding])
        assert source.warnings[0][1].startswith(f"read as {source.encoding}: not UTF-8 (byte 0x")
    elif source.kind == "pdf":  # known by its first bytes; its text layer is read when asked for
        assert data.startswith(b"%PDF-")
    elif source.encoding.startswith(("UTF-16", "UTF-32")) and not source.warnings:  # announced by a byte-order mark
        codec = next(codec for mark, codec, name in BYTE_ORDER_MARKS if data.startswith(mark))
        assert source.text == data.decode(codec).removeprefix("\ufeff")
    else:
        assert source.encoding == "UTF-8"
        assert source.text == data.decode("utf-8").removeprefix("\ufeff")


@cache
def small_rulebook_pdf() -> bytes:
    return pdf_bytes(
        [[Text(72, 700, "1. CONCEPTS"), Text(90, 680, "1.1. General"), Text(108, 664, "1.1.1. A rule (see 1.1.2).")]]
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_pdf_is_read_or_refused_with_one_line_naming_the_file(tmp_path_factory, data):
    """Bytes of a real little rulebook PDF flipped, cut or repeated: a parse, or one line naming the file."""
    pdf = bytearray(small_rulebook_pdf())
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        at = data.draw(st.integers(min_value=0, max_value=len(pdf) - 1))
        action = data.draw(st.sampled_from(["flip", "cut", "repeat", "drop"]))
        if action == "flip":
            pdf[at] = data.draw(st.integers(min_value=0, max_value=255))
        elif action == "cut":
            del pdf[at:]
        elif action == "repeat":
            pdf[at:at] = pdf[at : at + 40]
        else:
            del pdf[at : at + data.draw(st.integers(min_value=1, max_value=200))]
        if not pdf:
            pdf = bytearray(b"%PDF-")
    path = tmp_path_factory.mktemp("pdf") / "rules.pdf"
    path.write_bytes(bytes(pdf))
    try:
        result = parse_source(read_source(path))
    except ParseError as error:
        message = str(error)
        assert message.startswith(str(path)), message
        assert "\n" not in message
        return
    assert any(entry.kind in (RULE, SUBRULE) for entry in result.entries)
