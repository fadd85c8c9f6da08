"""Text analysis: one analyzer per content language, and the card-symbol extractor.

Every analyzer here is pickled into the index it builds (whoosh stores the schema), so the classes live
at module top level under this stable import path and carry only plain, picklable attributes.

Offsets under NFKC. Highlighting marks ``[startchar, endchar)`` of the *stored* (original) text, and
NFKC changes string lengths ("ﾀﾞ" → "ダ", "㍿" → "株式会社"), so the tokenizers never normalise their
input: they match the original text (``\\w`` already treats full-width letters and digits as word
characters, and the full-width "．" and "／" join numbers as "." and "/" do), and ``NFKCFilter`` normalises
only each token's text afterwards. Offsets therefore always index the original.

Japanese. fugashi (MeCab + unidic-lite) splits the text into morphemes and we index each dictionary
lemma, so inflected forms meet: 破壊される → 破壊 / さ(為る) / れる and 破壊する → 破壊 / する(為る).
Particles (助詞) and auxiliary verbs (助動詞) are dropped like stop words: keeping れる would make
"破壊される" fail to find "破壊する" under the query parser's AND, and keeping が/を would make
"クリーチャーが破壊" miss "クリーチャーを破壊". The price (ない is an auxiliary, so "破壊されない" also
finds "破壊される") is paid back by the bigram field, which keeps every character.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import os
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from whoosh.analysis import (
    Analyzer,
    Filter,
    LowercaseFilter,
    StemFilter,
    StopFilter,
    Token,
    Tokenizer,
)
from whoosh.lang.porter2 import stem as porter2_stem
from whoosh.lang.stopwords import stoplists

from rulesref.core import han, languages, scripts

__all__ = [
    "ANALYSIS_VERSION",
    "ANALYZERS",
    "CJKBigramTokenizer",
    "CompoundVocabulary",
    "ElisionFilter",
    "GermanCompoundFilter",
    "GermanVerbFilter",
    "HanFoldFilter",
    "ItalianElisionFilter",
    "JapaneseTokenizer",
    "NFKCFilter",
    "UnknownAnalyzer",
    "WordTokenizer",
    "YoFoldFilter",
    "analysis_key",
    "analyzer_for",
    "bigram_analyzer",
    "cjk_bigram_analyzer",
    "english_analyzer",
    "compound_parts",
    "extract_symbols",
    "french_analyzer",
    "german_analyzer",
    "italian_analyzer",
    "japanese_analyzer",
    "reads_texts",
    "russian_analyzer",
    "tokens",
]


# What the analyzers index, as a number: bump it when an analyzer indexes any text differently. It is part
# of every generation's fingerprint (documents.database_fingerprint), so an index built by the previous
# analyzers is stale and `build_index --if-stale` (and every ensure_index) rebuilds it.
# 1: until 2026-12-01 (not recorded); 2: Han characters folded across Japanese and Chinese, and the Japanese
# bigram field filled (it was declared, queried and always empty); 3: every name a rule's sentences
# define is indexed ("These are called state triggers", "Layer 4:"), not only its opening sentence's; 4: "The
# term dies means …" defines "dies" (it defined "term dies"); 5: "… называется эффектом замещения" defines
# "эффект замещения"; 6: rules in German, French and Japanese define names too ("Charaktere sind ein
# Kartentyp", "Le coût est le montant", "コストは、…支払いである"), and "A player’s lore total is …" defines
# "lore total"; 7: English stemmed by Porter2, twice ("tapped" and "tap", "sacrificed" and "sacrifice" meet);
# 8: a label before a dash defines its name ("Exerted – When a card is exerted …"); 9: "Очередь состоит из …"
# defines "очередь"; 10: a section's first rule opening with the section's name defines it ("A continuous
# effect modifies …"); 11: German participles read as the infinitive the rules print ("getintete" → "tinten",
# "ausgespielt" → "ausspielen"); 12: a name opens with no German preposition and
# is no English "following" ("Im Folgenden sind …", "The following are …" define nothing).
# 13: present-tense German forms ("zieht") no longer read as infinitives; 14: a negated verb makes no name ("A
# creature can’t have a greater power …" defined "creature"); 15: "так называемые отложенные эффекты" and
# "Einige Effekte gelten als Ersatzeffekte" define names; 16: "… est connu sous les termes “passer le sac”" too;
# 17: a keyword action's subrule saying what it is to do it ("To “scry N” means …") defines it.
ANALYSIS_VERSION = 17

_CJK = scripts.CJK
_HAS_CJK = scripts.CJK_RE

# A word, or a number with its dots and slashes: "208.2a", "104.3.1", "2/3", "２０８．２ａ" stay one token.
# A dot or slash joins only when a digit follows, so "end.The" and "and/or" still split.
_JOINER = "[.．/／]"
_WORD = rf"\w+(?:{_JOINER}\d\w*)*"
# Word characters that are not CJK, for the languages that hand CJK runs to another tokenizer.
_LATIN_WORD = rf"[^\W{_CJK}]+(?:{_JOINER}\d[^\W{_CJK}]*)*"
# Italian: an elided word keeps its apostrophe so that ItalianElisionFilter can recognise it.
_APOSTROPHES = "'’"
_ELIDED_WORD = rf"\w+[{_APOSTROPHES}](?=[^\W\d_])"

_WORD_RE = re.compile(_WORD)
_ELISION_WORD_RE = re.compile(f"{_ELIDED_WORD}|{_WORD}")
_LATIN_WORD_RE = re.compile(_LATIN_WORD)
_CJK_OR_LATIN_RE = re.compile(f"(?P<cjk>[{_CJK}]+)|{_LATIN_WORD}")


class UnknownAnalyzer(LookupError):
    """A content language names an analyzer this module does not provide."""


class _Comparable:
    """Whoosh compares analyzers when it checks schemas: equal class and settings mean equal."""

    def __eq__(self, other):
        return self.__class__ is other.__class__ and self.__dict__ == other.__dict__

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __repr__(self):
        settings = ", ".join(f"{key}={value!r}" for key, value in sorted(self.__dict__.items()))
        return f"{self.__class__.__name__}({settings})"


def _single_token(t: Token, value: str, positions: bool, chars: bool, start_pos: int, start_char: int) -> Token:
    """The whole value as one token, for callers that pass ``tokenize=False`` (whoosh does, for some queries)."""
    t.original = t.text = value
    t.boost = 1.0
    t.stopped = False
    if positions:
        t.pos = start_pos
    if chars:
        t.startchar = start_char
        t.endchar = start_char + len(value)
    return t


# Tokenizers


class WordTokenizer(_Comparable, Tokenizer):
    """Words and numbers of alphabetic text, with exact offsets into the original text.

    Apostrophes split words ("l'oggetto" → "l", "oggetto"; "creature's" → "creature", "s").
    With ``elision=True`` (Italian) the word before the apostrophe keeps it ("l'", "nell’") so that
    :class:`ItalianElisionFilter` can tell an elided article from a word.
    """

    def __init__(self, *, elision: bool = False):
        self.elision = elision

    def __call__(
        self,
        value,
        positions=False,
        chars=False,
        keeporiginal=False,
        removestops=True,
        start_pos=0,
        start_char=0,
        tokenize=True,
        mode="",
        **kwargs,
    ):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            yield _single_token(t, value, positions, chars, start_pos, start_char)
            return
        expression = _ELISION_WORD_RE if self.elision else _WORD_RE
        for pos, match in enumerate(expression.finditer(value), start_pos):
            t.text = match.group()
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = t.text
            if positions:
                t.pos = pos
            if chars:
                t.startchar = start_char + match.start()
                t.endchar = start_char + match.end()
            yield t


class CJKBigramTokenizer(_Comparable, Tokenizer):
    """Overlapping character bigrams for runs of Han, kana and Hangul; words for everything else.

    A run "防御力" gives 防御, 御力 and, when indexing, its last character 力 as well, so that every
    character of the text starts some token: a Prefix query for one character finds it anywhere.
    The extra unigram shares the last bigram's position, so phrases across runs ("等于1") still line
    up, and it is left out of queries (``mode="query"``), where it would break phrases. A run of one
    character gives that character. Other text gives lowercase-able words and numbers ("604.3",
    "1/1") exactly as :class:`WordTokenizer` does.
    """

    def __call__(
        self,
        value,
        positions=False,
        chars=False,
        keeporiginal=False,
        removestops=True,
        start_pos=0,
        start_char=0,
        tokenize=True,
        mode="",
        **kwargs,
    ):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            yield _single_token(t, value, positions, chars, start_pos, start_char)
            return
        with_unigram = mode != "query"
        for text, start, end, pos in _bigram_spans(value, start_pos, with_unigram):
            t.text = text
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = text
            if positions:
                t.pos = pos
            if chars:
                t.startchar = start_char + start
                t.endchar = start_char + end
            yield t


def _bigram_spans(value: str, pos: int, with_unigram: bool) -> Iterator[tuple[str, int, int, int]]:
    for match in _CJK_OR_LATIN_RE.finditer(value):
        start, end = match.span()
        if match.lastgroup != "cjk":
            yield match.group(), start, end, pos
            pos += 1
        elif end - start == 1:
            yield value[start], start, end, pos
            pos += 1
        else:
            for i in range(start, end - 1):
                yield value[i : i + 2], i, i + 2, pos
                pos += 1
            if with_unigram:
                yield value[end - 1], end - 1, end, pos - 1


# fugashi's Tagger wraps a C object: it cannot be pickled, is not safe to share between threads, and
# its nodes are only valid until its next parse. One per process (re-created after a fork), used
# under a lock, with everything copied out of the nodes before the lock is released.
_tagger_lock = threading.Lock()
_tagger_by_pid: dict[int, object] = {}


def _tagger():
    """The process's fugashi Tagger (call with ``_tagger_lock`` held)."""
    pid = os.getpid()
    tagger = _tagger_by_pid.get(pid)
    if tagger is None:
        import fugashi  # imported on first use: most processes never analyse Japanese

        _tagger_by_pid.clear()
        tagger = _tagger_by_pid[pid] = fugashi.Tagger()
    return tagger


_KANA = re.compile("[\u3041-\u309f\u30a1-\u30ff\uff66-\uff9f]+")
_HAS_WORD_CHAR = re.compile(r"\w")
# unidic feature fields: pos1, pos2, pos3, pos4, cType, cForm, lForm, lemma, ...
_POS1, _LEMMA = 0, 7


def _morphemes(chunk: str) -> list[tuple[str, str, str, str | None]]:
    """(leading whitespace, surface, pos1, lemma or None) for each morpheme of ``chunk``."""
    with _tagger_lock:
        raw = [(node.white_space, node.surface, node.feature_raw) for node in _tagger()(chunk)]
    morphemes = []
    for white_space, surface, feature in raw:
        # feature_raw is CSV. Fields after the lemma are often quoted ("動詞%F2@0,名詞%F1"); the ones up
        # to the lemma almost never are, so split those off cheaply and parse properly only if quoted.
        fields = feature.split(",", _LEMMA + 1)
        rest = fields[_LEMMA + 1] if len(fields) > _LEMMA + 1 else ""
        if '"' in feature[: len(feature) - len(rest)]:
            fields = next(csv.reader([feature]))
        lemma = fields[_LEMMA] if len(fields) > _LEMMA else None
        morphemes.append((white_space, surface, fields[_POS1], lemma))
    return morphemes


def _index_form(surface: str, lemma: str | None) -> str:
    """The dictionary lemma, without the English gloss of loanwords ("カード-card" → "カード")."""
    if not lemma or lemma == "*":
        return surface
    head, dash, _gloss = lemma.partition("-")
    if dash and _KANA.fullmatch(head):
        return head
    return lemma


# Parts of speech (unidic pos1) not indexed: punctuation, spaces, particles, auxiliary verbs.
JAPANESE_STOP_POS = frozenset({"補助記号", "空白", "助詞", "助動詞"})


class JapaneseTokenizer(_Comparable, Tokenizer):
    """Morphemes of Japanese text (fugashi + unidic-lite), indexed by dictionary lemma.

    Runs of non-CJK word characters never reach MeCab: they become words and numbers as in
    :class:`WordTokenizer` ("rule 604.3 参照" → rule, 604.3, 参照), so rule numbers stay whole.
    Morphemes whose part of speech is in ``stop_pos`` (punctuation, spaces, particles, auxiliary
    verbs) and symbols without a word character are stop words: dropped, or with
    ``removestops=False`` yielded with ``stopped=True``; positions count only the kept tokens.
    """

    def __init__(self, *, stop_pos: frozenset[str] = JAPANESE_STOP_POS):
        self.stop_pos = frozenset(stop_pos)

    def __call__(
        self,
        value,
        positions=False,
        chars=False,
        keeporiginal=False,
        removestops=True,
        start_pos=0,
        start_char=0,
        tokenize=True,
        mode="",
        **kwargs,
    ):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            yield _single_token(t, value, positions, chars, start_pos, start_char)
            return
        pos = start_pos
        for text, start, end, stopped in self._spans(value):
            if stopped and removestops:
                continue
            t.text = text
            t.boost = 1.0
            t.stopped = stopped
            if keeporiginal:
                t.original = value[start:end]
            if positions:
                t.pos = pos
            if chars:
                t.startchar = start_char + start
                t.endchar = start_char + end
            if not stopped:
                pos += 1
            yield t

    def _spans(self, value: str) -> Iterator[tuple[str, int, int, bool]]:
        """(text, start, end, stopped) in text order."""
        done = 0
        for match in _LATIN_WORD_RE.finditer(value):
            yield from self._japanese_spans(value, done, match.start())
            yield match.group(), match.start(), match.end(), False
            done = match.end()
        yield from self._japanese_spans(value, done, len(value))

    def _japanese_spans(self, value: str, start: int, end: int) -> Iterator[tuple[str, int, int, bool]]:
        if not _HAS_CJK.search(value, start, end):
            return  # only spaces and punctuation
        # Line by line: MeCab is an order of magnitude slower on one long string than on its lines.
        for line in re.finditer(r"[^\n\r]+", value[start:end]):
            if _HAS_CJK.search(line.group()):
                yield from self._parse(value, start + line.start(), line.group())

    def _parse(self, value: str, offset: int, chunk: str) -> Iterator[tuple[str, int, int, bool]]:
        stop_pos = self.stop_pos
        cursor = offset
        for white_space, surface, pos1, lemma in _morphemes(chunk):
            cursor += len(white_space)
            if not value.startswith(surface, cursor):
                # MeCab skipped something white_space does not report: find the surface again.
                found = value.find(surface, cursor, offset + len(chunk))
                if found < 0:
                    return
                cursor = found
            start, cursor = cursor, cursor + len(surface)
            # Unknown symbols ("[", "][") come out as 記号, a part of speech that also holds letters.
            stopped = pos1 in stop_pos or not _HAS_WORD_CHAR.search(surface)
            yield _index_form(surface, lemma), start, cursor, stopped


# Filters


class NFKCFilter(_Comparable, Filter):
    """NFKC-normalises token text: "２０８．２ａ" → "208.2a", "＋１/＋１" → "+1/+1".

    Only the text changes; offsets keep pointing into the original (see the module docstring).
    """

    def __call__(self, tokens):
        normalize = unicodedata.normalize
        for t in tokens:
            if not t.text.isascii():
                t.text = normalize("NFKC", t.text)
            yield t


class HanFoldFilter(_Comparable, Filter):
    """Every Han character of a token's text to its key: 攻撃 → 攻击, 戰鬥 → 战斗 (``rulesref.core.han.fold``);
    kana, Hangul and Latin unchanged. Goes after NFKC (which turns compatibility ideographs into unified
    ones). Offsets are untouched: the folded text has the length of the original."""

    def __call__(self, tokens):
        fold = han.fold
        for t in tokens:
            if not t.text.isascii():
                t.text = fold(t.text)
            yield t


_YO = str.maketrans("ёЁ", "еЕ")


class YoFoldFilter(_Comparable, Filter):
    """Russian: ё → е, Ё → Е, before stop words and stemming (most texts do not write the dots)."""

    def __call__(self, tokens):
        for t in tokens:
            t.text = t.text.translate(_YO)
            yield t


# Words Italian elides before a vowel: articles, articulated prepositions, demonstratives and the
# like. Whoosh's Italian stop list holds only some of them (l, dell, nell, ...) and not quell, d, s.
ITALIAN_ELISIONS = frozenset(
    """
    l un gl d c m t s v n ci
    dell nell all dall sull coll pell degl negl agl dagl sugl
    quell quest bell buon grand sant santa
    nessun ciascun alcun qualcun ognun
    anch com dov cos quand senz tutt mezz
    """.split()
)

# Words French elides before a vowel or a mute h: "l’encrier", "d’un", "qu’il", "jusqu’à", "lorsqu’un".
FRENCH_ELISIONS = frozenset("l d j m n s t c qu jusqu lorsqu puisqu quoiqu presqu quelqu".split())


class ElisionFilter(_Comparable, Filter):
    """Drops elided words ("l’", "dell'", "qu’"): "l'oggetto" indexes only "oggetto", "l’encrier" only "encrier".

    Follows ``WordTokenizer(elision=True)``, which leaves the apostrophe on a word followed by one.
    A word with an apostrophe that is not an elision of the language ("Urza's", "aujourd’hui") keeps
    its text without the apostrophe. Behaves like a stop filter: with ``removestops=False`` the
    elision is kept, stopped.
    """

    def __init__(self, *, elisions: frozenset[str]):
        self.elisions = frozenset(elisions)

    def __call__(self, tokens):
        elisions = self.elisions
        for t in tokens:
            text = t.text
            if text and text[-1] in _APOSTROPHES:
                text = t.text = text[:-1]
                if t.chars:
                    t.endchar -= 1
                if text in elisions:
                    if t.removestops:
                        continue
                    t.stopped = True
            yield t


class ItalianElisionFilter(ElisionFilter):
    """:class:`ElisionFilter` with the Italian elisions (its own class: indexes built before French pickled it)."""

    def __init__(self, *, elisions: frozenset[str] = ITALIAN_ELISIONS):
        super().__init__(elisions=elisions)


# German compounds. A reader who looks for "Karte" expects "Kartentyp" and "Charakterkarte", and one who
# looks for "Herausforderung" expects "Herausforderungsschaden": at index time a compound also gives its
# parts, at its own position, each part with the offsets of its own letters (a snippet marks "Karten" in
# "Kartentyp"). Queries are not split: "Tintenfass" asks for that word, not for any text with "Tinte" and
# "Fass". No German compound splitter on PyPI fits (CharSplit's n-gram model, as split-words, takes 2 s and
# 370 MB to load and splits "Schaden" into "Scha" + "den"; simplemma's 1.1 M forms split "Ressourcen" into
# "Res" + "sourcen"; compound-split's dictionary loader reads characters, not lines), so the parts are the
# words the texts themselves use (``CompoundVocabulary.from_texts``, over every German text of the index):
# - a head is a word the texts print with a capital (a noun) and a modifier any word of the texts, joined
#   by a linking element (Fugen-s, -n, -en, -es, -er, -e, -ens) or with a final -e dropped ("Sprachform");
#   the split with the fewest parts wins, then the longest head, and each part is split again
#   ("Herausforderungsschadens" → "Herausforderung", "Schaden");
# - a compound whose head the texts never print alone ("Vorrat" of "Tintenvorrat") gives its modifier only,
#   when that is a noun the texts print alone ten times or more ("Tinte", "Karte", "Spiel") and five letters
#   or more follow it.
# Nouns (words the texts print with a capital) of eight letters or more are split, into parts of three
# letters or more that are not stop words.
# Measured on the German Lorcana rules 2.1.0 in docs/search.md.
COMPOUND_LINKS = ("", "s", "es", "n", "en", "e", "er", "ens")
COMPOUND_MIN_LENGTH = 8
COMPOUND_MIN_PART = 3
COMPOUND_MIN_REST = 5
COMPOUND_MODIFIER_COUNT = 10
_COMPOUND_STOPS = frozenset(stoplists["de"])
_LETTERS_RE = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, repr=False)
class CompoundVocabulary:
    """What German compounds split into: ``heads`` (nouns: printed with a capital), ``words`` (every word)
    and ``modifiers`` (nouns printed often enough to be recognised at the front of any compound)."""

    heads: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    modifiers: frozenset[str] = frozenset()

    @classmethod
    def from_texts(cls, texts: Iterable[str]) -> CompoundVocabulary:
        words: set[str] = set()
        nouns: Counter[str] = Counter()
        for text in texts:
            for match in _LETTERS_RE.finditer(text):
                word = match.group()
                lowered = word.lower()
                if len(word) < COMPOUND_MIN_PART or lowered in _COMPOUND_STOPS:
                    continue
                words.add(lowered)
                if word[0].isupper():
                    nouns[lowered] += 1
        modifiers = {noun for noun, count in nouns.items() if count >= COMPOUND_MODIFIER_COUNT}
        return cls(frozenset(nouns), frozenset(words), frozenset(modifiers))

    def __repr__(self) -> str:
        return f"CompoundVocabulary({len(self.heads)} heads, {len(self.words)} words, {len(self.modifiers)} modifiers)"

    def __bool__(self) -> bool:
        return bool(self.words)

    @property
    def digest(self) -> str:
        """A short fingerprint: snippets analysed with one vocabulary are cached apart from another's."""
        return _vocabulary_digest(self)


@functools.lru_cache(maxsize=16)
def _vocabulary_digest(vocabulary: CompoundVocabulary) -> str:
    data = "\n\n".join("\n".join(sorted(words)) for words in (vocabulary.heads, vocabulary.words, vocabulary.modifiers))
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]


@functools.lru_cache(maxsize=65536)
def compound_parts(word: str, vocabulary: CompoundVocabulary) -> tuple[tuple[str, int, int], ...]:
    """The parts of a lowercased compound: (part, start, end), the span covering the part and its link.

    ``()`` when ``word`` is no compound of the vocabulary's words, or not a noun (the texts never print it
    with a capital: "zugefügt" is no "Zug"). The parts of a part follow it.
    """
    if len(word) < COMPOUND_MIN_LENGTH or word not in vocabulary.heads:
        return ()
    split = _best_split(word, vocabulary, False)
    if split is None:
        modifier = _known_modifier(word, vocabulary)
        return (modifier,) if modifier else ()
    parts: list[tuple[str, int, int]] = []
    for part, start, end in split:
        parts.append((part, start, end))
        for inner, inner_start, inner_end in compound_parts(part, vocabulary):
            parts.append((inner, start + inner_start, start + min(inner_end, end - start)))
    return tuple(dict.fromkeys(parts))


@functools.lru_cache(maxsize=65536)
def _best_split(word: str, vocabulary: CompoundVocabulary, whole: bool) -> tuple[tuple[str, int, int], ...] | None:
    """The split of ``word`` with the fewest parts, then the longest head; ``whole``: it may be one part."""
    if whole and word in vocabulary.words:
        return ((word, 0, len(word)),)
    best = None
    for cut in range(len(word) - COMPOUND_MIN_PART, COMPOUND_MIN_PART - 1, -1):
        head = word[cut:]
        if head not in vocabulary.heads:
            continue
        for base in _modifier_bases(word[:cut], vocabulary):
            front = _best_split(base, vocabulary, True)
            if not front:
                continue
            # The last part of the front spans its linking element too ("Tinten" of "Tintenkosten").
            *rest, (last, last_start, _end) = front
            candidate = (*rest, (last, last_start, cut), (head, cut, len(word)))
            if best is None or len(candidate) < len(best):
                best = candidate
        if best is not None and len(best) == 2:
            break  # no split has fewer parts, and this head is the longest
    return best


def _modifier_bases(modifier: str, vocabulary: CompoundVocabulary) -> Iterator[str]:
    """What a modifier can stand for: itself without a linking element, or with a dropped final -e."""
    for link in COMPOUND_LINKS:
        if link and not modifier.endswith(link):
            continue
        base = modifier[: len(modifier) - len(link)]
        if len(base) >= COMPOUND_MIN_PART:
            yield base
    if modifier + "e" in vocabulary.words and modifier not in _COMPOUND_STOPS:  # not "Viel" of "Vielzahl"
        yield modifier + "e"


def _known_modifier(word: str, vocabulary: CompoundVocabulary) -> tuple[str, int, int] | None:
    """The longest frequent noun (with its link) at the front of ``word``, five letters or more before its end."""
    for cut in range(len(word) - COMPOUND_MIN_REST, COMPOUND_MIN_PART - 1, -1):
        modifier = word[:cut]
        for link in COMPOUND_LINKS:
            if modifier.endswith(link) and modifier[: cut - len(link)] in vocabulary.modifiers:
                return (modifier[: cut - len(link)], 0, cut)
    return None


class GermanCompoundFilter(_Comparable, Filter):
    """At index time, a German compound is followed by its parts, at its position (see ``compound_parts``).

    Goes after the stop filter, which would renumber the parts' positions, and before stemming. Does
    nothing in queries (``mode="query"``) and with an empty vocabulary.
    """

    def __init__(self, vocabulary: CompoundVocabulary = CompoundVocabulary()):
        self.vocabulary = vocabulary

    def __call__(self, tokens):
        vocabulary = self.vocabulary
        for t in tokens:
            text = t.text
            if t.mode == "query" or not vocabulary or t.stopped or not text.isalpha():
                yield t
                continue
            parts = compound_parts(text, vocabulary)
            chars = t.chars and t.endchar - t.startchar == len(text)
            start, end, boost = (t.startchar, t.endchar, t.boost) if t.chars else (0, 0, t.boost)
            yield t
            for part, part_start, part_end in parts:
                t.text = part
                t.boost = boost
                t.stopped = False
                if chars:
                    t.startchar, t.endchar = start + part_start, start + part_end
                yield t


# Separable prefixes of German verbs, before the "ge" of a participle ("aus-ge-spielt", "heraus-ge-fordert").
GERMAN_SEPARABLE = tuple(
    sorted(
        "ab an auf aus bei dar durch ein fest fort her heraus herum hin hinaus hinein hinzu los mit nach um vor "
        "voran voraus weg weiter zu zurück zusammen".split(),
        key=len,
        reverse=True,
    )
)
_SEPARABLE = "|".join(GERMAN_SEPARABLE)
# A weak participle, as printed or inflected: (prefix) ge + stem + (e)t + (ending); a strong one after a
# separable prefix: prefix ge + stem + en ("abgelaufen"). Without a prefix "ge…en" is as often a verb of its
# own (gehören, gelingen) as a participle.
_GE_PARTICIPLE_RE = re.compile(rf"^(?P<prefix>{_SEPARABLE})?ge(?P<stem>\w{{3,}}?)(?:et|t)(?:e|en|er|es|em)?$")
_GE_STRONG_RE = re.compile(rf"^(?P<prefix>{_SEPARABLE})ge(?P<stem>\w{{3,}}?)en(?:e|en|er|es|em)?$")
# A form ending in (e)t, inflected or not: read only where it starts with "ge" ("gehört", "gelangt"). A
# present-tense form (zieht, spielt) is left as printed: read as its infinitive it is a commoner, weaker word
# of a question ("Wie viele Karten zieht man zu Spielbeginn?" lost 2.2.1.4 from third to eighth).
_T_FORM_RE = re.compile(r"^(?P<stem>\w{3,}?)(?:et|t)(?:e|er|es|em)?$")


@functools.lru_cache(maxsize=65536)
def german_infinitive(word: str, vocabulary: CompoundVocabulary) -> str | None:
    """The infinitive a lowercased German participle stands for, where the vocabulary's texts print it:
    "getintete" → "tinten", "ausgespielt" → "ausspielen", "herausgefordert" → "herausfordern", "gehört" →
    "gehören" (the verb "ge…en" itself, where it is printed, before "hören"). None for any other word (a
    present-tense "spielt", a participle without "ge": "erschöpft"), and where no such infinitive is
    printed ("gewinnt": no "winnen")."""
    words = vocabulary.words
    candidates: list[str] = []
    match = _T_FORM_RE.match(word) if word.startswith("ge") else None
    if match:
        candidates += [match["stem"] + "en", match["stem"] + "n"]
    for pattern in (_GE_PARTICIPLE_RE, _GE_STRONG_RE):
        match = pattern.match(word)
        if match:
            base = (match["prefix"] or "") + match["stem"]
            candidates += [base + "en", base + "n"]
    for candidate in candidates:
        if candidate != word and candidate in words and candidate not in _COMPOUND_STOPS:
            return candidate
    return None


class GermanVerbFilter(_Comparable, Filter):
    """A German participle as the infinitive its rules print (``german_infinitive``), at index and at query
    time alike: "getintete Karten" finds 4.2 "Eine Karte tinten", "ausgespielt" the rules saying
    "ausspielen". Snowball leaves a participle's "ge" inside and its "-t" on ("gespielt"; "spielen" → "spiel").
    Goes after the stop filter and before the compound filter and stemming; nothing without a vocabulary."""

    def __init__(self, vocabulary: CompoundVocabulary = CompoundVocabulary()):
        self.vocabulary = vocabulary

    def __call__(self, tokens):
        vocabulary = self.vocabulary
        for t in tokens:
            if vocabulary and not t.stopped and t.text.isalpha():
                infinitive = german_infinitive(t.text, vocabulary)
                if infinitive is not None:
                    t.text = infinitive
            yield t


# Analyzers. The factories are the table's values; each call returns a fresh analyzer.


# Function words whoosh's stop lists lack: its French list has "le" and "la" but not "les".
EXTRA_STOP_WORDS = {"fr": frozenset("les cet cette leurs".split())}


def _stop_filter(lang: str, *, fold=None) -> StopFilter:
    # minsize=1: single digits and letters ("2 damage", "X") are words here; the stop lists already
    # hold the one-letter function words (a, i, s, t; e, è, o; в, и, с, ...).
    words = stoplists[lang] | EXTRA_STOP_WORDS.get(lang, frozenset())
    if fold is not None:
        words = {word.translate(fold) for word in words}
    return StopFilter(stoplist=words, minsize=1)


def english_analyzer() -> Analyzer:
    """Porter2 (Snowball's English), stemmed twice. Porter's first stemmer, which whoosh's
    ``StemFilter(lang="en")`` is, left "tapped" as "tapp" against "tap", "untapping" as "untapp" and
    "dies" as "di" against "die"; Porter2 makes them meet, and a second pass makes "sacrifice" and
    "sacrificed" meet too ("sacrif"), and "regenerate" and "regenerated" ("regen")."""
    return (
        WordTokenizer()
        | NFKCFilter()
        | LowercaseFilter()
        | _stop_filter("en")
        | StemFilter(stemfn=porter2_stem)
        | StemFilter(stemfn=porter2_stem)
    )


def italian_analyzer() -> Analyzer:
    return (
        WordTokenizer(elision=True)
        | NFKCFilter()
        | LowercaseFilter()
        | ItalianElisionFilter()
        | _stop_filter("it")
        | StemFilter(lang="it")
    )


def russian_analyzer() -> Analyzer:
    return (
        WordTokenizer()
        | NFKCFilter()
        | LowercaseFilter()
        | YoFoldFilter()
        | _stop_filter("ru", fold=_YO)
        | StemFilter(lang="ru")
    )


def german_analyzer(vocabulary: CompoundVocabulary = CompoundVocabulary()) -> Analyzer:
    """Snowball, stemmed twice, with compounds split into the ``vocabulary``'s words at index time.

    Twice: Snowball takes "-ung" off after "-er", so "Herausforderung" stems to "herausforder" and
    "herausfordern" to "herausford"; a second pass makes them meet (on the German Lorcana rules 2.1.0,
    36 of 2,349 words change, "aktivieren"/"Aktivierung" and "resultieren"/"resultierende" among them,
    and none changes in a third pass).
    """
    return (
        WordTokenizer()
        | NFKCFilter()
        | LowercaseFilter()
        | _stop_filter("de")
        | GermanVerbFilter(vocabulary)
        | GermanCompoundFilter(vocabulary)
        | StemFilter(lang="de")
        | StemFilter(lang="de")
    )


def french_analyzer() -> Analyzer:
    """Snowball, stemmed twice, with elided words dropped: "l’encrier" indexes "encri", "qu’il" nothing.

    Twice: Snowball's French leaves "encriers" as "encrier" but takes "encrier" to "encri", and takes
    "défi" to "def" but "défier" to "défi"; a second pass makes each pair meet (on the French Lorcana rules
    2.1.0, 181 of 2,145 words change: "vérifier"/"vérification", "modifier"/"modification" meet, and so do
    a few that should not, "papa"/"papier", "vers"/"véritable").
    """
    return (
        WordTokenizer(elision=True)
        | NFKCFilter()
        | LowercaseFilter()
        | ElisionFilter(elisions=FRENCH_ELISIONS)
        | _stop_filter("fr")
        | StemFilter(lang="fr")
        | StemFilter(lang="fr")
    )


def japanese_analyzer() -> Analyzer:
    """Morphological: lemmas of content words with Han characters folded (攻撃 → 攻击), plus lowercase
    words and numbers for Latin text."""
    return JapaneseTokenizer() | NFKCFilter() | HanFoldFilter() | LowercaseFilter()


def cjk_bigram_analyzer() -> Analyzer:
    """Character bigrams over Han and Hangul runs, Han characters folded (攻擊 and 攻撃 → 攻击): Simplified
    Chinese (``zh-hans``), Korean (``ko``) and the bigram field of Japanese.

    Korean puts spaces between phrases but glues particles and endings to words (규칙은, 규칙에), so
    bigrams find 규칙 in both without a morphological dictionary.
    """
    return CJKBigramTokenizer() | NFKCFilter() | HanFoldFilter() | LowercaseFilter()


def bigram_analyzer() -> Analyzer:
    """For the extra character-bigram field of Japanese (substrings and one-character queries)."""
    return cjk_bigram_analyzer()


# Analyzer families; each content language names one (``analyzer`` in rulesref.core.langdata).
ANALYZERS: dict[str, Callable[[], Analyzer]] = {
    "snowball-en": english_analyzer,
    "snowball-it": italian_analyzer,
    "snowball-ru": russian_analyzer,
    "snowball-de": german_analyzer,
    "snowball-fr": french_analyzer,
    "japanese": japanese_analyzer,
    "cjk-bigram": cjk_bigram_analyzer,
}


# Analyzer families that split words into the vocabulary of the texts they index (German compounds): the
# index build hands them its texts, and the vocabulary is pickled into the index with the analyzer.
VOCABULARIES: dict[str, Callable[[Iterable[str]], CompoundVocabulary]] = {
    "snowball-de": CompoundVocabulary.from_texts,
}


def analyzer_for(language_code: str, *, texts: Iterable[str] | None = None) -> Analyzer:
    """The analyzer of a content language (``"en"``, ``"zh-hans"``; aliases as ``get_language`` takes).

    ``texts``: every text its index will hold, for a language whose analyzer reads a vocabulary
    (``reads_texts``); without them German compounds are not split.

    Raises ``UnknownLanguage`` for a code that is not a content language and ``UnknownAnalyzer`` for a
    language whose analyzer is missing here: never a silent fallback.
    """
    language = languages.get_language(language_code)
    try:
        factory = ANALYZERS[language.analyzer]
    except KeyError:
        known = ", ".join(ANALYZERS)
        raise UnknownAnalyzer(
            f"content language {language.code!r} names the search analyzer {language.analyzer!r}, "
            f"which rulesref.search.analysis does not provide (known analyzers: {known})"
        ) from None
    vocabulary = VOCABULARIES.get(language.analyzer)
    if texts is not None and vocabulary is not None:
        return factory(vocabulary(texts))
    return factory()


def reads_texts(language_code: str) -> bool:
    """Whether the analyzer of this language reads the vocabulary of the texts it indexes."""
    return languages.get_language(language_code).analyzer in VOCABULARIES


def analysis_key(language_code: str, analyzer: Analyzer) -> str:
    """A name for what ``analyzer`` does to texts of this language: the language, for an analyzer with a
    vocabulary its digest ("de@1a2b…"), and for a CJK analyzer pickled before Han folding "ja@unfolded"
    (an index not rebuilt yet), so that analyses are cached apart."""
    items = getattr(analyzer, "items", ())
    for item in items:
        if isinstance(item, GermanCompoundFilter) and item.vocabulary:
            return f"{language_code}@{item.vocabulary.digest}"
    tokenizer = items[0] if items else None
    if isinstance(tokenizer, (JapaneseTokenizer, CJKBigramTokenizer)) and not any(
        isinstance(item, HanFoldFilter) for item in items
    ):
        return f"{language_code}@unfolded"
    return language_code


def tokens(analyzer: Analyzer, text: str, *, mode: str = "index") -> list[tuple[str, int, int]]:
    """(token text, startchar, endchar) of every indexed token; ``text[startchar:endchar]`` is its surface."""
    return [(t.text, t.startchar, t.endchar) for t in analyzer(text, positions=True, chars=True, mode=mode)]


# Card symbols, for a keyword field: mana and tap symbols, and counters/modifiers like +1/+1.
_MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2011": "-", "\u2013": "-", "\ufe63": "-"})
_SYMBOL_RE = re.compile(
    r"\{[^{}\s]{1,8}\}"  # {T}, {2}, {W}, {W/U}, {10}
    r"|(?<![\w/+-])[+-][\dXx*]+/[+-][\dXx*]+(?![\w/])"  # +1/+1, -1/-1, +X/+0
)


def extract_symbols(text: str) -> list[str]:
    """Card symbols in order of appearance, normalised: "{T}: add {2}{W}" → ["{t}", "{2}", "{w}"].

    NFKC first ("＋１/＋１" → "+1/+1", "｛Ｔ｝" → "{t}"), and the minus sign U+2212 and dashes read as
    "-" ("−1/−1" → "-1/-1"). Repeated symbols are repeated (they count as term frequency).
    """
    normalised = unicodedata.normalize("NFKC", text).translate(_MINUS_SIGNS)
    return [match.group().lower() for match in _SYMBOL_RE.finditer(normalised)]


BIGRAMS = "bigrams"
# The analyzers ``analysed`` reads texts with, by kind: a language, "bigrams", or an index's own
# (``remember_analyzer``).
_analyzers: dict[str, Analyzer] = {}


def remember_analyzer(kind: str, analyzer: Analyzer) -> str:
    """Keep ``analyzer`` as the one ``analysed(kind, …)`` reads with (the first one given stays)."""
    _analyzers.setdefault(kind, analyzer)
    return kind


@functools.lru_cache(maxsize=8192)
def analysed(kind: str, text: str) -> tuple[tuple[str, int, int], ...]:
    """Tokens with offsets of a stored text (``kind``: a language, "bigrams", or an ``analysis_key`` of an
    index's own analyzer); the same rule texts come back query after query, so this is cached (bounded)."""
    analyzer = _analyzers.get(kind)
    if analyzer is None:
        analyzer = _analyzers[kind] = bigram_analyzer() if kind == BIGRAMS else analyzer_for(kind)
    return tuple(tokens(analyzer, text))
