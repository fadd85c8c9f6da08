"""The live index generation as searches read it, and everything cached per generation.

A :class:`Generation` opens one Whoosh index per language once and keeps, until a new generation goes
live, what every search would otherwise recompute: searchers (one set per thread), column values
(key, game, number, kind, edition of every document), the documents in each scope as docnum ranges
(editions are contiguous in an index, so a scope is a few ranges), a (key, edition) → document map
for showing the same rule in another language, rule numbers → documents, the edition alignment and
the vocabulary snapshotted at build time, and bounded LRU caches for anything keyed by user input
(query plans, respellings, stored fields, snippets).

Nothing here writes, and nothing here imports the writer: building and swapping generations is
``store.py``'s; the names on disk are ``names.py``'s, the checks ``integrity.py``'s.
"""

from __future__ import annotations

import bisect
import json
import logging
import os
import threading
from bisect import bisect_left
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.collectors import TopCollector, UnlimitedCollector, WrappingCollector
from whoosh.matching import ReadTooFar
from whoosh.query import And, Term

from rulesref.core.games import scheme_name
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.parsers.numbers import get_scheme

from . import expansion, limits, readers_terms, segmentation, semantic
from .budget import BudgetExceeded, Clock, DeadlineSearcher
from .definitions import DEFINES_SEPARATOR
from .integrity import IndexDamaged, generation_problem, note_damaged
from .names import (
    ALIGNMENT,
    ARCHIVE,
    CURRENT,
    EDITION_SEPARATOR,
    EDITIONS,
    MANIFEST,
    VOCABULARY,
    index_root,
    semantic_file,
)
from .weights import RANKING

logger = logging.getLogger(__name__)

# Leaves of a query past which the collector does not try to replace its matcher (see search()).
WIDE_QUERY_LEAVES = 16

COLUMNS = ("key", "game", "number", "kind", "edition", "defines")
# Terms whose place in the terms file a language's index remembers (user input: bounded).
TERM_RANGES = 65536
# Where a remembered block keeps its postings' spans, beside the values decoded by type ("positions").
SPANS = "spans"
# A document length not read yet (Whoosh's own answer may be None: a field the document leaves empty).
_UNREAD = object()


class IndexMissing(Exception):
    pass


class LRU:
    """A small thread-safe least-recently-used cache with a size limit."""

    def __init__(self, size: int):
        self.size = size
        self.data: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key, default=None):
        with self.lock:
            try:
                self.data.move_to_end(key)
            except KeyError:
                return default
            return self.data[key]

    def put(self, key, value) -> None:
        with self.lock:
            self.data[key] = value
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.data.clear()

    def __len__(self) -> int:
        return len(self.data)


@dataclass(frozen=True)
class Scope:
    """The documents of one language a search may return: sorted, disjoint [start, end) ranges."""

    ranges: tuple[tuple[int, int], ...]
    count: int
    games: frozenset[str]

    def __contains__(self, docnum: int) -> bool:
        for start, end in self.ranges:
            if docnum < start:
                return False
            if docnum < end:
                return True
        return False


def _ranges(docnums: list[int]) -> tuple[tuple[int, int], ...]:
    ranges: list[list[int]] = []
    for docnum in sorted(docnums):
        if ranges and ranges[-1][1] == docnum:
            ranges[-1][1] = docnum + 1
        else:
            ranges.append([docnum, docnum + 1])
    return tuple((start, end) for start, end in ranges)


# What warming runs each analyzer over: a word, a number and a Han word, on which the Japanese tokenizer
# loads MeCab's dictionary and Han folding loads OpenCC (that alone ≈190 ms, measured 2026-12-01), so that the first
# Japanese or Chinese query of a process does not pay it inside its time budget.
WARM_SAMPLE = "warm 208 攻撃"


class LanguageIndex:
    """One language's index of a generation and its per-generation lookups."""

    def __init__(self, language: str, path: Path, *, archive: bool = False):
        self.language = language
        # An archive index (``archive.py``): one document per distinct text of every edition, each with
        # the editions printing it (``editions``), newest first; its ``edition`` column is the newest.
        self.archive = archive
        self.index = whoosh_index.open_dir(str(path))
        # Read once: Whoosh's ``index.schema`` unpickles the table of contents (analyzers included) on
        # every access, about 1 ms each, which a query's snippets and plans paid again and again.
        self.schema = self.index.schema
        self.text_analyzer = self.schema["text"].analyzer
        self.local = threading.local()
        with self.index.searcher() as searcher:
            reader = searcher.reader()
            self.doc_count = searcher.doc_count_all()
            # An index without documents has no columns (Whoosh's empty reader has none to give).
            names = COLUMNS + (("edition_list",) if archive else ())
            self.columns = {name: list(reader.column_reader(name)) if self.doc_count else [] for name in names}
        self.by_key_edition: dict[tuple[str, str], int] = {}
        self.by_number: dict[str, list[int]] = {}
        # docnum → the editions printing it, newest first (an archive's; one edition elsewhere).
        self.editions_of: list[tuple[str, ...]] = (
            [tuple(value.decode().split(EDITION_SEPARATOR)) for value in self.columns["edition_list"]]
            if archive
            else [(edition,) for edition in self.columns["edition"]]
        )
        # game → its newest edition in this language: the one edition of each game a current index holds
        # (with several, as in an index built before the archive index: none).
        newest: dict[str, set[str]] = {}
        if not archive:
            for game, edition in zip(self.columns["game"], self.columns["edition"], strict=True):
                newest.setdefault(game, set()).add(edition)
        self.newest = {game: editions.pop() for game, editions in newest.items() if len(editions) == 1}
        for docnum, (key, number, editions) in enumerate(
            zip(self.columns["key"], self.columns["number"], self.editions_of, strict=True)
        ):
            for edition in editions:
                self.by_key_edition.setdefault((key, edition), docnum)
            if number:
                self.by_number.setdefault(number, []).append(docnum)
        self.scopes: dict[tuple[str | None, str | None], Scope] = {}
        self.scope_lock = threading.Lock()
        self.stored = LRU(4096)
        self.postings = LRU(1024)
        # docnum → its topic's words (``topic``); bounded by the documents, not by user input.
        self.topics: dict[int, frozenset[str]] = {}
        # game → the parent function of its numbering scheme (104.3.1 → 104.3; dotted 1.7.6.1 → 1.7.6).
        self.parents: dict[str, object] = {}
        # field → its documents' lengths (``field_length``); bounded by the schema's fields.
        self.lengths: dict[str, object] = {}
        # A block of postings' place in the postings file → what is read of it (``RememberedBlocks``).
        self.blocks = LRU(limits.REMEMBERED_BLOCKS)
        # A term's key in the terms file → where its entry lies (``searcher``); bounded by TERM_RANGES.
        self.term_ranges: dict[bytes, tuple] = {}

    def warm_analyzers(self) -> None:
        """Run every analyzed field's analyzer once over a sample text."""
        schema = self.schema
        for name in schema.names():
            analyzer = getattr(schema[name], "analyzer", None)
            if analyzer is not None:
                for _ in analyzer(WARM_SAMPLE):
                    pass

    def searcher(self):
        searcher = getattr(self.local, "searcher", None)
        if searcher is None:
            searcher = self.local.searcher = self.index.searcher()
            # Whoosh finds a term in its terms file by hashing it (md5) and probing the file's hash table,
            # four to five times per term and search (the matcher, its size estimate, idf, term info):
            # where (and whether) each term is found is remembered per generation instead, for every
            # thread's reader of this one-segment index.
            table = getattr(getattr(searcher.reader(), "_terms", None), "_tindex", None)
            if table is not None and callable(getattr(table, "ranges_for_key", None)):
                table.ranges_for_key = self._remembered_ranges(table.ranges_for_key)
        return searcher

    def _remembered_ranges(self, find):
        """Whoosh's ``HashReader.ranges_for_key`` (where a key's values lie in the terms file), each
        key's answer kept (at most ``TERM_RANGES`` keys; then forgotten all at once and read again)."""
        remembered = self.term_ranges

        def ranges_for_key(key):
            found = remembered.get(key)
            if found is None:
                found = tuple(find(key))
                if len(remembered) >= TERM_RANGES:
                    remembered.clear()
                remembered[key] = found
            return iter(found)

        return ranges_for_key

    def scope(self, game: str | None, edition: str | None) -> Scope:
        """The documents in scope: the latest editions, or one edition; one game. Computed once."""
        key = (game, edition)
        scope = self.scopes.get(key)
        if scope is None:
            if edition:
                parts = [Term("editions" if self.archive else "edition", edition)]
            else:
                parts = [Term("latest", "1")]
            if game:
                parts.append(Term("game", game))
            query = And(parts) if len(parts) > 1 else parts[0]
            docnums = list(self.searcher().docs_for_query(query))
            games = self.columns["game"]
            scope = Scope(_ranges(docnums), len(docnums), frozenset(games[d] for d in docnums))
            with self.scope_lock:
                self.scopes[key] = scope
        return scope

    def topic(self, docnum: int) -> frozenset[str]:
        """What a rule is about beyond its own words: the names its section and its rule define, as
        indexed words ("603. Handling Triggered Abilities" for 603.3b; "702.19. Trample" for 702.19b).
        Empty for sections, glossary entries and notes. Read from columns; cached per generation."""
        topic = self.topics.get(docnum)
        if topic is None:
            columns = self.columns
            words: set[str] = set()
            kind, number, edition = columns["kind"][docnum], columns["number"][docnum], columns["edition"][docnum]
            game = columns["game"][docnum]
            parent_number = self.parents.get(game)
            if parent_number is None:
                parent_number = self.parents[game] = get_scheme(scheme_name(game)).parent
            parent = parent_number(number, kind) if kind in ("rule", "subrule") else None
            while parent:
                for other in self.by_number.get(parent, ()):
                    # In an archive index, a parent printed unchanged in the rule's edition is another document.
                    if edition in self.editions_of[other] and columns["kind"][other] in ("section", "rule"):
                        words.update(columns["defines"][other].replace(DEFINES_SEPARATOR, " ").split())
                parent = parent_number(parent, "rule")
            topic = self.topics[docnum] = frozenset(words)
        return topic

    def cited(self, docnum: int) -> tuple[str, ...]:
        """The rule numbers a document cites (its stored ``cites``; cached per generation)."""
        cache = self.__dict__.setdefault("cited_cache", {})
        found = cache.get(docnum)
        if found is None:
            found = cache[docnum] = tuple(filter(None, (self.stored_fields(docnum).get("cites") or "").split(",")))
        return found

    def parent(self, docnum: int) -> int | None:
        """The rule a subrule belongs to, in the same edition (704.5 for 704.5i; None for rules, sections and
        glossary entries)."""
        columns = self.columns
        if columns["kind"][docnum] != "subrule":
            return None
        game = columns["game"][docnum]
        parent_number = self.parents.get(game)
        if parent_number is None:
            parent_number = self.parents[game] = get_scheme(scheme_name(game)).parent
        number = parent_number(columns["number"][docnum], "subrule")
        edition = columns["edition"][docnum]
        for other in self.by_number.get(number, ()) if number else ():
            if edition in self.editions_of[other]:
                return other
        return None

    def row(self, docnum: int) -> dict:
        """What ranking needs of a hit, from columns: key, game, number, kind, edition."""
        columns = self.columns
        return {
            "key": columns["key"][docnum],
            "game": columns["game"][docnum],
            "number": columns["number"][docnum],
            "kind": columns["kind"][docnum],
            "edition": columns["edition"][docnum],
            "defines": columns["defines"][docnum],
            "doc": docnum,
        }

    def stored_fields(self, docnum: int) -> dict:
        """A document's stored fields (unpickled once per generation; bounded)."""
        fields = self.stored.get(docnum)
        if fields is None:
            fields = dict(self.searcher().stored_fields(docnum))
            self.stored.put(docnum, fields)
        return fields

    def documents_with(self, group: tuple) -> frozenset[int]:
        """Documents holding any of a best-match word's terms or phrases (a phrase: all its words)."""
        key = ("group", group)
        found = self.postings.get(key)
        if found is None:
            found = frozenset().union(*(self._documents_with(item) for item in group))
            self.postings.put(key, found)
        return found

    def game_counts(self, group: tuple, edition: str | None = None) -> dict[str, int]:
        """game → how many of its documents in scope (latest editions, or ``edition``) hold a best-match
        word (kept like the word's documents)."""
        key = ("games", group, edition)
        found = self.postings.get(key)
        if found is None:
            held = sorted(self.documents_with(group))
            found = {}
            for game in self.scope(None, edition).games:
                ranges = self.scope(game, edition).ranges
                count = sum(bisect.bisect_left(held, end) - bisect.bisect_left(held, start) for start, end in ranges)
                if count:
                    found[game] = count
            self.postings.put(key, found)
        return found

    def _documents_with(self, item: tuple) -> frozenset[int]:
        kind, fieldname, value = item
        if kind == "phrase":
            sets = [self._documents_with(("term", fieldname, word)) for word in value]
            return frozenset.intersection(*sets) if sets else frozenset()
        reader = self.searcher().reader()
        if (fieldname, value) not in reader:
            return frozenset()
        return frozenset(reader.postings(fieldname, value).all_ids())

    def positions(self, fieldname: str, text: str, docnums: list[int]) -> dict[int, tuple[int, ...]]:
        """Where a term stands in each of ``docnums`` (sorted) that holds it: its word positions."""
        reader = self.searcher().reader()
        if (fieldname, text) not in reader:
            return {}
        matcher = self.remembering(reader.postings(fieldname, text))
        found = {}
        for docnum in docnums:
            if not matcher.is_active():
                break
            if matcher.id() < docnum:
                matcher.skip_to(docnum)
                if not matcher.is_active():
                    break
            if matcher.id() == docnum:
                found[docnum] = tuple(matcher.value_as("positions"))
        return found

    def field_length(self, fieldname: str):
        """A function docnum → that document's length of ``fieldname`` as BM25F scores it (Whoosh's
        ``doc_field_length(docnum, fieldname, 1)``), each read once per generation: Whoosh reads it from
        the lengths column for every posting it scores, seven calls deep (a twentieth of a question's
        time, cProfile 2026-12-01)."""
        length_of = self.lengths.get(fieldname)
        if length_of is None:
            table = [_UNREAD] * self.doc_count

            def length_of(docnum: int):
                length = table[docnum]
                if length is _UNREAD:
                    length = table[docnum] = self.searcher().doc_field_length(docnum, fieldname, 1)
                return length

            length_of = self.lengths.setdefault(fieldname, length_of)
        return length_of

    def prepare_postings(self, matcher, fieldname: str) -> None:
        """A term's postings (a Whoosh leaf matcher, before it is walked) made to read what this
        generation has read already: its scorer's document lengths (``field_length``) and its blocks
        (``remembering``)."""
        scorer = getattr(matcher, "scorer", None)
        if callable(getattr(scorer, "dfl", None)):
            # BM25F (Whoosh's WeightLengthScorer) asks each document's length through ``dfl``.
            scorer.dfl = self.field_length(fieldname)
        self.remembering(matcher)

    def remembering(self, matcher):
        """``matcher`` (a term's postings, not moved yet) reading its blocks through ``RememberedBlocks``."""
        if type(matcher) is W3LeafMatcher:
            matcher.__class__ = RememberedBlocks
            matcher.remembered = self.blocks
            # Back at its first block (where Whoosh left it, unmoved), this time through the blocks read.
            matcher.reset()
        return matcher

    def search(self, query, scope: Scope, limit: int, *, typed: frozenset | None, deadline: float | None):
        """Top ``limit`` documents of ``scope`` for ``query``; documents out of scope are skipped, not
        scored. ``typed``: (field, term) pairs whose documents to note (``results.typed_docs``: the
        documents collected that one of them matched); None: none noted. Returns (whoosh Results,
        whether the time budget ran out)."""
        searcher = self.searcher()
        # One segment (as every build writes): its docnums and postings are the ones remembered.
        prepare = self.prepare_postings if searcher.is_atomic() else None
        if limit >= searcher.doc_count():
            collector = RangeUnlimitedCollector(scope.ranges, deadline, prepare)
        else:
            collector = RangeTopCollector(limit, scope.ranges, deadline, prepare)
            if sum(1 for _ in query.leaves()) > WIDE_QUERY_LEAVES:
                # Replacing the matcher of a wide union (a wildcard's 64 terms) walks all of its leaves
                # each time and costs more than the documents it could skip: the same results, faster.
                collector.replace = 0
        outer = TypedTermsCollector(collector, typed) if typed is not None else collector
        exceeded = False
        try:
            searcher.search_with_collector(query, outer)
        except BudgetExceeded:
            exceeded = True
        return outer.results(), exceeded


# What Whoosh's W3LeafMatcher._goto reads from a block's header, in this order (the first, whether it is
# the last block, is only ever set to True).
_BLOCK_HEADER = (
    "_lastblock",
    "_nextoffset",
    "_dataoffset",
    "_blocklength",
    "_maxid",
    "_maxweight",
    "_compression",
    "_minlength",
    "_maxlength",
)


class RememberedBlocks(W3LeafMatcher):
    """Whoosh's postings reader, each block's header and decoded contents (ids, weights, values, each
    posting's positions) read once per generation (``LanguageIndex.blocks``) instead of once per search:
    reading a block means seeking, unpickling its header, decompressing and unpickling its data and
    decoding its ids, and a phrase unpickles the positions of every document holding all its words,
    together a fifth of a phrase's time (cProfile, 2026-12-01). What each block holds never changes in a
    generation, and nothing changes what a matcher has read (it only moves through it).

    A leaf matcher becomes one (``prepare_postings``) after Whoosh made it and before it moves, and goes
    back to its first block as it stands (``reset``); it reads every block it moves to through ``_goto``
    and its contents through ``_read_ids``, ``_read_weights``, ``_read_values`` and ``value_as``."""

    remembered: LRU

    def _goto(self, position):
        block = self.remembered.get(position)
        if block is None:
            W3LeafMatcher._goto(self, position)
            block = [tuple(getattr(self, name) for name in _BLOCK_HEADER), None, None, None, {}]
            self.remembered.put(position, block)
        else:
            # What Whoosh's _goto sets, as it set it when it read this block.
            self._data = self._ids = self._weights = self._values = None
            self._i = 0
            lastblock, *rest = block[0]
            for name, value in zip(_BLOCK_HEADER[1:], rest, strict=True):
                setattr(self, name, value)
            if lastblock:
                self._lastblock = True
        self._block = block

    def _read_kept(self, slot: int, read, attribute: str) -> None:
        """One part of the current block (ids, weights, values), read once and kept with the block."""
        block = getattr(self, "_block", None)
        if block is None or block[slot] is None:
            read(self)
            if block is not None:
                block[slot] = getattr(self, attribute)
        else:
            setattr(self, attribute, block[slot])

    def _read_ids(self):
        self._read_kept(1, W3LeafMatcher._read_ids, "_ids")

    def _read_weights(self):
        self._read_kept(2, W3LeafMatcher._read_weights, "_weights")

    def _read_values(self):
        self._read_kept(3, W3LeafMatcher._read_values, "_values")

    def skip_to(self, targetid):
        # Whoosh's skip_to, but within the block it lands in by bisection over the block's ids instead of
        # one next() per posting (ids are sorted; a union of common words skips a lot).
        if not self.is_active():
            raise ReadTooFar
        if targetid <= self.id():
            return
        if targetid > self._maxid:
            self._skip_to_block(lambda: targetid > self._maxid)
        if not self.is_active():
            return
        if self._ids is None:
            self._read_ids()
        i = bisect_left(self._ids, targetid, self._i)
        if i < self._blocklength:
            self._i = i
            return
        # Not in this block after all (its header's largest id said otherwise): as Whoosh walks it.
        self._i = self._blocklength - 1
        while self.is_active() and self.id() < targetid:
            self.next()

    def spans(self):
        # A posting's positions as Whoosh's spans (what a phrase compares), made once; a new list each
        # time, since Whoosh's SpanOr merges the list it is given in place (it never changes a span).
        block = getattr(self, "_block", None)
        if block is None:
            return W3LeafMatcher.spans(self)
        made = block[4].get(SPANS)
        if made is None:
            made = block[4].setdefault(SPANS, [_UNREAD] * self._blocklength)
        spans = made[self._i]
        if spans is _UNREAD:
            spans = made[self._i] = tuple(W3LeafMatcher.spans(self))
        return list(spans)

    def value_as(self, astype):
        # A posting's positions, decoded (unpickled) once: a phrase asks them of every document holding
        # all its words, and the questions' ordering again. Callers only read them.
        block = getattr(self, "_block", None)
        if block is None:
            return W3LeafMatcher.value_as(self, astype)
        decoded = block[4].get(astype)
        if decoded is None:
            decoded = block[4].setdefault(astype, [_UNREAD] * self._blocklength)
        value = decoded[self._i]
        if value is _UNREAD:
            # A tuple: Python's garbage collector stops following a tuple of numbers, not a list.
            value = decoded[self._i] = tuple(W3LeafMatcher.value_as(self, astype))
        return value


class TypedTermsCollector(WrappingCollector):
    """Notes the documents collected that one of the ``typed`` terms matched (``Results.typed_docs``).

    What Whoosh's ``TermsCollector`` would tell, for those terms only: it records every term matcher on
    every document collected (all the glossary forms of a query: a tenth of a cross-language search's
    time, cProfile 2026-12-01), where a search asks only whether a word as typed matched. It checks the
    same term matchers the same way (active, on the document), with the same matcher (``needs_current``).
    """

    def __init__(self, child, typed: frozenset):
        self.child = child
        self.typed = typed

    def prepare(self, top_searcher, q, context):
        self.child.prepare(top_searcher, q, context.set(needs_current=True))
        self.docs: set[int] = set()

    def set_subsearcher(self, subsearcher, offset):
        WrappingCollector.set_subsearcher(self, subsearcher, offset)
        matchers = self.child.matcher.term_matchers()
        self.watched = [(matcher.is_active, matcher.id) for matcher in matchers if matcher.term() in self.typed]

    def collect(self, sub_docnum):
        child = self.child
        child.collect(sub_docnum)
        for is_active, docnum in self.watched:
            if is_active() and docnum() == sub_docnum:
                self.docs.add(child.offset + sub_docnum)
                break

    def results(self):
        results = self.child.results()
        results.typed_docs = frozenset(self.docs)
        return results


class _RangeMatches:
    """A scored collector's ``matches()`` restricted to docnum ranges (with Whoosh's block skipping
    and matcher replacement kept), checking a wall-clock deadline every few dozen documents and
    while the postings of common terms are walked."""

    def _init_ranges(self, ranges, deadline, prepare=None):
        self.ranges = ranges
        self.deadline = deadline
        self.prepare_postings = prepare

    def set_subsearcher(self, subsearcher, offset):
        if self.deadline is not None:
            subsearcher = DeadlineSearcher(subsearcher, self.deadline, self.prepare_postings)
        super().set_subsearcher(subsearcher, offset)
        size = subsearcher.doc_count_all()
        self.sub_ranges = [
            (max(0, start - offset), min(size, end - offset))
            for start, end in self.ranges
            if end - offset > 0 and start - offset < size
        ]

    def matches(self):
        minscore = self.minscore
        matcher = self.matcher
        usequality = self._use_block_quality()
        replace = self.replace
        replacecounter = 0
        checkquality = True
        ranges, position = self.sub_ranges, 0
        # Checked every ``CHECK_EVERY`` documents collected (a clock of its own: the postings have theirs).
        clock = Clock(self.deadline) if self.deadline is not None else None
        while matcher.is_active():
            if replace:
                # Every ``replace`` documents, not at every change of the minimum score as Whoosh does:
                # replacing walks the whole matcher tree, which on a wide union of common words cost
                # more than the documents it skips (the same results, 3× faster on "card").
                if replacecounter == 0:
                    self.matcher = matcher = matcher.replace(minscore or 0)
                    if not matcher.is_active():
                        break
                    usequality = self._use_block_quality()
                    replacecounter = self.replace
                    if self.minscore != minscore:
                        checkquality = True
                        minscore = self.minscore
                replacecounter -= 1
            if usequality and checkquality and minscore is not None:
                matcher.skip_to_quality(minscore)
                if not matcher.is_active():
                    break
            docnum = matcher.id()
            while position < len(ranges) and docnum >= ranges[position][1]:
                position += 1
            if position == len(ranges):
                break
            start = ranges[position][0]
            if docnum < start:
                matcher.skip_to(start)
                checkquality = True
                continue
            yield docnum
            checkquality = matcher.next()
            if clock is not None:
                clock.tick()


class RangeTopCollector(_RangeMatches, TopCollector):
    def __init__(self, limit, ranges, deadline, prepare=None):
        TopCollector.__init__(self, limit)
        self._init_ranges(ranges, deadline, prepare)


class RangeUnlimitedCollector(_RangeMatches, UnlimitedCollector):
    def __init__(self, ranges, deadline, prepare=None):
        UnlimitedCollector.__init__(self)
        self._init_ranges(ranges, deadline, prepare)


class Generation:
    """The live generation's indexes and caches; one object per generation and process."""

    def __init__(self, path: Path, *, current: Generation | None = None):
        self.path = path
        # The archive view of a generation (``current``: the generation itself, see ``archived``): every
        # edition, each language's archive index where it has one, else its current index (which then
        # holds every edition it has). Its own caches (plans, spellings, snippets): its documents differ.
        self.is_archive = current is not None
        self.name = path.name + ("@archive" if current is not None else "")
        if current is None:
            # A generation built before a language was registered has no index for it: that language
            # is not searched until the next build (the database fingerprint names the languages).
            self.languages = {
                lang: LanguageIndex(lang, path / lang) for lang in CONTENT_LANGUAGES if (path / lang).is_dir()
            }
            # The build's concepts, then the readers' terms (read at query time: ``readers_terms``).
            self.vocabulary = expansion.load(
                _read_json(path / VOCABULARY, []), readers_terms.filling_gaps(self._others_print)
            )
            self.alignment = _read_json(path / ALIGNMENT, {})
            # language → edition slug → whether it is a newest edition (none: built before the archive
            # index, when every edition was in the current index).
            self.editions: dict[str, dict[str, bool]] = _read_json(path / EDITIONS, {})
        else:
            self.languages = {
                lang: LanguageIndex(lang, path / ARCHIVE / lang, archive=True)
                if (path / ARCHIVE / lang).is_dir()
                else index
                for lang, index in current.languages.items()
            }
            self.vocabulary, self.alignment, self.editions = current.vocabulary, current.alignment, current.editions
        self.plans = LRU(2048)
        # A query's text → the (language, game) of the known terms it is typed with (``planning``).
        self.typed_terms = LRU(2048)
        self.spellings = LRU(1024)
        self.snippets = LRU(4096)
        self.warmed = False
        self.warm_lock = threading.Lock()
        self.archive_view: Generation | None = None
        # language → its documents' sentence vectors (``vectors``), or None: read once.
        self.semantic: dict[str, object] = {}
        self.semantic_lock = threading.Lock()
        # (language, game, edition) → the scope's docnums as an array (``scope_array``; ``edition`` is typed).
        self.scope_arrays = LRU(64)

    def vectors(self, language: str):
        """The sentence vectors of ``language``'s current index, one row per docnum (float32), or None:
        a language the encoder does not read, a generation built without them, the archive view (its
        documents are others), or a file that cannot be read, which is logged and never fails a search."""
        if self.is_archive or language not in semantic.LANGUAGES or language not in self.languages:
            return None
        if language not in self.semantic:
            with self.semantic_lock:
                if language not in self.semantic:
                    self.semantic[language] = self._read_vectors(language)
        return self.semantic[language]

    def scope_array(self, language: str, game: str | None, edition: str | None):
        """The docnums of ``language``'s scope as a NumPy array (kept per generation and scope)."""
        import numpy as np

        key = (language, game, edition)
        found = self.scope_arrays.get(key)
        if found is None:
            ranges = self.languages[language].scope(game, edition).ranges
            found = np.concatenate([np.arange(start, end) for start, end in ranges]) if ranges else np.zeros(0, int)
            self.scope_arrays.put(key, found)
        return found

    def _read_vectors(self, language: str):
        import numpy as np

        path = semantic_file(self.path, language)
        if not path.exists():
            return None
        try:
            matrix = np.load(path, allow_pickle=False)
            expected = (self.languages[language].doc_count, semantic.DIMENSIONS)
            if matrix.shape != expected:
                raise ValueError(f"holds {matrix.shape[0]} × {matrix.shape[-1]} values, the index needs {expected}")
            matrix = matrix.astype(np.float32)
            if not np.isfinite(matrix).all():
                raise ValueError("holds values that are not numbers")
        except (OSError, ValueError, EOFError) as error:
            logger.warning("%s: sentence vectors not used: %s", path, error)
            return None
        return matrix

    def has_fragment(self, language: str, game: str) -> bool:
        """Whether ``language`` holds at most a fragment of ``game``'s rules (fewer than
        ``RANKING.fragment_below``; none where it has no index): the Japanese and Italian MTG editions."""
        index = self.languages.get(language)
        return index is None or index.scope(game, None).count < RANKING.fragment_below

    def _others_print(self, language: str, form: str, game: str) -> bool:
        """Whether ``language``'s rules of a game other than ``game`` print ``form`` (each of its words),
        where that language has only a fragment of ``game``'s rules (``has_fragment``)."""
        index = self.languages.get(language)
        if index is None or not self.has_fragment(language, game):
            return False
        words = [token.text for token in index.text_analyzer(form, mode="query")]
        if not words:
            return False
        held = frozenset.intersection(*(index.documents_with((("term", "text", word),)) for word in words))
        games, latest = index.columns["game"], index.scope(None, None)
        return any(games[docnum] != game and docnum in latest for docnum in held)

    def __getitem__(self, language: str) -> LanguageIndex:
        return self.languages[language]

    def archived(self) -> Generation:
        """The archive view of this generation (opened on first use, then kept with it)."""
        if self.is_archive:
            return self
        if self.archive_view is None:
            with self.warm_lock:
                if self.archive_view is None:
                    self.archive_view = Generation(self.path, current=self)
        return self.archive_view

    def edition_rank(self, language: str) -> dict[str, int]:
        """Edition slug → its place among the language's editions, newest first (``editions.json``'s order)."""
        ranks = self.__dict__.setdefault("ranks", {})
        rank = ranks.get(language)
        if rank is None:
            rank = ranks[language] = {slug: i for i, slug in enumerate(self.editions.get(language, {}))}
        return rank

    def reads_archive(self, edition: str) -> bool:
        """Whether ``edition:`` names an edition that is not a newest one in some language (read from
        the archive view); a newest edition is searched in the current indexes, as today."""
        return any(edition in by_slug and not by_slug[edition] for by_slug in self.editions.values())

    def warm(self) -> None:
        """Open every language's searcher in this thread (once per thread) and, once per generation,
        run each language's analyzers over a word (a tokenizer loads its dictionary on first use)."""
        for index in self.languages.values():
            index.searcher()
        if not self.warmed:
            with self.warm_lock:
                if not self.warmed:
                    for index in self.languages.values():
                        index.warm_analyzers()
                    if segmentation.SEGMENTED & set(self.languages):
                        segmentation.warm()
                    if any(self.vectors(language) is not None for language in semantic.LANGUAGES):
                        semantic.warm()
                    self.warmed = True

    def aligned_edition(self, game: str, language: str, edition: str, other: str) -> str | None:
        """The slug of the edition of ``other`` aligned with ``edition`` (see selectors.aligned_edition)."""
        if other == language:
            return edition
        return self.alignment.get(game, {}).get(language, {}).get(edition, {}).get(other)


def _read_json(path: Path, missing):
    """A JSON file of the generation (``missing`` when a generation built before it has none)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return missing
    except (OSError, ValueError) as error:
        raise IndexDamaged(f"{path}: cannot be read as JSON ({error})") from None


_generation_lock = threading.Lock()
_generations: dict[str, Generation] = {}


def open_generation() -> Generation:
    """The live generation (opened once per process; the previous one stays open for searches
    still using it). One ``readlink`` per call tells whether a new generation went live."""
    root = index_root()
    link = root / CURRENT
    try:
        target = os.readlink(link)
    except OSError:
        if not link.is_dir():
            raise IndexMissing("The search index has not been built yet: run “python manage.py build_index”.") from None
        # A data directory restored by copying turned the link into a directory: serve it as it
        # is (the next build relinks it). Keyed by its manifest's time, since it has no name.
        path = link
        try:
            key = f"{link}@{(link / MANIFEST).stat().st_mtime_ns}"
        except OSError:
            raise IndexMissing("The search index has not been built yet: run “python manage.py build_index”.") from None
    else:
        path = (root / target) if not os.path.isabs(target) else Path(target)
        key = str(path)
    generation = _generations.get(key)
    if generation is not None:
        return generation
    if not (path / MANIFEST).exists():
        raise IndexMissing("The search index has not been built yet: run “python manage.py build_index”.")
    real = Path(os.path.realpath(path))
    # Sizes checked once per generation and process; a verdict noted below is kept for it too.
    problem = generation_problem(real)
    if problem:
        raise IndexDamaged(problem)
    with _generation_lock:
        generation = _generations.get(key)
        if generation is None:
            try:
                generation = Generation(real)
            except IndexDamaged as error:
                note_damaged(real, str(error))
                raise
            except Exception as error:  # Whoosh fails in many ways on damaged files (EOFError, struct.error…)
                problem = f"{real}: cannot be opened ({type(error).__name__}: {error})"
                note_damaged(real, problem)
                raise IndexDamaged(problem) from None
            for old in list(_generations)[:-1]:
                del _generations[old]
            _generations[key] = generation
        return generation


def read_failed(generation: Generation) -> bool:
    """After a search of ``generation`` failed: whether its files are damaged (every file's sha256
    against its manifest, every index opened). Then the failure is noted, and the generation is
    closed so that the next search is answered at once; otherwise it was no fault of the files."""
    problem = generation_problem(generation.path, thorough=True)
    if problem is None:
        return False
    note_damaged(generation.path, problem)
    with _generation_lock:
        for key, open_one in list(_generations.items()):
            if open_one is generation:
                del _generations[key]
    return True


def forget_generations() -> None:
    """Close every open generation (tests that rebuild the index in another data dir)."""
    with _generation_lock:
        _generations.clear()
