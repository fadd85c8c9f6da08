"""How the cr-text parser reads every edition of the archive, against counts taken independently.

    RULESREF_CORPORA=/work/shared/corpora .venv/bin/python -m benchmarks.archive_read [--archive DIR] [--diff]

The archive is ``--archive``, else the folder ``archive`` beside the corpora (``RULESREF_CORPORA``, else
``../shared/corpora``).

For every file of the archive (``mtg_cr_en_*.txt``, its ``SOURCES.md`` describes them) it prints: the
encoding (decoded here, by this script's own rule, so that the parser's reading of the layouts is
measured whatever ``read_source`` accepts today), the numbered lines counted by a simple rule of this
script, the parser's numbered entries (rules and subrules), the glossary terms counted here and by
the parser, the unplaced lines, the effective date the text states, the seconds the parse took, and
whether every section's, rule's and subrule's parent is the one its number says (``420.5b`` → ``420.5`` →
``420`` → ``4``). A file the parser refuses prints its one-line reason. A totals line ends the table;
``--diff`` lists, for each file whose counts differ, the lines behind the difference.

The independent counts, deliberately simpler than the parser:

- a numbered line is a line that starts with a rule number: three digits, a period, an optional
  space, digits and up to two letters ("100.1.", "702.9b", " 509.1c", "606. 8b"), then a space (or a
  period and a capital: "901.4.All"), after a blank line, a line of ``-`` or ``=``, or another
  numbered line (a number at the start of any other line is a citation wrapped onto it: "see rule" /
  "212.2c).");
- a glossary term is a line, not indented, after a blank line and followed by a non-blank one (its
  definition), between the last line "Glossary" and the next line "Index" or "Credits".

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

from benchmarks._setup import corpora_dir
from rulesref.rules.parsers import ParseError, parse_source
from rulesref.rules.parsers.base import CHAPTER, RULE, SECTION, SUBRULE
from rulesref.rules.parsers.source import SourceText

NUMBERED = re.compile(r"^\s*(\d{3})\.\s?(\d+[a-z]{0,2})(?:\.?\s|\.[A-Z])")
RULE_LINE = re.compile(r"^[\s=\-]+$")
REPLACEMENT = "\N{REPLACEMENT CHARACTER}".encode()


def decode(data: bytes) -> tuple[str, str]:
    """The text of an archive file and how it was decoded, by this script's own rule."""
    if data.startswith(REPLACEMENT * 2) and data[7:8] == b"\0":
        return damaged_utf_16(data[len(REPLACEMENT) * 2 :]), "damaged UTF-16 LE"
    for bom, codec, name in (
        (b"\xef\xbb\xbf", "utf-8-sig", "UTF-8 with BOM"),
        (b"\xff\xfe", "utf-16", "UTF-16 LE"),
        (b"\xfe\xff", "utf-16", "UTF-16 BE"),
    ):
        if data.startswith(bom):
            return data.decode(codec), name
    try:
        return data.decode("utf-8"), "ASCII" if data.isascii() else "UTF-8"
    except UnicodeDecodeError:
        return data.decode("cp1252"), "Windows-1252"


def damaged_utf_16(data: bytes) -> str:
    """UTF-16 LE whose byte-order mark and bytes above 0x7F became U+FFFD and which lost a byte here
    and there (2016-08-26): read two bytes at a time, a "?" where a character was lost, and one byte
    skipped wherever the reading has come out of step (a first byte 0, or a second byte no character
    of English text has). Every line break of it is doubled (two LFs): they are halved here, so that
    the independent counts see its paragraphs (the parser halves them itself, and warns)."""
    out, index = [], 0
    while index + 1 < len(data):
        if data.startswith(REPLACEMENT, index):
            out.append("?")
            index += len(REPLACEMENT)
            continue
        low, high = data[index], data[index + 1]
        if low and high in (0x00, 0x20, 0x21, 0x22, 0x25):
            out.append(data[index : index + 2].decode("utf-16-le"))
            index += 2
        else:
            if low:
                out.append("?")
            index += 1
    return "".join(out).replace("\n\n", "\n")


def independent_counts(lines: list[str]) -> tuple[int, int, list[int]]:
    """Numbered lines and glossary terms by the module's simple rules, and the numbered lines' numbers."""
    numbered = []
    for index, line in enumerate(lines):
        before = lines[index - 1] if index else ""
        if NUMBERED.match(line) and (not before.strip() or RULE_LINE.match(before) or NUMBERED.match(before)):
            numbered.append(index + 1)
    headings = [index for index, line in enumerate(lines) if line.strip() == "Glossary"]
    terms = 0
    if headings:
        start = headings[-1] + 1
        end = next(
            (index for index in range(start, len(lines)) if lines[index].strip() in ("Index", "Credits")), len(lines)
        )
        for index in range(start, end):
            line = lines[index]
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if (
                line.strip()
                and not line[0].isspace()
                and not lines[index - 1].strip()
                and following.strip()
                and not RULE_LINE.match(line)
            ):
                terms += 1
    return len(numbered), terms, numbered


def wrong_parents(result) -> list[str]:
    """The numbers whose parent is not the one the number says: a section's its chapter (its first
    digit), a rule's its section, a subrule's its rule (``420.5b`` → ``420.5`` → ``420`` → ``4``)."""
    entries = result.entries
    wrong = []
    for entry in entries:
        parent = entries[entry.parent] if entry.parent is not None else None
        if entry.kind == SECTION:
            expected = (CHAPTER, entry.number[0])
        elif entry.kind == RULE:
            expected = (SECTION, entry.number.split(".")[0])
        elif entry.kind == SUBRULE:
            expected = (RULE, entry.number.rstrip("abcdefghijklmnopqrstuvwxyz"))
        else:
            continue
        if parent is None or (parent.kind, parent.number) != expected:
            wrong.append(entry.number)
    return wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", type=Path, default=None)
    parser.add_argument("--diff", action="store_true", help="list the lines behind each difference")
    args = parser.parse_args()
    archive = args.archive or corpora_dir().parent / "archive"
    files = sorted(archive.glob("mtg_cr_en_*.txt"))
    if not files:
        raise SystemExit(f"{archive}: no mtg_cr_en_*.txt file")
    header = f"{'file':24} {'encoding':18} {'lines':>5} {'parsed':>6} {'terms':>5} {'parsed':>6} {'unpl':>4}"
    print(header + f" {'date':10} {'s':>5}  parents")
    totals = dict(files=0, read=0, refused=0, numbered=0, parsed=0, terms=0, glossary=0, unplaced=0, equal=0, wrong=0)
    seconds = 0.0
    differences = []
    for path in files:
        text, encoding = decode(path.read_bytes())
        source = SourceText.from_string(text, path=str(path))
        numbered, terms, numbered_lines = independent_counts(source.lines)
        totals["files"] += 1
        start = time.perf_counter()
        try:
            result = parse_source(source)
        except ParseError as error:
            totals["refused"] += 1
            print(f"{path.name:24} {encoding:18} refused: {error.reason}")
            continue
        elapsed = time.perf_counter() - start
        seconds += elapsed
        parsed = [entry for entry in result.entries if entry.kind in (RULE, SUBRULE)]
        unplaced = len(result.report.unplaced)
        date = result.edition.date.isoformat() if result.edition and result.edition.date else "none"
        equal = numbered == len(parsed) and terms == len(result.glossary)
        for key, value in (
            ("read", 1),
            ("numbered", numbered),
            ("parsed", len(parsed)),
            ("terms", terms),
            ("glossary", len(result.glossary)),
            ("unplaced", unplaced),
            ("equal", int(equal and not unplaced)),
        ):
            totals[key] += value
        mark = "" if equal else "  ≠"
        wrong = wrong_parents(result)
        totals["wrong"] += len(wrong)
        parents = "right" if not wrong else f"wrong: {' '.join(wrong[:5])}"
        print(
            f"{path.name:24} {encoding:18} {numbered:5} {len(parsed):6} {terms:5} {len(result.glossary):6} {unplaced:4}"
            f" {date:10} {elapsed:5.2f}  {parents}{mark}"
        )
        if not equal:
            entry_lines = {entry.line for entry in parsed}
            differences.append(
                (
                    path.name,
                    sorted(set(numbered_lines) - entry_lines),
                    sorted(entry_lines - set(numbered_lines)),
                    source.lines,
                )
            )
    print(
        f"total: {totals['files']} files, {totals['read']} read, {totals['refused']} refused;"
        f" numbered lines {totals['numbered']} / entries {totals['parsed']};"
        f" glossary terms {totals['terms']} / {totals['glossary']}; unplaced {totals['unplaced']};"
        f" wrong parents {totals['wrong']};"
        f" {totals['equal']} files equal with 0 unplaced; parse {seconds:.1f} s"
    )
    if args.diff:
        for name, only_counted, only_parsed, lines in differences:
            print(f"\n{name}: counted, not an entry {len(only_counted)}; an entry, not counted {len(only_parsed)}")
            for line in (only_counted + only_parsed)[:12]:
                print(f"  {line}: {lines[line - 1][:100]!r}")


if __name__ == "__main__":
    main()
