"""Pairing a translation with its source by the shape of the rule tree, not by number.

Pure Python (no Django). A translation that is renumbered against its source (the
Japanese Lorcana 2.2.0 has no Boost section, so its 8.4 … 8.14 are the English
8.5 … 8.15, and it lacks a few rules elsewhere) cannot be paired by number, and
text similarity does not cross languages. What survives translation is the tree
(depth, sibling order, parents) and a few anchors in the text:

- numbers: cited rules ("see 4.4" / "4.4 参照") and other digits ("20 or more lore"
  / "ロアを 20 以上"), NFKC-folded so that full-width ２０ is 20;
- quoted names and abilities: how many “…”, 「…」, 『…』, 《…》, «…» an entry holds;
- Latin words the translation keeps (card names in brackets, "TCG");
- glossary terms and card names, when the game's glossary has both languages;
- relative length: the ratio of the translation's length to the source's, with its
  expected value and spread calibrated per edition pair from the entries whose
  numbers agree (Japanese runs shorter than English in characters, German longer);
- the number itself, relative to the parent (the ``3`` of ``8.4.3``): one signal
  among the others, so that a shift wins when the anchors say so.

The alignment runs top-down: the children of two paired parents (the chapters of
the two editions, to begin with) are aligned as sequences with Needleman–Wunsch,
each pair scored on the two entries and on what is under them (as many entries, as
long, the same anchors), an entry left unpaired at a cost; then the children of
every pair are aligned the same way. An entry whose parent has no partner stays
unpaired (added in the translation, or removed from the source). Sibling order is
kept: a rule that moved to another parent, or before a sibling, is not followed.

Measured on Lorcana en ↔ ja 2.2.0 (566 and 551 numbered entries): 551 pairs, 500
with the same number and 51 renumbered (the English 8.5 … 8.15 and 6.1.16.3), 15
English entries unpaired (Boost, 1.7.6–1.7.7, …, absent from the Japanese), in
0.15 s (1.5 s on the 3,169 rules of the MTG CR); a hand check of 49 pairs found 48 right (docs/importing.md).
"""

from __future__ import annotations

import math
import re
import statistics
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .alignment import Item, Link

# Each piece of evidence adds its log-likelihood ratio, log P(seen | one rule) /
# P(seen | two rules), to a pair's score; the sequence alignment keeps the pairs of
# the best total (GAP below), and a pair's score in [0, 1] is the logistic of the sum.
# An entry left unpaired among siblings that have partners (a rule the translation
# leaves out, or adds): two of them cost more than a doubtful pair.
GAP = -1.0
# The same number relative to the parent (the 3 of 8.4.3), or not.
SAME_NUMBER = 1.5
OTHER_NUMBER = -0.5
# An anchor on one side only (a translator drops a citation, keeps a name in the
# original): this much each, a quarter of it for a plain integer (one side writes
# "two", the other ２), and never more than ONE_SIDED_CAP in all (a figure's labels).
ONE_SIDED = -0.6
ONE_SIDED_CAP = -3.0
# Shared anchors count log(N / entries holding it), at most this much each.
MAX_ANCHOR = 4.0
# Per quotation mark more on one side, at most QUOTES_CAP in all.
QUOTE_STEP = -0.25
QUOTES_CAP = -1.5
# One of the two has entries under it, the other none.
CHILDLESS = -1.5
# The evidence of the texts against a pair is never taken below this: when a
# translation leaves out an example, its length, digits, terms and quotes all fall
# short at once, and are not independent witnesses.
UNLIKE = -3.0
# A Latin word anchors only if at most this share of the source's entries use it.
RARE = 0.05
# Passes that read citations through the renumbering found by the pass before.
PASSES = 4
# Even one rule's lengths are sometimes far apart (a translation leaves out an
# example): this share of one rule's pairs is as spread as two unrelated entries.
OUTLIERS = 0.05
# The spread of log length ratios is never taken below this (a few pairs calibrate it).
MIN_SPREAD = 0.2
# A short text's length says little: the spread grows by this over the shorter length.
SHORT_SPREAD = 4.0

DIGITS = re.compile(r"\d+(?:\.\d+)*[a-z]?(?![a-z])")
INTEGER = re.compile(r"#\d+$")
QUOTE_OPENERS = "“「『《«„‹"
LATIN_WORD = re.compile(r"[a-z][a-z'’]{2,}")


@dataclass(frozen=True)
class Vocabulary:
    """Term and card-name forms known in both languages: (source forms, translation forms) each."""

    pairs: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()


@dataclass
class _Node:
    item: Item
    local: str  # the number relative to the parent: "3" of "8.4.3", "a" of "208.2a"
    anchors: Counter
    quotes: int
    length: int
    children: list[_Node] = field(default_factory=list)
    # The same, summed over the entry and everything under it; the anchors under it.
    tree_anchors: Counter = field(default_factory=Counter)
    tree_length: int = 0
    below: Counter = field(default_factory=Counter)
    size: int = 1


def align_by_structure(
    source: Sequence[Item], translation: Sequence[Item], *, vocabulary: Vocabulary | None = None
) -> list[Link]:
    """Pair the numbered entries of ``translation`` with ``source``'s by structure.

    Both lists are in document order. Links have method ``structure``, relation
    ``same`` (the same number) or ``moved`` (renumbered), and the pair's score.
    The first pass calibrates the length ratios on the entries with the same number
    on both sides; each further pass on the pairs the pass before found, and reads
    the source's citations through the renumbering it found (a citation of a
    renumbered rule is renumbered in the translation too: "see 8.10" is "8.9 参照").
    """
    vocabulary = vocabulary or Vocabulary()
    source = [item for item in source if item.number]
    translation = [item for item in translation if item.number]
    latin = _rare_latin(source, translation)
    anchors_a = {item.id: _anchors(item, vocabulary, 0, latin) for item in source}
    anchors_b = {item.id: _anchors(item, vocabulary, 1, None) for item in translation}
    roots_b = _tree(translation, anchors_b)
    numbers = {item.id: item.number for item in (*source, *translation)}
    by_number = {(item.group, item.number): item.id for item in source}
    calibration = [(by_number[key], item.id) for item in translation if (key := (item.group, item.number)) in by_number]
    renumbered: dict[str, str] = {}
    links: list[Link] = []
    for _ in range(PASSES):
        cited = {key: _renumber(found, renumbered) for key, found in anchors_a.items()}
        roots_a = _tree(source, cited)
        before = links
        links = _top_down(roots_a, roots_b, calibration)
        if links == before:
            break
        calibration = [(link.source, link.target) for link in links]
        renumbered = {numbers[link.source]: numbers[link.target] for link in links if link.relation == "moved"}
    order = {item.id: i for i, item in enumerate(source)}
    links.sort(key=lambda link: order[link.source])
    return links


def _top_down(roots_a: list[_Node], roots_b: list[_Node], calibration: list[tuple[int, int]]) -> list[Link]:
    """One pass: the roots aligned, then the children of every pair, scored as ``calibration`` pairs are alike."""
    scorer = _Scorer.calibrated(roots_a, roots_b, calibration)
    links: list[Link] = []
    pending = [(roots_a, roots_b)]
    while pending:
        children_a, children_b = pending.pop()
        for a, b, score in scorer.align(children_a, children_b):
            relation = "same" if a.item.number == b.item.number else "moved"
            links.append(Link(a.item.id, b.item.id, "structure", relation, round(score, 4)))
            if a.children and b.children:
                pending.append((a.children, b.children))
    return links


# ---------------------------------------------------------------------------
# The rule tree and the anchors of each entry


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _rare_latin(source: Sequence[Item], translation: Sequence[Item]) -> set[str]:
    """Latin words of the translation (card names kept in the original) that few source entries use."""
    held: Counter = Counter()
    for item in source:
        held.update(set(LATIN_WORD.findall(_fold(item.text))))
    limit = max(2, RARE * len(source))
    ours = {word for item in translation for word in LATIN_WORD.findall(_fold(item.text))}
    return {word for word in ours if held[word] <= limit}


def _count(form: str, text: str) -> int:
    """Occurrences of a term's form: as a whole word in a spaced script, anywhere in CJK text."""
    if any(unicodedata.east_asian_width(ch) in "WF" for ch in form):
        return text.count(form)
    return len(re.findall(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text))


def _anchors(item: Item, vocabulary: Vocabulary, side: int, latin: set[str] | None) -> Counter:
    """Cited numbers and digits, Latin words (of ``latin`` only, if given), glossary terms."""
    folded = _fold(item.text)
    found: Counter = Counter()
    for number in DIGITS.findall(folded):
        found["#" + number] += 1
    # The entry's own number is not an anchor of its text (a heading may repeat it).
    found.pop("#" + item.number, None)
    for word in LATIN_WORD.findall(folded):
        if latin is None or word in latin:
            found["w:" + word] += 1
    for index, pair in enumerate(vocabulary.pairs):
        n = sum(_count(_fold(form), folded) for form in pair[side])
        if n:
            found[f"t:{index}"] += n
    return found


def _renumber(anchors: Counter, renumbered: dict[str, str]) -> Counter:
    if not renumbered:
        return anchors
    found: Counter = Counter()
    for key, n in anchors.items():
        if key.startswith("#") and key[1:] in renumbered:
            key = "#" + renumbered[key[1:]]
        found[key] += n
    return found


def _quotes(text: str) -> int:
    return sum(text.count(mark) for mark in QUOTE_OPENERS)


def _length(text: str) -> int:
    return sum(not ch.isspace() for ch in text)


def _tree(items: Sequence[Item], anchors: dict[int, Counter]) -> list[_Node]:
    """The entries as a forest in document order; an entry whose parent is not among them is a root."""
    nodes: dict[int, _Node] = {}
    roots: list[_Node] = []
    for item in items:
        parent = nodes.get(item.parent) if item.parent is not None else None
        if parent is not None and item.number.startswith(parent.item.number):
            local = item.number[len(parent.item.number) :].lstrip(".")
        else:
            local = item.number
        node = _Node(item, local, anchors[item.id], _quotes(item.text), _length(item.text))
        nodes[item.id] = node
        (parent.children if parent is not None else roots).append(node)
    for node in reversed(list(nodes.values())):  # children before parents
        node.tree_anchors = node.anchors.copy()
        node.tree_length, node.size = node.length, 1
        for child in node.children:
            node.tree_anchors.update(child.tree_anchors)
            node.tree_length += child.tree_length
            node.size += child.size
        node.below = node.tree_anchors - node.anchors
    return roots


# ---------------------------------------------------------------------------
# Scores and the sequence alignment


@dataclass(frozen=True)
class _Gauss:
    """A log ratio's distribution for one rule (calibrated) against two unrelated entries."""

    centre: float
    spread: float  # one rule
    background: float  # two entries taken at random
    short: float = 0.0  # added to the variance over the smaller size: short texts' lengths vary more

    @classmethod
    def fitted(cls, same: list[float], xs: list[int], ys: list[int], short: float = 0.0) -> _Gauss:
        """From the log ratios of ``same`` (pairs that are one rule) and all sizes of each side."""
        if len(same) < 3:
            return cls(0.0, 1.0, 1.0, short)
        centre = statistics.median(same)
        spread = max(1.4826 * statistics.median(abs(r - centre) for r in same), MIN_SPREAD)
        # Two entries at random: the log ratio varies as both sides' log sizes do.
        logs = [[math.log(v) for v in side if v > 0] for side in (xs, ys)]
        variance = sum(statistics.pvariance(side) for side in logs if len(side) > 1)
        return cls(centre, spread, max(math.sqrt(variance), spread), short)

    def llr(self, x: int, y: int) -> float:
        """Evidence from two sizes (lengths, entry counts)."""
        if not x or not y:
            return 0.0
        extra = self.short / min(x, y)
        one = math.sqrt(self.spread**2 + extra)
        other = math.sqrt(self.background**2 + extra)
        d = math.log(y / x) - self.centre
        background = math.exp(-0.5 * (d / other) ** 2) / other
        same = (1 - OUTLIERS) * math.exp(-0.5 * (d / one) ** 2) / one + OUTLIERS * background
        return math.log(same / background)


@dataclass(frozen=True)
class _Scorer:
    """How alike two entries are, calibrated on the edition pair: anchor weights and length ratios."""

    weights: dict[str, float]  # anchor → log(N / entries holding it)
    length: _Gauss  # log(translation length / source length)
    size: _Gauss  # log(entries under the translation's / under the source's)
    # Per anchor counter (by id, the counter kept alive beside its total): what one-sided anchors weigh.
    totals: dict[int, tuple[Counter, float]] = field(default_factory=dict, compare=False)

    @classmethod
    def calibrated(cls, roots_a: list[_Node], roots_b: list[_Node], pairs: list[tuple[int, int]]) -> _Scorer:
        """Anchor weights from both sides; length and size ratios of one rule from ``pairs`` (entry ids)."""
        nodes_a, nodes_b = list(_walk(roots_a)), list(_walk(roots_b))
        held: Counter = Counter()
        for node in nodes_a + nodes_b:
            held.update(node.anchors.keys())
        total = len(nodes_a) + len(nodes_b)
        weights = {anchor: min(math.log(total / n), MAX_ANCHOR) for anchor, n in held.items()}
        by_id = {node.item.id: node for node in nodes_a + nodes_b}
        same = [(by_id[a], by_id[b]) for a, b in pairs]
        lengths = [math.log(b.length / a.length) for a, b in same if a.length and b.length]
        sizes = [math.log((b.size - 1) / (a.size - 1)) for a, b in same if a.children and b.children]
        length = _Gauss.fitted(lengths, [n.length for n in nodes_a], [n.length for n in nodes_b], SHORT_SPREAD)
        size = _Gauss.fitted(sizes, [n.size - 1 for n in nodes_a], [n.size - 1 for n in nodes_b])
        return cls(weights, length, size)

    def anchors(self, a: Counter, b: Counter) -> float:
        """Shared anchors for, one-sided ones against (see ONE_SIDED)."""
        if len(a) > len(b):
            a, b = b, a
        shared = one_sided_shared = 0.0
        for key, n in a.items():
            if key in b:
                both = min(n, b[key])
                shared += self.weights.get(key, 0.0) * both
                one_sided_shared += self._doubt(key) * both
        # Σ doubt·|a − b| = Σ doubt·a + Σ doubt·b − 2 Σ doubt·min(a, b)
        one_sided = self._doubts(a) + self._doubts(b) - 2 * one_sided_shared
        return shared + max(ONE_SIDED_CAP, ONE_SIDED * one_sided)

    def _doubt(self, key: str) -> float:
        """How much an anchor missing on one side counts: rarer ones more, plain integers a quarter."""
        return min(1.0, self.weights.get(key, 0.0) / MAX_ANCHOR) * (0.25 if INTEGER.match(key) else 1.0)

    def _doubts(self, anchors: Counter) -> float:
        key = id(anchors)
        if key not in self.totals:
            self.totals[key] = (anchors, sum(self._doubt(anchor) * n for anchor, n in anchors.items()))
        return self.totals[key][1]

    def evidence(self, a: _Node, b: _Node) -> float | None:
        """The log-likelihood ratio that ``a`` and ``b`` are one rule, or None for other kinds of entry."""
        if a.item.group != b.item.group:
            return None
        text = self.anchors(a.anchors, b.anchors)
        text += max(QUOTES_CAP, QUOTE_STEP * abs(a.quotes - b.quotes))
        text += self.length.llr(a.length, b.length)
        if a.children or b.children:
            # What is under them: as many entries, as long, with the same anchors.
            text += self.size.llr(a.size - 1, b.size - 1) if a.children and b.children else CHILDLESS
            text += self.length.llr(a.tree_length - a.length, b.tree_length - b.length)
            text += self.anchors(a.below, b.below)
        return (SAME_NUMBER if a.local == b.local else OTHER_NUMBER) + max(text, UNLIKE)

    def align(self, xs: list[_Node], ys: list[_Node]) -> list[tuple[_Node, _Node, float]]:
        """Needleman–Wunsch over two sibling lists: a pair adds its evidence, an unpaired entry GAP.

        Returns the pairs in order, each with its score (the logistic of its evidence).
        """
        n, m = len(xs), len(ys)
        if not n or not m:
            return []
        scores = [[self.evidence(x, y) for y in ys] for x in xs]
        best = [[GAP * (i + j) if not (i and j) else 0.0 for j in range(m + 1)] for i in range(n + 1)]
        for i in range(1, n + 1):
            row, above = best[i], best[i - 1]
            for j in range(1, m + 1):
                value = max(above[j], row[j - 1]) + GAP
                s = scores[i - 1][j - 1]
                if s is not None:
                    value = max(value, above[j - 1] + s)
                row[j] = value
        pairs = []
        i, j = n, m
        while i and j:
            s = scores[i - 1][j - 1]
            if s is not None and math.isclose(best[i][j], best[i - 1][j - 1] + s, abs_tol=1e-9):
                pairs.append((xs[i - 1], ys[j - 1], 1 / (1 + math.exp(-s))))
                i, j = i - 1, j - 1
            elif math.isclose(best[i][j], best[i - 1][j] + GAP, abs_tol=1e-9):
                i -= 1
            else:
                j -= 1
        pairs.reverse()
        return pairs


def _walk(roots: list[_Node]) -> Iterable[_Node]:
    stack = list(reversed(roots))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))
