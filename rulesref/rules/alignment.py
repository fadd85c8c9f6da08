"""Which entry of one edition is the same rule as which entry of another.

Pure Python (no Django): the import service hands in plain :class:`Item` lists
and stores the :class:`Link` list it gets back. Two kinds of pair are aligned:

- **a translation and the edition it translates** (:func:`align_translation`): a
  translation that follows its source's numbering is paired by number in document
  order; where the numbering disagrees in a few places (Duskmourn's English file
  prints 702.175 twice, the Chinese one 702.175 and 702.176) the entries between
  two agreeing numbers are paired by position, and said so. A translation whose
  numbers disagree with its source's in more places than that (the Japanese
  Lorcana 2.2.0 has no Boost section, so its 8.4 … 8.14 are the English 8.5 … 8.15)
  is aligned by structure instead (:mod:`.structure_alignment`);
- **two editions of one language** (:func:`align_editions`): numbers move between
  editions (The Initiative is 722 in 2023, 723 in 2024, 724 in 2025; Берсерк's
  107.2–107.5 became 108.2–108.5), so numbers are evidence, not identity:
  1. texts that are the same (after masking rule numbers, which renumbering
     changes inside the text too) and occur once on each side are paired first;
  2. the rest are scored by text similarity (rapidfuzz's normalised Indel
     similarity), with a bonus when the numbers are the same and when the parents
     are already paired; the best pairs are taken greedily, one to one;
  3. whole chapters move (the M10 renumbering of 2009: state-based effects 420 →
     704): the unpaired children of two paired entries pair with each other at the
     similarity needed under paired parents, and an unpaired entry pairs with the
     entry most of its children went under (the zone rule 217.2 "Library" with the
     section 401 "Library"), level by level;
  4. terms renamed throughout (M10: "in play" → "on the battlefield"), learnt from
     the pairs found, are read into the unpaired old texts, and steps 2–3 run again;
  5. what is still unpaired and is mostly contained in a paired entry of the other
     side is recorded as a split (one old rule became several) or a merge.

Every link carries its method (``number``, ``text``, ``parent``, ``children``,
``renamed``, ``source``, ``translation``, ``position``, ``structure``) and a score in
[0, 1], so that a person can review it.

:func:`fit` says how well a translation with no stated source fits a candidate
source edition (the Japanese viewer page quotes the English wording it was made
from: "As [this creature] enters the battlefield" is the 2023 wording).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel, Levenshtein
from rapidfuzz.process import extract

from .parsers import numbers

if TYPE_CHECKING:
    from .parsers.numbers import CRScheme, DottedScheme
    from .structure_alignment import Vocabulary

    Scheme = CRScheme | DottedScheme

# Entry kinds that can stand for one another: a rule can become a subrule.
GROUP = {"chapter": "heading", "section": "heading", "rule": "rule", "subrule": "rule", "note": "note"}

# Similarity needed to pair two entries by text alone (different numbers).
TEXT_MIN = 0.72
# ... or when their parents are already paired (a rule that moved with its section).
TEXT_MIN_SAME_PARENT = 0.6
# Two entries with the same number are the same rule unless the texts disagree.
NUMBER_MIN = 0.45
NUMBER_MIN_SAME_PARENT = 0.2
NUMBER_BONUS = 0.3
PARENT_BONUS = 0.1
# ... and when a neighbour on either side is already paired with the candidate's neighbour on that
# side (a rule that moved with its siblings: Lorcana's 4.3.4.4 → 4.3.2.2 beside 4.3.4.3 → 4.3.2.1),
# which also lowers the similarity needed to that of paired parents.
NEIGHBOUR_BONUS = 0.05
# The lowest similarity at which two entries of different numbers can pair by text (a little lower for
# rapidfuzz's cutoff, which rounds otherwise than the score it returns).
TEXT_FLOOR = min(TEXT_MIN, TEXT_MIN_SAME_PARENT) - 0.001
# Following a moved chapter: an unpaired entry pairs with the entry under which at least this many and this
# share of its children went.
CHILDREN_MIN = 2
CHILDREN_SHARE = 0.5
# Renamed terms: at most this many words replaced by at most this many, in at least this many reworded pairs,
# and the same replacement at least this share of the times the old words were replaced.
RENAMED_WORDS = 4
RENAMED_MIN = 8
RENAMED_SHARE = 0.6
# ... and the new edition uses the old words at most this share of the times the old one does.
RENAMED_LEFT = 0.2
LETTERS = re.compile(r"[^\W\d_]{3}")
WORD = re.compile(r"\w+(?:[-'’]\w+)*")
# Each round follows the tree one level further (a chapter, then its sections, then their rules ...).
STRUCTURE_ROUNDS = 8
# A rule's text shorter than this with no final stop is a title (see titled()).
TITLE_MAX = 60
# A note (unnumbered text) pairs only with a text that is nearly the same.
NOTE_MIN = 0.8
# An unpaired entry whose text is this much contained in another is a split/merge part.
PART_MIN = 0.85
# Texts shorter than this are too short to be evidence on their own.
SHORT = 12
# A translation is aligned by structure when pairing by number leaves more than this
# share of both sides' numbered entries unpaired (Duskmourn's zh-hans: 4 of 6,338) ...
RENUMBERED_SHARE = 0.01
# ... and it holds at least this share of its source's numbered entries (an excerpt,
# such as the seeds' ten rules of 208, has no sibling order of its own to align).
FULL_SHARE = 0.5
# Between two paired neighbours: at most this many entries apart, and half alike.
WINDOW = 40
WINDOW_MIN = 0.5

# Rule numbers cited in a text, masked before two editions are compared: the game's numbering
# scheme's pattern (``numbers.get_scheme(name).in_text``; the Comprehensive Rules' by default).
NUMBER_IN_TEXT = numbers.CR.in_text
QUOTES = str.maketrans({"“": '"', "”": '"', "«": '"', "»": '"', "„": '"', "’": "'", "‘": "'", "ё": "е", "Ё": "Е"})
QUOTE_PAIRS = tuple((chr(code), plain) for code, plain in QUOTES.items())
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'\[\] ,.]*[A-Za-z\]]")


@dataclass(frozen=True)
class Item:
    """What alignment needs of one entry."""

    id: int
    kind: str
    number: str
    text: str  # title, text and examples of the entry
    parent: int | None = None
    references: tuple[str, ...] = ()
    examples: int = 0

    @property
    def group(self) -> str:
        return GROUP.get(self.kind, self.kind)


@dataclass(frozen=True)
class Link:
    source: int  # the older edition's entry, or the translated source's
    target: int  # the newer edition's entry, or the translation's
    # "number" | "text" | "parent" | "children" | "renamed" | "source" | "translation" | "position" | "structure"
    method: str
    relation: str  # "same" | "moved" | "split" | "merged"
    score: float

    @property
    def primary(self) -> bool:
        """A one-to-one link: the two entries are one rule (splits and merges are not)."""
        return self.relation in ("same", "moved")


def normalise(text: str, scheme: Scheme | None = None) -> str:
    """Text as compared: NFKC, case-folded, quotes unified, rule numbers masked.

    ``scheme`` is the game's numbering scheme (``numbers.get_scheme``): its ``in_text`` pattern says
    what a cited number looks like (Lorcana's "see 6.1.16.2" is not a Comprehensive Rules number).
    NFKC comes first, so that full-width digits ("１.９.４") are masked too.
    """
    text = unicodedata.normalize("NFKC", text)
    # str.replace per quote: str.translate with a table looks up every character (0.19 s of 0.9 s per pair).
    for quote, plain in QUOTE_PAIRS:
        if quote in text:
            text = text.replace(quote, plain)
    text = text.casefold()
    text = (scheme.in_text if scheme is not None else NUMBER_IN_TEXT).sub("§", text)
    return " ".join(text.split())


def similarity(a: str, b: str, scheme: Scheme | None = None) -> float:
    return Indel.normalized_similarity(normalise(a, scheme), normalise(b, scheme))


# ---------------------------------------------------------------------------
# A translation and its source


def align_translation(
    source: list[Item], translation: list[Item], *, vocabulary: Vocabulary | None = None
) -> list[Link]:
    """Pair a translation's numbered entries with its source's: by number, or by structure if renumbered.

    ``vocabulary`` (glossary terms and card names in both languages) anchors the
    structure alignment; pairing by number does not need it.
    """
    links = align_by_number(source, translation)
    if renumbered(source, translation, links):
        from .structure_alignment import align_by_structure

        return align_by_structure(source, translation, vocabulary=vocabulary)
    return links


def align_by_number(source: list[Item], translation: list[Item]) -> list[Link]:
    """Pair by number in document order, and by position between two agreeing numbers."""
    ours = [item for item in source if item.number]
    theirs = [item for item in translation if item.number]
    keys_a = [(item.group, item.number) for item in ours]
    keys_b = [(item.group, item.number) for item in theirs]
    links: list[Link] = []
    matcher = SequenceMatcher(a=keys_a, b=keys_b, autojunk=False)
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            links.extend(Link(ours[a0 + i].id, theirs[b0 + i].id, "translation", "same", 1.0) for i in range(a1 - a0))
        elif tag == "replace" and a1 - a0 == b1 - b0:
            # The same number of entries between two agreeing numbers, of the same kinds:
            # the translation renumbered them (702.175 printed twice → 702.175, 702.176).
            for i in range(a1 - a0):
                a, b = ours[a0 + i], theirs[b0 + i]
                if a.group == b.group:
                    links.append(Link(a.id, b.id, "position", "moved", 0.5))
    return links


def disagreement(source: list[Item], translation: list[Item], links: list[Link]) -> float:
    """The share of both sides' numbered entries that pairing by number (``links``) left unpaired."""
    numbered = [item.id for item in (*source, *translation) if item.number]
    paired = {link.source for link in links} | {link.target for link in links}
    return sum(entry not in paired for entry in numbered) / len(numbered) if numbered else 0.0


def renumbered(source: list[Item], translation: list[Item], links: list[Link]) -> bool:
    """Is ``translation`` renumbered against ``source`` beyond a few places (see RENUMBERED_SHARE)?"""
    held = sum(bool(item.number) for item in translation)
    full = held >= FULL_SHARE * sum(bool(item.number) for item in source)
    return full and disagreement(source, translation, links) > RENUMBERED_SHARE


def fit(source: list[Item], translation: list[Item]) -> float:
    """How well ``translation`` fits ``source`` as the edition it translates, in [0, 1].

    Per numbered entry of the translation: the number exists in the source with the
    same kind, it cites the same rules, it has as many examples, and the English
    wording it quotes (rules viewers keep "As [this creature] enters the battlefield"
    in the original) is found in the source entry. The mean over entries.
    """
    by_number = {}
    for item in source:
        if item.number:
            by_number.setdefault((item.group, item.number), item)
    scores = []
    for item in translation:
        if not item.number:
            continue
        other = by_number.get((item.group, item.number))
        if other is None:
            scores.append(0.0)
            continue
        parts = [1.0]
        refs_a, refs_b = set(item.references), set(other.references)
        parts.append(1.0 if refs_a == refs_b else len(refs_a & refs_b) / len(refs_a | refs_b))
        parts.append(1.0 if item.examples == other.examples else 0.0)
        quoted = [run.strip(" ,.") for run in LATIN_RUN.findall(item.text) if len(run.split()) >= 3]
        if quoted:
            source_text = normalise(other.text)
            parts.append(sum(fuzz.partial_ratio(normalise(q), source_text) / 100 for q in quoted) / len(quoted))
        scores.append(sum(parts) / len(parts))
    return round(sum(scores) / len(scores), 4) if scores else 0.0


# ---------------------------------------------------------------------------
# Two editions of one language


def align_editions(
    old: list[Item],
    new: list[Item],
    *,
    scheme: Scheme | None = None,
    through: list[tuple[int, int, float]] = (),
) -> list[Link]:
    """Pair the entries of two editions of one language (see the module docstring).

    Both lists are in document order; ``scheme`` is the game's numbering scheme, whose numbers are
    masked in the texts (the Comprehensive Rules' when None). ``through`` are pairs already known from
    the editions these two translate (old entry, new entry, score): a translation's two editions pair as
    their sources do (method ``source``), and only what that leaves is paired by text and number.
    """
    pairing = _Pairing(old, new, scheme)
    if through:
        # What the sources' succession left unpaired (added, removed) stays so in their translation, but
        # for a text printed alike in both.
        pairing.through_sources(through)
        pairing.same_texts()
        return pairing.links() + pairing.parts()
    pairing.same_texts()
    pairing.same_numbers()
    pairing.scored()
    pairing.between_neighbours()
    pairing.structure()
    pairing.renamed()
    return pairing.links() + pairing.parts()


class _Pairing:
    """The state of :func:`align_editions`: one-to-one pairs found so far, by stage."""

    def __init__(self, old: list[Item], new: list[Item], scheme: Scheme | None = None):
        self.old, self.new = old, new
        self.text_old = {item.id: normalise(item.text, scheme) for item in old}
        self.text_new = {item.id: normalise(item.text, scheme) for item in new}
        self.pos_old = {item.id: i for i, item in enumerate(old)}
        self.pos_new = {item.id: i for i, item in enumerate(new)}
        self.new_children: dict[int, list[Item]] = defaultdict(list)
        for item in new:
            if item.parent is not None:
                self.new_children[item.parent].append(item)
        self.old_children: dict[int, list[Item]] = defaultdict(list)
        for item in old:
            if item.parent is not None:
                self.old_children[item.parent].append(item)
        self.new_by_id = {item.id: item for item in new}
        self.forward: dict[int, Link] = {}  # old id → link
        self.backward: dict[int, int] = {}  # new id → old id

    def take(self, a: Item, b: Item, method: str, score: float) -> None:
        relation = "same" if a.number == b.number else "moved"
        self.forward[a.id] = Link(a.id, b.id, method, relation, round(score, 4))
        self.backward[b.id] = a.id

    def free_old(self) -> list[Item]:
        return [item for item in self.old if item.id not in self.forward]

    def free_new(self) -> list[Item]:
        return [item for item in self.new if item.id not in self.backward]

    def parents_paired(self, a: Item, b: Item) -> bool:
        if a.parent is None or b.parent is None:
            return False
        link = self.forward.get(a.parent)
        return link is not None and link.target == b.parent

    def similarity(self, a: Item, b: Item) -> float:
        return Indel.normalized_similarity(self.text_old[a.id], self.text_new[b.id])

    def neighbours_paired(self, a: Item, b: Item) -> bool:
        """Whether the entry before ``a`` is paired with the one before ``b``, or the one after with the one after."""
        i, j = self.pos_old[a.id], self.pos_new[b.id]
        for step in (-1, 1):
            if 0 <= i + step < len(self.old) and 0 <= j + step < len(self.new):
                link = self.forward.get(self.old[i + step].id)
                if link is not None and link.target == self.new[j + step].id:
                    return True
        return False

    def through_sources(self, through: list[tuple[int, int, float]]) -> None:
        """0. The pairs of the source editions, carried over through both translations."""
        old = {item.id: item for item in self.old}
        new = {item.id: item for item in self.new}
        for a, b, score in through:
            if a in old and b in new and a not in self.forward and b not in self.backward:
                self.take(old[a], new[b], "source", score)

    def same_texts(self) -> None:
        """1. The same text (numbers masked), printed once on each side."""
        keys_old = {item.id: (item.group, self.text_old[item.id]) for item in self.old}
        keys_new = {item.id: (item.group, self.text_new[item.id]) for item in self.new}
        count_old, count_new = Counter(keys_old.values()), Counter(keys_new.values())
        unique_new = {keys_new[item.id]: item for item in self.new if count_new[keys_new[item.id]] == 1}
        for item in self.old:
            key = keys_old[item.id]
            if count_old[key] == 1 and key[1] and key in unique_new:
                other = unique_new[key]
                self.take(item, other, "number" if item.number == other.number else "text", 1.0)

    def same_numbers(self) -> None:
        """2. The same number under paired parents, with a text that changed only a little.

        In document order, so that a section is paired before its rules.
        """
        by_number: dict[tuple[str, str], list[Item]] = defaultdict(list)
        for item in self.free_new():
            if item.number:
                by_number[(item.group, item.number)].append(item)
        seen: Counter = Counter()
        for a in self.free_old():
            if not a.number:
                continue
            key = (a.group, a.number)
            nth = seen[key]
            seen[key] += 1
            slots = by_number.get(key, [])
            if nth >= len(slots) or slots[nth].id in self.backward:
                continue
            b = slots[nth]
            if self.parents_paired(a, b):
                score = self.similarity(a, b)
                if score >= 0.8:
                    self.take(a, b, "number", score)

    def scored(self) -> None:
        """3. Everything else: the best-scoring pairs first, one to one."""
        rest_old, rest_new = self.free_old(), self.free_new()
        if not rest_old or not rest_new:
            return
        texts_new = [self.text_new[item.id] for item in rest_new]
        slots: dict[tuple[str, str], list[int]] = defaultdict(list)
        for j, b in enumerate(rest_new):
            if b.number:
                slots[(b.group, b.number)].append(j)
        # An entry pairs by text with one of its own kind or a note (a note with anything): per kind, the
        # positions of those entries in order of length.
        choices: dict[str, list[int]] = {
            group: sorted(
                (j for j, b in enumerate(rest_new) if group == "note" or b.group in (group, "note")),
                key=lambda j: len(texts_new[j]),
            )
            for group in {a.group for a in rest_old}
        }
        lengths = {group: [len(texts_new[j]) for j in js] for group, js in choices.items()}
        allowed = {group: set(js) for group, js in choices.items()}
        cutoff = TEXT_MIN - 0.001
        # Two texts are at most 2·shorter/(both lengths) alike: only lengths within this ratio can reach it.
        ratio = cutoff / (2 - cutoff)
        index = {b.id: j for j, b in enumerate(rest_new)}
        seen: Counter = Counter()
        candidates: list[tuple[float, float, str, Item, Item]] = []
        for a in rest_old:
            # Only similarities that can make a text candidate matter: TEXT_MIN against every entry
            # (rapidfuzz stops early below it, and most pairs of unrelated rules are 0.3–0.5 alike), the
            # lower TEXT_MIN_SAME_PARENT only against the entries it applies to (under the counterpart of the
            # parent, beside the counterpart of a neighbour); the candidate of the same number is scored on its
            # own; and only texts of a length that can reach TEXT_MIN go to rapidfuzz. Measured on en
            # 2009-05-01 → 2009-07-08 (M10): the pass took 6.3 s → 0.8 s (same links).
            text, js = self.text_old[a.id], choices[a.group]
            low = bisect_left(lengths[a.group], len(text) * ratio - 1)
            high = bisect_right(lengths[a.group], len(text) / ratio + 1)
            row = [
                (choice, sim, js[low + k])
                for choice, sim, k in extract(
                    text,
                    [texts_new[j] for j in js[low:high]],
                    scorer=Indel.normalized_similarity,
                    score_cutoff=cutoff,
                    limit=None,
                )
            ]
            found = {j for _, _, j in row}
            for j in self.near(a, index):
                if j not in found and j in allowed[a.group]:
                    sim = Indel.normalized_similarity(self.text_old[a.id], texts_new[j], score_cutoff=TEXT_FLOOR)
                    if sim:
                        row.append((texts_new[j], sim, j))
            if a.number:
                # The n-th printing of a number pairs with the n-th (Duskmourn's two 702.175).
                key = (a.group, a.number)
                nth = seen[key]
                seen[key] += 1
                if nth < len(slots.get(key, ())):
                    j = slots[key][nth]
                    b = rest_new[j]
                    sim = Indel.normalized_similarity(
                        self.text_old[a.id], texts_new[j], score_cutoff=NUMBER_MIN_SAME_PARENT
                    )
                    floor = NUMBER_MIN_SAME_PARENT if self.parents_paired(a, b) else NUMBER_MIN
                    # A rule that grew subrules: its old text now spans it and its new subrules.
                    grown = self.with_new_children(b)
                    if sim < floor and grown != self.text_new[b.id]:
                        evidence = Indel.normalized_similarity(self.text_old[a.id], grown)
                    else:
                        evidence = sim
                    if evidence >= floor:
                        candidates.append((evidence + NUMBER_BONUS, sim, "number", a, b))
            for _, sim, j in row:
                b = rest_new[j]
                if a.number and a.number == b.number:
                    continue
                if "note" in (a.group, b.group):
                    if sim < NOTE_MIN or min(len(a.text), len(b.text)) < SHORT:
                        continue
                elif a.group != b.group:
                    continue
                same_parent = self.parents_paired(a, b)
                beside = self.neighbours_paired(a, b)
                if sim < (TEXT_MIN_SAME_PARENT if same_parent or beside else TEXT_MIN):
                    continue
                if min(len(a.text), len(b.text)) < SHORT and not same_parent:
                    continue
                bonus = (PARENT_BONUS if same_parent else 0.0) + (NEIGHBOUR_BONUS if beside else 0.0)
                candidates.append((sim + bonus, sim, "text", a, b))
        candidates.sort(key=lambda c: (-c[0], -c[1], self.pos_old[c[3].id], self.pos_new[c[4].id]))
        for _, sim, method, a, b in candidates:
            if a.id not in self.forward and b.id not in self.backward:
                self.take(a, b, method, sim)

    def near(self, a: Item, index: dict[int, int]) -> list[int]:
        """The positions in ``index`` (unpaired new entries) of the entries ``b`` for which
        ``parents_paired(a, b)`` or ``neighbours_paired(a, b)``."""
        found = []
        link = self.forward.get(a.parent) if a.parent is not None else None
        if link is not None:
            found.extend(index[c.id] for c in self.new_children.get(link.target, ()) if c.id in index)
        i = self.pos_old[a.id]
        for step in (-1, 1):
            if 0 <= i + step < len(self.old):
                link = self.forward.get(self.old[i + step].id)
                if link is not None and 0 <= self.pos_new[link.target] - step < len(self.new):
                    b = self.new[self.pos_new[link.target] - step]
                    if b.id in index:
                        found.append(index[b.id])
        return found

    def with_new_children(self, b: Item) -> str:
        """``b``'s text followed by the texts of its unpaired children (subrules it gained)."""
        children = [self.text_new[c.id] for c in self.new_children.get(b.id, ()) if c.id not in self.backward]
        return " ".join([self.text_new[b.id], *children])

    def between_neighbours(self) -> None:
        """4. An unpaired entry between two paired neighbours pairs with the most similar
        unpaired entry between their counterparts (the fragment's 106.4 and Heroes' 107.3),
        if the texts are at least half alike."""
        for i, a in enumerate(self.old):
            if a.id in self.forward or a.group == "note":
                continue
            before = next((self.forward[o.id] for o in reversed(self.old[:i]) if o.id in self.forward), None)
            after = next((self.forward[o.id] for o in self.old[i + 1 :] if o.id in self.forward), None)
            low = self.pos_new[before.target] + 1 if before else 0
            high = self.pos_new[after.target] if after else len(self.new)
            if before is None and after is None or high - low > WINDOW:
                continue
            best = None
            for b in self.new[low:high]:
                if b.id in self.backward or b.group != a.group:
                    continue
                score = self.similarity(a, b)
                if score >= WINDOW_MIN and (best is None or score > best[1]):
                    best = (b, score)
            if best is not None:
                self.take(a, best[0], "number" if a.number == best[0].number else "text", best[1])

    def structure(self) -> None:
        """5. Follow the rule tree where whole chapters moved (the M10 renumbering of 2009: state-based effects
        420 → 704, 420.5b → 704.5f): the children of two paired entries pair with each other (``parent``), an
        unpaired entry pairs with the entry most of its children went under (``children``), level by level
        until neither finds more."""
        for _ in range(STRUCTURE_ROUNDS):
            if not self.under_paired_parents() | self.over_paired_children():
                break

    def under_paired_parents(self) -> bool:
        """The unpaired children of paired entries pair with each other, the most similar first, at the
        similarity of the scored pass for paired parents (TEXT_MIN_SAME_PARENT): that pass scores every pair
        once, before it knows which parents it will pair (420.5 → 704.5 is one of its own pairs, so 420.5f →
        704.5d, 0.70 alike, fell short of TEXT_MIN). Sibling order only breaks ties: M10 reordered 420.5's
        list (420.5b → 704.5f, 420.5g → 704.5b)."""
        found = False
        for a_id, link in list(self.forward.items()):
            kids_a, kids_b = self.old_children.get(a_id, ()), self.new_children.get(link.target, ())
            if not kids_a or not kids_b:
                continue
            found |= self.back_under(kids_a, kids_b, link.target)
            free_b = [b for b in kids_b if b.id not in self.backward and b.group != "note"]
            candidates = [
                (score, i, j, a, b)
                for i, a in enumerate(kids_a)
                if a.id not in self.forward and a.group != "note"
                for j, b in enumerate(free_b)
                if a.group == b.group
                and (score := self.similarity(a, b)) >= TEXT_MIN_SAME_PARENT
                and min(len(a.text), len(b.text)) >= SHORT
            ]
            for score, _, _, a, b in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
                if a.id not in self.forward and b.id not in self.backward:
                    self.take(a, b, "parent", score)
                    found = True
        return found

    def back_under(self, kids_a: list[Item], kids_b: list[Item], parent_b: int) -> bool:
        """A child paired outside its parent's counterpart, whose text a free child of the counterpart has
        at least as much, is paired with that child instead: M10's 400 "General" is the zones' and 600
        "General" the abilities' (chapter 4 of 2009-05 is chapter 6), and their numbers are no evidence."""
        found = False
        for a in kids_a:
            link = self.forward.get(a.id)
            if link is None or self.new_by_id[link.target].parent == parent_b:
                continue
            score = self.similarity(a, self.new_by_id[link.target])
            better = [b for b in kids_b if b.id not in self.backward and b.group == a.group]
            if not better:
                continue
            b = max(better, key=lambda b: self.similarity(a, b))
            if self.similarity(a, b) >= max(score, TEXT_MIN):
                del self.backward[link.target]
                self.take(a, b, "parent", self.similarity(a, b))
                found = True
        return found

    def over_paired_children(self) -> bool:
        """An unpaired entry pairs with the unpaired entry that most of its children's counterparts are under
        (the zone rule 217.2 "Library" of 2009-05 with the section 401 "Library" of M10: its 217.2a–g are
        401.1–7): their parent or grandparent (Lorcana's section 5.1 of the 2025 PDF is 5.1 of 2.1.0, its
        rules 5.1.1–5.1.12 now subrules of 5.1.1), an entry of its own kind first, then the most of them,
        then the nearest. Of another kind only if it is a title or its text is alike (TEXT_MIN). The score is
        the share of its children under it."""
        found = False
        for a in self.old:
            kids = self.old_children.get(a.id, ())
            if a.id in self.forward or len(kids) < CHILDREN_MIN or a.group == "note":
                continue
            votes: Counter = Counter()
            depth: dict[int, int] = {}
            for kid in kids:
                link = self.forward.get(kid.id)
                above = self.new_by_id[link.target].parent if link is not None else None
                for level in range(2):
                    if above is None:
                        break
                    votes[above] += 1
                    depth[above] = min(depth.get(above, level), level)
                    above = self.new_by_id[above].parent
            fits = [
                (self.new_by_id[target].group == a.group, n, -depth[target], target)
                for target, n in votes.items()
                if target not in self.backward and n >= CHILDREN_MIN and n >= CHILDREN_SHARE * len(kids)
            ]
            for _, n, _, target in sorted(fits, reverse=True):
                b = self.new_by_id[target]
                if a.group == b.group or titled(a) or self.similarity(a, b) >= TEXT_MIN:
                    self.take(a, b, "children", n / len(kids))
                    found = True
                    break
        return found

    def renamed(self) -> None:
        """6. Terms the new edition renamed throughout (M10: "in play" → "on the battlefield", "removed from the
        game" → "exiled"), learnt from the pairs found, read into the unpaired old texts; the
        scored, neighbour and tree passes then run again on what is unpaired (method ``renamed``, or
        ``parent``/``children`` for what the tree brings)."""
        terms = self.renamed_terms()
        if not terms:
            return
        pattern = re.compile("|".join(rf"(?<!\w){re.escape(old)}(?!\w)" for old, _ in terms))
        replace = dict(terms)
        for item in self.free_old():
            self.text_old[item.id] = pattern.sub(lambda m: replace[m.group(0)], self.text_old[item.id])
        before = set(self.forward)
        self.scored()
        self.between_neighbours()
        for old in set(self.forward) - before:
            link = self.forward[old]
            self.forward[old] = Link(link.source, link.target, "renamed", link.relation, link.score)
        self.structure()

    def renamed_terms(self) -> list[tuple[str, str]]:
        """(old words, new words) replaced in at least RENAMED_MIN of the reworded pairs, the old words each
        time replaced by the same new words at least RENAMED_SHARE of the time; longest first."""
        replaced: Counter = Counter()
        for link in self.forward.values():
            if link.score >= 1.0:
                continue
            a, b = WORD.findall(self.text_old[link.source]), WORD.findall(self.text_new[link.target])
            found = set()
            for i0, i1, j0, j1 in _replaced_runs(a, b):
                if 0 < i1 - i0 <= RENAMED_WORDS and 0 < j1 - j0 <= RENAMED_WORDS:
                    found.add((" ".join(a[i0:i1]), " ".join(b[j0:j1])))
            replaced.update(found)
        per_old: Counter = Counter()
        for (old, _), n in replaced.items():
            per_old[old] += n
        terms = [
            (old, new)
            for (old, new), n in replaced.items()
            if n >= RENAMED_MIN and n >= RENAMED_SHARE * per_old[old] and LETTERS.search(old) and LETTERS.search(new)
        ]
        if not terms:
            return []

        # A renamed term is gone from the new edition (M10 prints "in play" once, against 85 times in 2009-05);
        # a word that is still used ("effect", "planeswalker") was replaced in a few places, not renamed.
        def uses(texts: Iterable[str], words: str) -> int:
            pattern = re.compile(rf"(?<!\w){re.escape(words)}(?!\w)")
            # The regular expression only where the words are (M10: 0.56 s → 0.03 s).
            return sum(len(pattern.findall(text)) for text in texts if words in text)

        terms = [
            (old, new)
            for old, new in terms
            if uses(self.text_new.values(), old) <= RENAMED_LEFT * uses(self.text_old.values(), old)
        ]
        return sorted(terms, key=lambda term: (-len(term[0]), term))

    def links(self) -> list[Link]:
        return list(self.forward.values())

    def parts(self) -> list[Link]:
        """7. Splits and merges: an unpaired entry mostly contained in a paired neighbour's counterpart."""
        found = []
        counterpart_of_new = self.backward  # new id → old id
        counterpart_of_old = {old: link.target for old, link in self.forward.items()}
        old_by_id = {item.id: item for item in self.old}
        new_by_id = {item.id: item for item in self.new}
        for i, item in enumerate(self.new):
            if item.id not in self.backward and item.group != "note":
                wholes = [old_by_id[o] for o in _near(self.new, i, counterpart_of_new)]
                best = _container(item, self.text_new[item.id], wholes, self.text_old)
                if best is not None:
                    found.append(Link(best[0].id, item.id, "text", "split", best[1]))
        for i, item in enumerate(self.old):
            if item.id not in self.forward and item.group != "note":
                wholes = [new_by_id[n] for n in _near(self.old, i, counterpart_of_old)]
                best = _container(item, self.text_old[item.id], wholes, self.text_new)
                if best is not None:
                    found.append(Link(item.id, best[0].id, "text", "merged", best[1]))
        return found


def _replaced_runs(a: list[str], b: list[str]):
    """(i0, i1, j0, j1) of each run of words between two equal runs (rapidfuzz's word-level edit script, its
    adjacent inserts, deletes and replacements joined: "into play" → "onto the battlefield")."""
    run = None
    for op in Levenshtein.opcodes(a, b):
        if op.tag == "equal":
            if run is not None:
                yield run
            run = None
        elif run is None:
            run = (op.src_start, op.src_end, op.dest_start, op.dest_end)
        else:
            run = (run[0], op.src_end, run[2], op.dest_end)
    if run is not None:
        yield run


def titled(item: Item) -> bool:
    """A rule printed as a title ("217.2. Library", M10's section 401): a heading to the alignment."""
    return len(item.text) < TITLE_MAX and not item.text.rstrip().endswith((".", ":", ")", '"'))


def _near(items: list[Item], position: int, counterpart: dict[int, int], reach: int = 3) -> list[int]:
    """The counterparts of up to ``reach`` paired entries on each side of ``position``."""
    near = []
    for step in (-1, 1):
        index, found = position + step, 0
        while 0 <= index < len(items) and found < reach:
            if items[index].id in counterpart:
                near.append(counterpart[items[index].id])
                found += 1
            index += step
    return near


def _container(part: Item, text: str, wholes: list[Item], texts: dict[int, str]) -> tuple[Item, float] | None:
    """The entry of ``wholes`` whose text contains most of ``part``'s text, if enough of it."""
    if len(text) < SHORT:
        return None
    best = None
    for whole in wholes:
        if whole.group != part.group:
            continue
        other = texts[whole.id]
        if len(other) <= len(text) * 0.8:
            continue
        # The cutoff lets rapidfuzz stop early on a pair that cannot reach it (the same result, faster).
        score = fuzz.partial_ratio(text, other, score_cutoff=PART_MIN * 100) / 100
        if score >= PART_MIN and (best is None or score > best[1]):
            best = (whole, round(score, 4))
    return best


# ---------------------------------------------------------------------------
# Reports


def counts(links: list[Link], old: list[Item], new: list[Item]) -> dict[str, int]:
    """Per pair of editions: same-number, moved, split, merged, added, removed (numbered entries)."""
    numbered_old = {item.id for item in old if item.number}
    numbered_new = {item.id for item in new if item.number}
    primary = [link for link in links if link.primary and link.source in numbered_old and link.target in numbered_new]
    linked_old = {link.source for link in primary}
    linked_new = {link.target for link in primary}
    split = [link for link in links if link.relation == "split" and link.target in numbered_new]
    merged = [link for link in links if link.relation == "merged" and link.source in numbered_old]
    return {
        "same_number": sum(link.relation == "same" for link in primary),
        "moved": sum(link.relation == "moved" for link in primary),
        "split": len(split),
        "merged": len(merged),
        "added": len(numbered_new - linked_new - {link.target for link in split}),
        "removed": len(numbered_old - linked_old - {link.source for link in merged}),
    }


def translation_counts(links: list[Link], source: list[Item], translation: list[Item]) -> dict[str, int]:
    """Per translation and its source: same number, renumbered, added (only in the translation),
    removed (only in the source), and how many pairs the structure alignment found."""
    numbered_source = {item.id for item in source if item.number}
    numbered_translation = {item.id for item in translation if item.number}
    primary = [
        link
        for link in links
        if link.primary and link.source in numbered_source and link.target in numbered_translation
    ]
    return {
        "same_number": sum(link.relation == "same" for link in primary),
        "renumbered": sum(link.relation == "moved" for link in primary),
        "added": len(numbered_translation - {link.target for link in primary}),
        "removed": len(numbered_source - {link.source for link in primary}),
        "by_structure": sum(link.method == "structure" for link in primary),
    }


class Groups:
    """Union-find over entries that never puts two entries of one edition together."""

    def __init__(self, entries: list[tuple[int, int]]):
        self.parent = {entry: entry for entry, _ in entries}
        self.editions = {entry: {edition} for entry, edition in entries}

    def find(self, entry: int) -> int:
        root = entry
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[entry] != root:
            self.parent[entry], entry = root, self.parent[entry]
        return root

    def join(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return True
        if self.editions[ra] & self.editions[rb]:
            return False
        if len(self.editions[ra]) < len(self.editions[rb]):
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.editions[ra] |= self.editions.pop(rb)
        return True

    def groups(self) -> dict[int, list[int]]:
        found: dict[int, list[int]] = defaultdict(list)
        for entry in self.parent:
            found[self.find(entry)].append(entry)
        return found
