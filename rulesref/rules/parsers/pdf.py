"""A publisher's PDF rulebook read directly ("pdf"): its text layer as layout-kept lines.

The PDF's text is rebuilt as the lines a layout-keeping text extractor prints (the
``lorcana_cr_*.txt`` corpora are such files): each page's lines top to bottom, each line's
words left to right, indented by spaces in proportion to their distance from the document's
left margin, so that a rule's number, its wrapped lines and the two columns of a table of
contents keep their places. The lines are handed to the layout-kept rulebook format
(``rulebook_layout.parse_lines``), so a PDF and its text extract give the same structure.

Line numbers run over the whole document (a blank line between paragraphs counts, as in a
text file); every skipped line and warning of the report also names the page it is on.

**Colour.** Publishers mark what changed since the last edition in colour (the Lorcana PDFs:
"Text that is new or changed is in Sapphire. Text that has been moved is in Amber."). The
body colour is the one most characters are printed in. A character is *marked* when it is
printed in a chromatic colour other than the body's, outside a link (link text has a colour
of its own), in a colour not kept for headings (a colour most of whose characters are larger
than the body text is a brand colour, not a mark). A line is marked as changed when at least
``MARKED_MIN_CHARS`` of its visible characters, or all of them, are marked: a coloured word
counts, a coloured comma or space does not.

**Why pdfminer.six and not pdfplumber's ``page.chars``.** pdfplumber is built on pdfminer.six
and turns every character into a dictionary of resolved attributes: for the 48-page English
Lorcana PDF that took 5.5 s to list the characters, against 1.6 s for pdfminer.six's own
``LTChar`` objects (colour in ``graphicstate.ncolor``) on the same machine. The target is a
PDF parsed in 5 s or less, so the characters come from pdfminer.six directly.

Errors, one line naming the file: a PDF that needs a password ("encrypted"), one whose pages
have images but no text ("no text layer (a scanned PDF?)"), one that cannot be read
("damaged"), and one with text but no numbered rules ("not a rulebook"). A PDF encrypted
with no password to open it (permissions only) is read, as every PDF reader does.
"""

from __future__ import annotations

import functools
import io
import itertools
import statistics
from collections import Counter
from dataclasses import dataclass, field

from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTContainer, LTImage, LTPage
from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFException, resolve1
from pdfminer.psparser import PSException

from . import rulebook_layout
from .base import ParseError, ParseResult
from .source import SourceText

FORMAT = "pdf"
# The title block states the edition (its date and, where printed, its version) and by the words of
# its date statement the language, as in the layout-kept text; a translation translates the original
# of its version, else of its date (``rulebook_layout.SAME_VERSION_AS_SOURCE``).
STATES_EDITION = True
SAME_VERSION_AS_SOURCE = rulebook_layout.SAME_VERSION_AS_SOURCE
stated_language = rulebook_layout.stated_language
# The rules of any game laid out this way: the caller names the game (as for rulebook-layout).
GAME = None

# A line is marked as changed when this many of its visible characters are marked (or all
# of them are, for a line shorter than that).
MARKED_MIN_CHARS = 3
# Chroma (max − min of the RGB components, 0…1) below which a colour is a grey: greys are
# never read as marks (a grey footer or example text is not an update).
MIN_CHROMA = 0.2
# Characters whose baselines are closer than this share of the text size are on one line
# (superscripts sit a little higher, a smaller font's baseline a little lower).
LINE_TOLERANCE = 0.45
# A gap wider than this many space widths between two words is kept as a column gap.
COLUMN_GAP_SPACES = 2.5
# Two lines whose baselines are further apart than this many line pitches (the body's most
# common distance between baselines) have a blank line between them, as a text extract has.
PARAGRAPH_GAP = 1.3


@dataclass
class Char:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    colour: tuple | None
    # The baseline, from the top of the page: characters of one printed line share it.
    baseline: float = 0.0
    marked: bool = False

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2


@dataclass
class PdfLine:
    """One line of the PDF's text: its running number, page, text (indented) and colour."""

    number: int
    page: int
    text: str
    changed: bool = False


@dataclass
class PdfText:
    """What :func:`extract` read: the lines, and the colours found (for the report and tests)."""

    path: str
    pages: int
    lines: list[PdfLine] = field(default_factory=list)
    # RGB colour (rounded) → characters printed in it (spaces left out).
    colours: dict[tuple, int] = field(default_factory=dict)
    body_colour: tuple | None = None
    mark_colours: list[tuple] = field(default_factory=list)

    @property
    def changed(self) -> set[int]:
        return {line.number for line in self.lines if line.changed}

    def numbered(self) -> list[tuple[int, str]]:
        return [(line.number, line.text) for line in self.lines]


class PdfSource(SourceText):
    """A PDF read by :func:`~.source.read_source`: its bytes, and its text layer read once, when
    first asked for (``source.text`` is its lines joined, for what reads any source's text: the
    language and game guesses of ``quickstart``)."""

    def __init__(self, *, path: str, data: bytes, sha256: str):
        # No ``text`` attribute until it is asked for (see __getattr__).
        self.path, self.data, self.sha256 = path, data, sha256
        self.encoding, self.kind = "PDF", "pdf"
        self._layer: PdfText | None = None
        # The first lines read by head_lines (quickstart asks twice: the game, then the language).
        self._head: list[tuple[int, str]] = []

    def __getattr__(self, name: str):
        if name == "text":
            self.text = "\n".join(line.text for line in self.layer().lines)
            return self.text
        raise AttributeError(name)

    def __repr__(self) -> str:
        return f"PdfSource(path={self.path!r}, sha256={self.sha256[:16]!r}…)"

    def layer(self) -> PdfText:
        """The text layer's lines (a :class:`ParseError` for a PDF that has none)."""
        if self._layer is None:
            self._layer = extract(self.path, self.data)
        return self._layer


def detect(source: SourceText) -> bool:
    return source.kind == "pdf"


# Pages read first for the head of a PDF: the title block is on the first.
HEAD_PAGES = 1


def head_lines(source: SourceText, count: int) -> list[tuple[int, str]]:
    """The first ``count`` lines of the text layer, read from as few pages as hold them (quickstart
    reads a file's game and language from its title block: the first page, not the 50 of the whole;
    a PDF imported unchanged is then never read whole). A layer read already is used as it is."""
    if isinstance(source, PdfSource):
        if source._layer is not None:
            return source.layer().numbered()[:count]
        if len(source._head) >= count:
            return source._head[:count]
    pages = HEAD_PAGES
    while True:
        try:
            text = extract(source.path, source.data, max_pages=pages)
        except ParseError:
            # No text on the first pages (a cover picture?): the whole document says what it is.
            text = extract(source.path, source.data)
        lines = text.numbered()
        if len(lines) >= count or text.pages < pages:
            if isinstance(source, PdfSource):
                source._head = lines[:count]
            return lines[:count]
        pages *= 2


def parse(source: SourceText) -> ParseResult:
    text = source.layer() if isinstance(source, PdfSource) else extract(source.path, source.data)
    try:
        result = rulebook_layout.parse_lines(source.path, text.numbered(), source.sha256, changed=text.changed)
    except ParseError as error:
        raise ParseError(f"not a rulebook: {error.reason}", path=source.path, line=error.line) from error
    result.format = FORMAT
    if not any(entry.kind in ("rule", "subrule") for entry in result.entries):
        raise ParseError("not a rulebook: the PDF has text but no numbered rules", path=source.path)
    pages = {line.number: line.page for line in text.lines}
    for item in [*result.report.skipped, *result.report.unplaced]:
        if item.line in pages:
            item.reason = f"{item.reason}, page {pages[item.line]}" if item.reason else f"page {pages[item.line]}"
    for warning in result.report.warnings:
        if warning.line in pages:
            warning.message = f"page {pages[warning.line]}: {warning.message}"
    return result


def extract(path: str, data: bytes, *, max_pages: int | None = None) -> PdfText:
    """The lines of the PDF ``data`` (read from ``path``), with the changed ones flagged; of its
    first ``max_pages`` pages only, when given (``PdfText.pages`` says how many were read)."""
    try:
        document = PDFDocument(PDFParser(io.BytesIO(data)))
    except PDFPasswordIncorrect as error:
        raise ParseError("encrypted PDF: it needs a password to open", path=path) from error
    except PDFEncryptionError as error:
        raise ParseError(f"encrypted PDF that cannot be read ({error})", path=path) from error
    except (PDFException, PSException, ValueError, KeyError, TypeError) as error:
        raise ParseError(f"damaged PDF ({describe(error)})", path=path) from error
    try:
        pages = list(itertools.islice(read_pages(document), max_pages))
    except (PDFException, PSException, ValueError, KeyError, TypeError, AttributeError) as error:
        raise ParseError(f"damaged PDF ({describe(error)})", path=path) from error
    if not pages:
        raise ParseError("damaged PDF (no pages)", path=path)
    if not any(chars for chars, _, _ in pages):
        if any(images for _, images, _ in pages):
            raise ParseError("no text layer (a scanned PDF?)", path=path)
        raise ParseError(f"no text: its {len(pages)} page(s) are empty", path=path)
    text = PdfText(path=path, pages=len(pages))
    mark(pages, text)
    build_lines(pages, text)
    return text


def describe(error: Exception) -> str:
    reason = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {reason}" if reason else type(error).__name__


def read_pages(document: PDFDocument):
    """Yield (characters, image count, link rectangles) per page, top-down coordinates."""
    manager = PDFResourceManager(caching=True)
    # No layout analysis (laparams=None): lines are built here, and the analysis is the slow part.
    device = PDFPageAggregator(manager, laparams=None)
    interpreter = PDFPageInterpreter(manager, device)
    for page in PDFPage.create_pages(document):
        interpreter.process_page(page)
        layout: LTPage = device.get_result()
        height = layout.height
        chars: list[Char] = []
        images = walk(layout, chars, height)
        yield chars, images, links(page, layout)


def walk(container: LTContainer, chars: list[Char], height: float) -> int:
    """Collect the characters of ``container`` (into ``chars``); return its image count."""
    images = 0
    for item in container:
        if isinstance(item, LTChar):
            chars.append(
                Char(
                    text=item.get_text(),
                    x0=item.x0,
                    x1=item.x1,
                    top=height - item.y1,
                    bottom=height - item.y0,
                    size=item.size,
                    colour=rgb(item.graphicstate.ncs, item.graphicstate.ncolor),
                    baseline=height - item.matrix[5],
                )
            )
        elif isinstance(item, LTImage):
            images += 1
        elif isinstance(item, LTContainer):
            images += walk(item, chars, height)
    return images


def links(page: PDFPage, layout: LTPage) -> list[tuple[float, float, float, float]]:
    """The rectangles (x0, top, x1, bottom) of the page's link annotations."""
    rects = []
    for annot in resolve1(page.annots) or []:
        annot = resolve1(annot)
        if not isinstance(annot, dict) or getattr(resolve1(annot.get("Subtype")), "name", None) != "Link":
            continue
        rect = resolve1(annot.get("Rect"))
        try:
            x0, y0, x1, y1 = (float(resolve1(value)) for value in rect)
        except (TypeError, ValueError):
            continue
        x0, x1 = sorted((x0, x1))
        y0, y1 = sorted((y0, y1))
        rects.append((x0, layout.height - y1, x1, layout.height - y0))
    return rects


def rgb(space, colour) -> tuple | None:
    """A colour as RGB (0…1, rounded), or None when its colour space is not a device one."""
    try:
        return device_rgb(getattr(space, "name", ""), colour)
    except TypeError:  # an unhashable colour (a pattern): not a colour we can judge
        return None


@functools.lru_cache(maxsize=1024)
def device_rgb(name: str, colour) -> tuple | None:
    # A document uses a handful of colours over 100,000 characters or more: computed once each.
    if not isinstance(colour, tuple) or not all(isinstance(value, (int, float)) for value in colour):
        return None
    # Separation, DeviceN, Indexed, Pattern: a tint or an index, not a colour we can judge.
    if name not in ("DeviceGray", "DeviceRGB", "DeviceCMYK", "ICCBased", "CalRGB", "CalGray", ""):
        return None
    if len(colour) == 1:
        value = (colour[0],) * 3
    elif len(colour) == 3:
        value = colour
    elif len(colour) == 4:
        c, m, y, k = colour
        value = ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    else:
        return None
    return tuple(round(float(v), 3) for v in value)


def chroma(colour: tuple) -> float:
    return max(colour) - min(colour)


def inside(char: Char, rects) -> bool:
    x, y = (char.x0 + char.x1) / 2, char.middle
    return any(x0 <= x <= x1 and top <= y <= bottom for x0, top, x1, bottom in rects)


def mark(pages, text: PdfText) -> None:
    """Find the body colour and the colours that mark changes; flag the marked characters."""
    visible = [(char, rects) for chars, _, rects in pages for char in chars if not char.text.isspace() and char.colour]
    colours = Counter(char.colour for char, _ in visible)
    text.colours = dict(colours.most_common())
    if not colours:
        return
    body = colours.most_common(1)[0][0]
    text.body_colour = body
    body_size = Counter(round(char.size, 1) for char, _ in visible if char.colour == body).most_common(1)[0][0]
    larger = Counter(char.colour for char, _ in visible if char.size > body_size + 0.5)
    candidates = {
        colour
        for colour, count in colours.items()
        if colour != body and chroma(colour) >= MIN_CHROMA and larger[colour] * 2 <= count
    }
    used = Counter()
    for char, rects in visible:
        if char.colour in candidates and not (rects and inside(char, rects)):
            char.marked = True
            used[char.colour] += 1
    text.mark_colours = [colour for colour, _ in used.most_common()]


def build_lines(pages, text: PdfText) -> None:
    """Group each page's characters into lines and lay them out as indented text."""
    everything = [char for chars, _, _ in pages for char in chars if not char.text.isspace()]
    if not everything:
        return
    margin = min(char.x0 for char in everything)
    # One column of text is a typical character's width (the median of the body's).
    # Characters of no width (a damaged font's) give no measure: one point then.
    widths = [char.x1 - char.x0 for char in everything if char.x1 > char.x0]
    unit = (statistics.median(widths) if widths else 0.0) or 1.0
    page_rows = [rows(chars) for chars, _, _ in pages]
    gaps = Counter(
        round(below[0].baseline - above[0].baseline, 1)
        for found in page_rows
        for above, below in zip(found, found[1:], strict=False)
    )
    # The line pitch of the body text: the most common distance between two baselines.
    pitch = gaps.most_common(1)[0][0] if gaps else 0.0
    number = 0
    for page_number, found in enumerate(page_rows, start=1):
        previous: list[Char] | None = None
        for row in found:
            if previous is not None and pitch and row[0].baseline - previous[0].baseline > PARAGRAPH_GAP * pitch:
                number += 1
                text.lines.append(PdfLine(number, page_number, ""))
            number += 1
            text.lines.append(PdfLine(number, page_number, lay_out(row, margin, unit), changed(row)))
            previous = row


def rows(chars: list[Char]) -> list[list[Char]]:
    """The page's characters as lines, top to bottom, each left to right."""
    ordered = sorted(chars, key=lambda char: (char.baseline, char.x0))
    lines: list[list[Char]] = []
    for char in ordered:
        if lines:
            line = lines[-1]
            anchor = line[0]
            if char.baseline - anchor.baseline <= LINE_TOLERANCE * max(anchor.size, char.size):
                line.append(char)
                continue
        lines.append([char])
    result = []
    for line in lines:
        line.sort(key=lambda char: char.x0)
        if any(not char.text.isspace() for char in line):
            result.append(line)
    return result


def lay_out(row: list[Char], margin: float, unit: float) -> str:
    """A line's text: words at their columns, single spaces inside a run of words."""
    words: list[list[Char]] = []
    for char in row:
        if char.text.isspace():
            if words and words[-1]:
                words.append([])
            continue
        if words and words[-1]:
            last = words[-1][-1]
            # Overprinted characters (a fake bold drawn twice) are one character.
            if char.text == last.text and abs(char.x0 - last.x0) < 0.5:
                continue
            if char.x0 - last.x1 > 0.2 * char.size:
                words.append([])
        if not words:
            words.append([])
        words[-1].append(char)
    out = ""
    previous_end = None
    for word in filter(None, words):
        column = round((word[0].x0 - margin) / unit)
        if previous_end is None:
            out = " " * max(column, 0)
        else:
            gap = word[0].x0 - previous_end
            space = 0.25 * word[0].size
            out += " " * max(column - len(out), 2) if gap > COLUMN_GAP_SPACES * space else " "
        out += "".join(char.text for char in word)
        previous_end = word[-1].x1
    return out


def changed(row: list[Char]) -> bool:
    visible = [char for char in row if not char.text.isspace()]
    marked = sum(char.marked for char in visible)
    return marked >= min(MARKED_MIN_CHARS, len(visible)) and marked > 0
