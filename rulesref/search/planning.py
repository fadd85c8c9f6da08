"""Planning: what to ask one language's index for a query, cached per generation.

A plan is the query rewritten with the glossary for that language, parsed into a Whoosh query with
its extra clauses (the phrase over a rule's topic, symbols and card names as keywords), the words
as typed (to tell a direct match from a glossary one) and the terms that snippets mark. Plans depend
only on the query text, the language, the games in scope and the generation, so they are computed
once and kept in the generation's LRU cache.

Cost is bounded here: a wildcard expands to at most ``limits.MAX_EXPANSIONS`` terms (the most
frequent), and a plan with more than ``limits.MAX_CLAUSES`` leaves is searched without its
glossary forms.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from whoosh.qparser import MultifieldParser, OrGroup
from whoosh.qparser.plugins import BoostPlugin, EveryPlugin, FieldsPlugin, RangePlugin, SingleQuotePlugin
from whoosh.query import Or, Phrase, Prefix, Term

from rulesref.core import han
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.rulenumbers import PREFIXES
from rulesref.core.scripts import could_be_written_in, has_cjk

from . import limits, paraphrases, segmentation
from .analysis import extract_symbols
from .definitions import definition_form
from .expansion import fold
from .pipeline import ANY, STRICT, Run
from .queries import PLAIN_WORDS_RE, is_question, is_unspaced_run, question_words, uses_syntax
from .schema import BIGRAM_COMPANION, language_uses_bigrams
from .weights import RANKING

# Words that shape a question rather than name what it is about ("how many", "what happens"), beyond
# the analyzers' stop words: a question is searched without them.
QUESTION_WORDS = {
    "en": frozenset("whose many much happen happens happened could would allowed permitted".split()),
    "it": frozenset("cosa quali quando succede accade può possono".split()),
    "ru": frozenset("какие каких какое почему сколько происходит случается".split()),
    # "Wie viele Karten …", "Was passiert, wenn …", "Wann darf ich …" (wie, was, welche, kann are stop words).
    "de": frozenset("wann warum wieso weshalb wieviele viele passiert geschieht darf dürfen".split()),
    # "Combien de cartes …", "Que se passe-t-il quand …", "Quand peut-on …" (que, qui, il, t are stop words; an
    # inverted verb is one word to the question reader).
    "fr": frozenset(
        "combien quand pourquoi comment quel quelle quels quelles quoi passe arrive peut peuvent "
        "passe-t-il arrive-t-il peut-il peut-elle peut-on peuvent-ils doit-il doit-on".split()
    ),
}


# A question asking for a number ("how many lands…", "сколько карт…") is answered by a rule that states
# one: in a question's ranking, "a number" stands where the phrase stood, as one more question word
# (``numerals``). Numbers count as digits and as these words, in the analyzer's forms.
COUNT_PHRASES = {
    "en": re.compile(r"\bhow (?:many|much)\b", re.IGNORECASE),
    "it": re.compile(r"\bquant[oaie]\b", re.IGNORECASE),
    "ru": re.compile(r"\bсколько\b", re.IGNORECASE),
    "de": re.compile(r"\bwie ?viele?\b", re.IGNORECASE),
    "fr": re.compile(r"\bcombien\b", re.IGNORECASE),
    # "何枚まで", "何回", "いくつ" (a question typed without spaces; the Japanese rules write numbers in digits).
    # Not Chinese: its rules write many in characters (103.5 "…一般为七张"), which its character pairs hold
    # with their neighbours (七张), and 103.5 fell from rank 3 to 8 for "每位玩家起手抽几张牌".
    "ja": re.compile("何(?:枚|回|体|点|人|個|つ|種類|ターン)|いくつ"),
}
# A question asking what happens ("what happens to a planeswalker with zero loyalty") asks for what the game
# itself does when a condition holds: its answer is usually a state-based action (704.5i), which a rule that
# only mentions the thing (306.9) is not (``questions.CONSEQUENCE_CONCEPT``).
CONSEQUENCE_PHRASES = {
    "en": re.compile(
        r"\bwhat (?:happens|happened|would happen|will happen)\b"
        # "does an indestructible creature still die if …": whether a thing dies asks what the game does too.
        r"|^(?:does|do|did|will|would|is|are)\b.*"
        r"\b(?:die|dies|survive|survives|destroyed|lose the game|loses the game)\b",
        re.IGNORECASE,
    ),
    "it": re.compile(r"\b(?:cosa|che cosa) (?:succede|accade|capita)\b", re.IGNORECASE),
    "ru": re.compile(r"\bчто (?:происходит|произойд[её]т|будет|случится|случается)\b", re.IGNORECASE),
    "de": re.compile(r"\bwas (?:passiert|geschieht)\b", re.IGNORECASE),
    "fr": re.compile(r"\bque se passe|\bqu['’](?:arrive|advient)", re.IGNORECASE),
    "ja": re.compile("どうなる|どうなります"),
    "zh-hans": re.compile("会怎样|会怎么样|会如何|会发生什么|怎么办"),
}
# A question asking what a name means ("what is an emblem", "what does it mean when a creature dies")
# is answered by the rule saying so (114.1, 700.4 "The term dies means …"), whatever else the question
# holds: its rarest word that a rule defines alone counts too, not only names of two words or more.
MEANING_PHRASES = {
    "en": re.compile(r"^(?:what(?:'s| is| are)|define)\b|\bmean(?:s|ing)?\b|\bdefinition\b", re.IGNORECASE),
    "it": re.compile(r"^(?:cos['’]è|che cos['’]è|cosa sono|cosa significa)|\bsignifica\b", re.IGNORECASE),
    "ru": re.compile(r"^что (?:такое|значит|означает)|\bозначает\b", re.IGNORECASE),
    "de": re.compile(r"^was (?:ist|sind|bedeutet|heißt)\b|\bbedeutet\b", re.IGNORECASE),
    "fr": re.compile(r"^(?:qu['’]est-ce qu|que (?:signifie|veut dire))|\bsignifie\b", re.IGNORECASE),
    "ja": re.compile("とは|って何|の意味|どういう意味"),
    "zh-hans": re.compile("是什么|什么是|什么意思|的意思"),
}
# The longest name a question may hold, in indexed words ("delayed triggered ability": three).
NAME_MAX_WORDS = 5
# Number words by value; a question's "zero" also finds "0" and its "10" also finds "ten" (one question
# word either way).
NUMBER_WORDS: dict[str, dict[int, str]] = {
    "en": dict(
        enumerate(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
            "sixteen seventeen eighteen nineteen twenty".split()
        )
    )
    | {30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety", 100: "hundred"},
    "it": dict(
        enumerate(
            "zero uno|una due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici "
            "quindici sedici diciassette diciotto diciannove venti".split()
        )
    )
    | {30: "trenta", 40: "quaranta", 50: "cinquanta", 60: "sessanta", 100: "cento"},
    "ru": dict(
        enumerate(
            "ноль один|одна|одно два|две|двух три|трёх|трех четыре|четырёх|четырех пять|пяти шесть|шести "
            "семь|семи восемь|восьми девять|девяти десять|десяти одиннадцать двенадцать тринадцать четырнадцать "
            "пятнадцать шестнадцать семнадцать восемнадцать девятнадцать двадцать|двадцати".split()
        )
    )
    | {30: "тридцать", 40: "сорок", 50: "пятьдесят", 60: "шестьдесят", 100: "сто"},
    # One is "eins" only: "ein", "eine" are articles (stop words), and a question's article is no number.
    "de": dict(
        enumerate(
            "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn "
            "sechzehn siebzehn achtzehn neunzehn zwanzig".split()
        )
    )
    | {30: "dreißig", 40: "vierzig", 50: "fünfzig", 60: "sechzig", 100: "hundert"},
    # No "un"/"une" (articles: every question has one) and no "dix-sept" … "dix-neuf" (two words each).
    "fr": dict(
        zip(
            [0, *range(2, 17), 20, 30, 40, 50, 60, 100],
            "zéro deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt "
            "trente quarante cinquante soixante cent".split(),
            strict=True,
        )
    ),
}
DIGITS_RE = re.compile(r"\d+")


# The words that only shape such a question, cut out before it is read as character pairs (a pair across
# them, "场会", would be noise).
UNSPACED_QUESTION_WORDS = {
    "zh-hans": re.compile("为什么|什么|怎么样|怎么|怎样|如何|是否|能否|可以|多少|吗|呢|会|几"),
}


def _known_words(generation, language: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """The vocabulary's forms in ``language`` (the rulebook's terms: 坟墓场, 法术力, 鹏洛客) of two characters or
    more, and those of one character (地, 牌), once per generation."""
    cache = generation.__dict__.setdefault("known_words", {})
    found = cache.get(language)
    if found is None:
        forms = {form for concept in generation.vocabulary.concepts for form in concept.forms.get(language, ())}
        longer = tuple(sorted(form for form in forms if len(form) > 1 and " " not in form))
        single = frozenset(form for form in forms if len(form) == 1 and not form.isascii())
        found = cache[language] = (longer, single)
    return found


def _pairs_in_index(generation, index, language: str, text: str) -> str:
    """An unspaced question as the character pairs (bigrams) of its words that the index holds, each a
    word of its own: best-match then ranks rules by the pairs they hold, instead of asking for the whole
    question as one phrase."""
    question_words = UNSPACED_QUESTION_WORDS.get(language)
    if question_words is not None:
        text = question_words.sub(" ", text)
    reader = index.searcher().reader()
    if language in segmentation.SEGMENTED:
        # The pairs inside its words only (衍生物 / 离开 / 战场: not 物离, 开战); a word of one character
        # (的, 时, 在) makes no pair, and as a word of its own it matched nearly every rule. A term of one
        # character (地, land; 牌, card) is asked as the pair it makes with the character before it, where the
        # index holds that pair ("几个地": 个地, as in "使用一个地").
        known, single = _known_words(generation, language)
        words = segmentation.words(language, text, known)
        kept = []
        for i, word in enumerate(words):
            if len(word) > 1:
                kept.append(word)
            elif word in single and i and ("text", (pair := words[i - 1][-1] + word)) in reader:
                kept.append(pair)
        text = " ".join(kept)
    analyzer = index.text_analyzer
    pairs = dict.fromkeys(token.text for token in analyzer(text, mode="query"))
    return " ".join(pair for pair in pairs if ("text", pair) in reader) or text


def _without_question_words(language: str, text: str) -> str:
    drop = QUESTION_WORDS.get(language)
    if not drop or not is_question(text):
        return text
    kept = [word for word in question_words(text) if word.casefold() not in drop]
    return " ".join(kept) if kept else text


@dataclass(frozen=True)
class Plan:
    language: str
    # None: nothing in this language can match (another script, or no query term in its index).
    query: object | None
    used: tuple = ()
    # (field, bytes) of the words as typed, when the glossary added forms.
    typed: frozenset = frozenset()
    # What snippets mark: field → terms; "phrase:<field>" → word tuples; "chars" → single CJK characters.
    terms: Mapping[str, frozenset] = field(default_factory=lambda: MappingProxyType({}))
    # Whether a cap cut something (a wildcard's expansions, the glossary forms).
    capped: bool = False
    # Best-match only: for each word of the query (with its glossary forms), the (field, term) pairs
    # and phrases that stand for it.
    groups: tuple = ()
    # The query as a name, in this language's indexed words (its own words and, when the whole query
    # is one glossary term, that term's forms here): documents defining it rank first.
    defines: frozenset = frozenset()
    # Words joined by AND ("trample AND planeswalker"), in this language's indexed words: a document
    # defining a name that holds every one of them ("Trample over planeswalkers") defines what is asked.
    defines_all: frozenset = frozenset()
    # A question asking how many: where among ``groups`` "a number" stands (the phrase's place).
    counted: int | None = None
    # Best-match only: whether the question asks what happens (``CONSEQUENCE_PHRASES``) ...
    consequence: bool = False
    # ... and the names of two words or more it holds that rules define ("triggered ability", "lethal
    # damage"), as indexed words: the rules defining them answer it before those that only use them ...
    names: tuple[str, ...] = ()
    # ... and, when it asks what a name means (``MEANING_PHRASES``), its rarest word outside those names
    # that a rule defines alone ("die" for "what does it mean when a card says a creature dies").
    meant: str | None = None
    # ... and, for any other question, that word where few documents print it (a keyword the question names:
    # "flash", defined by 702.8 and 702.8a, for "can I cast a creature with flash on my opponent's turn").
    defined: str | None = None

    @property
    def terms_key(self) -> tuple:
        return tuple(sorted((name, tuple(sorted(values))) for name, values in self.terms.items()))


# A word as typed, for marking it literally in a language that cannot analyse it.
TYPED_WORD = re.compile(r"[^\W\d_]{3,}")


def _parser(index, mode: str, *, bigrams: bool = True):
    """The query parser of one language's index; ``bigrams``: search the bigram field (Japanese) too."""
    parsers = index.__dict__.setdefault("parsers", {})
    parser = parsers.get((mode, bigrams))
    if parser is None:
        language = index.language
        fields = ["text", "heading"] + (["bigrams"] if bigrams and language in BIGRAM_COMPANION else [])
        kwargs = {"group": OrGroup} if mode == ANY else {}
        parser = MultifieldParser(fields, index.schema, fieldboosts={"heading": RANKING.heading_boost}, **kwargs)
        # Only what we document: words, "phrases", prefix*, AND/OR/NOT and groups. Field syntax
        # is read by queries.py before parsing, so "foo:bar" is plain text here.
        for plugin in list(parser.plugins):
            if isinstance(plugin, (FieldsPlugin, RangePlugin, BoostPlugin, EveryPlugin, SingleQuotePlugin)):
                parser.remove_plugin(plugin)
        parsers[(mode, bigrams)] = parser
    return parser


class Plans:
    """The plan stage's answer for one text: its plan in each language searched, in either reading
    (``STRICT``, ``ANY``), and the numbers each language states (for a question asking how many).

    Each plan is made when the next stage first reads it, and kept in the generation's cache: past
    the deadline, execute reads no more plans, so a language that is not searched is not planned
    either (a plan of many words and glossary forms costs time of its own).
    """

    def __init__(self, run: Run, text: str):
        self.run = run
        self.text = text

    def get(self, language: str, mode: str = STRICT) -> Plan:
        return plan_for(self.run.generation, language, self.text, self.run.scope(language).games, mode=mode)

    def numerals(self, language: str) -> Numerals:
        return numerals(self.run.generation, language)

    def typed_terms(self) -> frozenset[tuple[str, str]]:
        """The (language, game) of each form of a known term the text is typed with ("護衛": Japanese,
        Lorcana's Bodyguard; "マリガン": Japanese, MTG's)."""
        return _typed_in(self.run.generation, self.text)


def plan(run: Run, text: str) -> Plans:
    """Plan ``text`` for the run's languages (the plans are made as they are read: :class:`Plans`)."""
    return Plans(run, text)


def plan_for(generation, language: str, text: str, games: frozenset[str], *, mode: str = STRICT) -> Plan:
    """The plan for ``text`` in ``language`` (cached per generation)."""
    key = (language, text, games, mode)
    plan = generation.plans.get(key)
    if plan is None:
        plan = _plan(generation, language, text, games, mode)
        generation.plans.put(key, plan)
    return plan


def _plan(generation, language, text, games, mode) -> Plan:
    index = generation[language]
    if language in segmentation.SEGMENTED:
        # Read in the characters' Simplified forms (``han.fold``), as the index is: a Traditional question
        # ("衍生物離開戰場會怎樣") is then cut into the same words, loses the same question words (會, 嗎) and
        # meets the same paraphrases (擋住 → 阻挡) and glossary forms as its Simplified spelling.
        text = han.fold(text)
    asked, text = text, _without_question_words(language, text)
    reader = index.searcher().reader()
    if mode == ANY and _asked_where_rules_are_few(generation, language, text):
        # A question typed in a language with only a fragment of the rules its terms belong to ("マリガン
        # 何枚": the Japanese edition of MTG is rule 208): the terms it translates are what it can be
        # asked with here ("mulligan" → 103.5).
        rewritten, used = generation.vocabulary.rewrite(text, language, games=games)
    elif mode == ANY:
        # A question is answered in the language it is asked in: best-match over its translations
        # would let many loosely matching words of another language outvote the question's own.
        rewritten, used = paraphrases.rewrite(language, _with_numbers_both_ways(language, text)), []
        if language_uses_bigrams(language, "text") and is_unspaced_run(text):
            rewritten = _pairs_in_index(generation, index, language, paraphrases.rewrite(language, text))
    else:
        rewritten, used = generation.vocabulary.rewrite(text, language, games=games)
        rewritten = paraphrases.rewrite(language, rewritten)
    if not used and not could_be_written_in(text, CONTENT_LANGUAGES[language].script):
        # Latin words in the Russian index, Cyrillic in the Chinese one: nothing to find,
        # and nothing the glossary could translate. The language's text of each rule
        # found elsewhere is still shown, with the typed words marked where it quotes them
        # ("Lost Order of Jarkeld" inside a Japanese rule).
        literal = frozenset(word for word in TYPED_WORD.findall(text) if word.upper() not in ("AND", "OR", "NOT"))
        return Plan(language, None, terms=MappingProxyType({"literal": literal} if literal else {}))
    # The bigram field answers what MeCab's words cannot: part of a word (タフ), one character, a word in
    # Chinese character forms (攻击). A query typed without CJK characters needs none of that (its glossary
    # forms are whole words): searching it there too made the speed benchmark 7 % slower (geometric mean
    # against the fair FTS5, 2026-12-01), reordered four English questions' lower ranks (Lorcana's Japanese
    # rules rising through their bigrams) and left the development MRR@10 where it was (0.848).
    parse = _safe(_parser(index, mode, bigrams=has_cjk(text)).parse)
    query, capped = _bounded(parse(rewritten), reader)
    if used and _leaf_count(query) > limits.MAX_CLAUSES:
        rewritten, used = text, []
        query, capped = _bounded(parse(text), reader)
        capped = True
    extra = []
    if mode == STRICT and PLAIN_WORDS_RE.match(text) and not any(w in ("AND", "OR", "NOT") for w in text.split()):
        extra += [
            Phrase("heading", leaf.words, boost=RANKING.phrase_boost)
            for leaf in parse(f'"{text}"').leaves()
            if isinstance(leaf, Phrase) and leaf.fieldname == "text"
        ]
    # Symbols ("+1/+1", "{T}") and card names were indexed whole, as keywords.
    keywords = extract_symbols(text) + [
        name.casefold()
        for concept in used
        if concept.key.startswith("card:")
        for name in concept.forms.get(language, ())
    ]
    extra += [Term("keywords", keyword, boost=RANKING.keyword_boost) for keyword in keywords]
    if extra:
        query = Or([query, *extra])
    _force_unions(query)
    typed = frozenset()
    if used:
        typed = frozenset((f, _as_bytes(w)) for f, w in _bounded(parse(text), reader)[0].iter_all_terms())
    # What to mark: the same query, but with the glossary's multi-word forms as phrases.
    marked = query
    if used:
        with_phrases, _ = generation.vocabulary.rewrite(text, language, games=games, phrases=True)
        marked = _bounded(parse(with_phrases), reader)[0]
    terms = MappingProxyType({name: frozenset(values) for name, values in _terms(marked, reader).items()})
    groups = ()
    if mode == ANY:
        same = {**paraphrases.same_word(language, index.text_analyzer), **_number_keys(index)}
        query, groups, cut = _rarest(query, reader, same)
        capped = capped or cut
    defines = _defines(generation, language, text, games)
    defines_all = _defines_all(language, text)
    # The rules defining the name a query is are found by that name, whatever words they use ("sublayer 7b":
    # 613.4b "Layer 7b: …", which does not say "sublayer"), and also where the name is one word that many
    # rules hold: "рана" (105 Берсерк rules hold "ран") finds 504.3 "Раны – это маркеры …", which its words
    # alone left out of the rules fetched.
    naming = [
        Term("defines", form, boost=RANKING.defines_boost) for form in sorted(defines) if ("defines", form) in reader
    ]
    if naming:
        query = Or([query, *naming])
    counted = _counted(index, language, asked, groups) if mode == ANY else None
    consequence, names, meant, defined = False, (), None, None
    if mode == ANY:
        phrase = CONSEQUENCE_PHRASES.get(language)
        consequence = bool(phrase and phrase.search(asked))
        names = _names_held(reader, language, text)
        meaning = MEANING_PHRASES.get(language)
        meant = _meant(reader, language, text, names)
        asks_meaning = bool(meaning and is_question(asked) and meaning.search(asked))
        if not asks_meaning:
            # A keyword is printed in few rules; a thing every rule handles (token, Ort) is not asked by name.
            share = reader.doc_frequency("text", meant) / max(reader.doc_count(), 1) if meant else 1.0
            rare = share <= RANKING.defined_share
            defined, meant = (meant if rare else None), None
    if not _can_match(query, reader):
        return Plan(language, None, tuple(used), typed, terms, capped, groups, defines, defines_all)
    return Plan(
        language,
        query,
        tuple(used),
        typed,
        terms,
        capped,
        groups,
        defines,
        defines_all,
        counted,
        consequence,
        names,
        meant,
        defined,
    )


def _asked_where_rules_are_few(generation, language: str, text: str) -> bool:
    """Whether ``text`` names terms only in languages other than ``language`` that hold a fragment of the
    terms' games' rules at most (``Generation.has_fragment``: Japanese, Italian or Russian for MTG).
    A term typed in a language with a whole rulebook of its game (Russian "существо", Берсерк's
    creature) is asked there: its translations would let another game's rules outvote the question."""
    typed_in = _typed_in(generation, text)
    if not typed_in or any(form_language == language for form_language, _ in typed_in):
        return False
    return all(generation.has_fragment(form_language, game) for form_language, game in typed_in)


def _typed_in(generation, text: str) -> frozenset[tuple[str, str]]:
    """The (language, game) of each form of a known term ``text`` is typed with (once per text and
    generation: every language's plan asks)."""
    found = generation.typed_terms.get(text)
    if found is None:
        pairs = set()
        for match in generation.vocabulary.find(text):
            typed = fold(text[match.start : match.end])
            for concept in match.concepts:
                pairs.update(
                    (form_language, concept.game)
                    for form_language, forms in concept.forms.items()
                    if any(fold(form) == typed for form in forms)
                )
        found = frozenset(pairs)
        generation.typed_terms.put(text, found)
    return found


def _names_held(reader, language: str, text: str) -> tuple[str, ...]:
    """The runs of two to ``NAME_MAX_WORDS`` of the question's indexed words that some document defines
    (its ``defines`` field), longest first; a run inside a longer one found is not counted again."""
    words = definition_form(language, text).split()
    found: list[tuple[int, int]] = []
    for size in range(min(NAME_MAX_WORDS, len(words)), 1, -1):
        for start in range(len(words) - size + 1):
            end = start + size
            if any(s <= start and end <= e for s, e in found):
                continue
            if ("defines", " ".join(words[start:end])) in reader:
                found.append((start, end))
    return tuple(" ".join(words[s:e]) for s, e in found)


def _meant(reader, language: str, text: str, names: tuple[str, ...]) -> str | None:
    """The rarest of the question's indexed words, outside ``names``, that some document defines alone."""
    inside = {word for name in names for word in name.split()}
    defined = {
        word
        for word in definition_form(language, text).split()
        if word not in inside and ("defines", word) in reader and ("text", word) in reader
    }
    return min(defined, key=lambda word: (reader.doc_frequency("text", word), word), default=None)


def _counted(index, language: str, text: str, groups: tuple) -> int | None:
    """For a question asking how many, the place of "a number" among its word groups: as many groups
    precede it as the analyzer keeps words before the phrase."""
    phrase = COUNT_PHRASES.get(language)
    match = phrase.search(text) if phrase and (is_question(text) or is_unspaced_run(text)) else None
    if match is None:
        return None
    analyzer = index.text_analyzer
    return min(len(groups), sum(1 for _ in analyzer(text[: match.start()], mode="query")))


@dataclass(frozen=True)
class Numerals:
    """Where this language's documents state a number: its digits and number words, except a number right
    after a citation word ("rule 116" cites, it does not count)."""

    held: frozenset[int]
    positions: Mapping[int, tuple[int, ...]]


def numerals(generation, language: str) -> Numerals:
    """The numbers stated in ``language``'s index, read once per generation (a few thousand postings)."""
    index = generation[language]
    found = index.__dict__.get("numerals")
    if found is None:
        reader = index.searcher().reader()
        analyzer = index.text_analyzer
        terms = {_text(term) for digit in "0123456789" for term in reader.expand_prefix("text", digit)}
        terms = {term for term in terms if DIGITS_RE.fullmatch(term)}
        terms |= set(_number_keys(index))
        citations = {token.text for prefix in PREFIXES for token in analyzer(prefix)}
        cited = _positions(reader, citations)
        positions = {}
        for doc, where in _positions(reader, terms).items():
            after = cited.get(doc, ())
            kept = tuple(sorted(p for p in where if p - 1 not in after))
            if kept:
                positions[doc] = kept
        found = index.__dict__["numerals"] = Numerals(frozenset(positions), MappingProxyType(positions))
    return found


def _text(term) -> str:
    return term.decode("utf-8") if isinstance(term, bytes) else term


def _positions(reader, terms) -> dict[int, set[int]]:
    """Every document holding one of ``terms`` in its text: the positions of those terms."""
    found: dict[int, set[int]] = {}
    for term in terms:
        if ("text", term) not in reader:
            continue
        matcher = reader.postings("text", term)
        while matcher.is_active():
            found.setdefault(matcher.id(), set()).update(matcher.value_as("positions"))
            matcher.next()
    return found


def _defines(generation, language: str, text: str, games) -> frozenset[str]:
    name = text.strip('"').strip()
    if not name or uses_syntax(name):
        return frozenset()
    forms = {definition_form(language, name)}
    matches = generation.vocabulary.find(name)
    if len(matches) == 1 and matches[0].start == 0 and matches[0].end == len(name):
        forms |= {
            definition_form(language, form)
            for concept in matches[0].concepts
            if concept.game in games
            for form in concept.forms.get(language, ())
        }
    return frozenset(form for form in forms if form)


AND_WORDS_RE = re.compile(r"^[^\W_]+(?: AND [^\W_]+)+$")


def _defines_all(language: str, text: str) -> frozenset[str]:
    if not AND_WORDS_RE.match(text.strip()):
        return frozenset()
    words = frozenset(definition_form(language, word) for word in text.split(" AND "))
    return words if all(words) and len(words) > 1 else frozenset()


def _with_numbers_both_ways(language: str, text: str) -> str:
    """A question's numbers in words and in digits: "zero" → "(zero OR 0)", "10" → "(10 OR ten)"."""
    words = NUMBER_WORDS.get(language)
    if not words:
        return text
    values = {form: value for value, forms in words.items() for form in forms.split("|")}
    out = []
    for word in text.split():
        value = values.get(word.casefold())
        if value is not None:
            out.append(f"({word} OR {value})")
        elif word.isdecimal() and int(word) in words:
            out.append(f"({word} OR {words[int(word)].split('|')[0]})")
        else:
            out.append(word)
    return " ".join(out)


def _number_keys(index) -> dict[str, str]:
    """Indexed number words → their value in digits: "zero" and "0" are one question word."""
    keys = index.__dict__.get("number_keys")
    if keys is None:
        analyzer = index.text_analyzer
        keys = {
            token.text: str(value)
            for value, forms in NUMBER_WORDS.get(index.language, {}).items()
            for form in forms.split("|")
            for token in analyzer(form)
        }
        index.__dict__["number_keys"] = keys
    return keys


def _rarest(query, reader, same: Mapping[str, str] = MappingProxyType({})):
    """A best-match query as its words (each word's leaves in every field form one group), cut to its
    ``MAX_BEST_MATCH_WORDS`` rarest words (in query order). Returns (query, groups, whether cut)."""
    groups: dict[object, list] = {}
    for leaf in query.leaves():
        if isinstance(leaf, Phrase):
            words = tuple(leaf.words)
            key = same.get(" ".join(words), words)
            groups.setdefault(key, []).append((leaf, ("phrase", leaf.fieldname, words)))
        elif isinstance(leaf, Term):
            groups.setdefault(same.get(leaf.text, leaf.text), []).append((leaf, ("term", leaf.fieldname, leaf.text)))
    words = list(groups.values())

    def documents(group):
        return max(
            reader.doc_frequency(field, value) if kind == "term" else min(reader.doc_frequency(field, w) for w in value)
            for _, (kind, field, value) in group
        )

    cut = len(words) > limits.MAX_BEST_MATCH_WORDS
    if cut:
        keep = sorted(sorted(range(len(words)), key=lambda i: documents(words[i]))[: limits.MAX_BEST_MATCH_WORDS])
        words = [words[i] for i in keep]
        query = Or([leaf for group in words for leaf, _ in group])
    return query, tuple(tuple(item for _, item in group) for group in words), False


SYNTAX_RE = re.compile(r'["()]|\b(?:AND|OR|NOT|ANDNOT|ANDMAYBE)\b')


def _safe(parse):
    """Whoosh's parser, falling back to the bare words when it cannot read the syntax (it raises on
    some tangles of operators and groups): a query never fails."""

    def parse_safely(text: str):
        try:
            return parse(text)
        except Exception:
            return parse(" ".join(SYNTAX_RE.sub(" ", text).split()) or "-")

    return parse_safely


def _as_bytes(word) -> bytes:
    return word if isinstance(word, bytes) else word.encode("utf-8")


def _bounded(query, reader):
    """The parsed query with one-character CJK words as prefixes, scored prefixes, and every wildcard
    cut to its ``MAX_EXPANSIONS`` most frequent terms. Returns (query, whether a cap cut something)."""
    capped = False

    def visit(node):
        nonlocal capped
        if isinstance(node, Term) and node.fieldname in ("text", "bigrams") and len(node.text) == 1:
            if has_cjk(node.text):
                # A one-character CJK word matches every bigram starting with it.
                node = Prefix(node.fieldname, node.text)
        if isinstance(node, Prefix):
            # Whoosh gives every document a prefix matches the same score by default, which ranks
            # "costitu*" hits in index order; scoring them ranks them like words.
            node.constantscore = False
            expansions = list(reader.expand_prefix(node.fieldname, node.text))
            if len(expansions) > limits.MAX_EXPANSIONS:
                capped = True
                frequent = sorted(expansions, key=lambda t: -reader.doc_frequency(node.fieldname, t))
                terms = [Term(node.fieldname, t.decode("utf-8")) for t in frequent[: limits.MAX_EXPANSIONS]]
                return Or(terms, boost=node.boost)
            return node
        if hasattr(node, "subqueries"):
            node.subqueries = [visit(q) for q in node.subqueries]
        elif hasattr(node, "child"):
            node.child = visit(node.child)
        return node

    return visit(query), capped


def _force_unions(query) -> None:
    """Or-queries use Whoosh's union matchers. On an index under 5,000 documents Whoosh otherwise
    picks a matcher that scores every document any clause matches before collecting."""
    if isinstance(query, Or):
        query.matcher_type = Or.DEFAULT_MATCHER
    for child in query.children():
        _force_unions(child)


def _leaf_count(query) -> int:
    return sum(1 for _ in query.leaves())


def _can_match(query, reader) -> bool:
    """False when no term of the query exists in the index: the search would find nothing."""
    for leaf in query.leaves():
        if isinstance(leaf, Phrase):
            if all((leaf.fieldname, w) in reader for w in leaf.words):
                return True
        elif isinstance(leaf, Prefix):
            if next(iter(reader.expand_prefix(leaf.fieldname, leaf.text)), None) is not None:
                return True
        elif any(True for _ in leaf.existing_terms(reader, phrases=True, expand=True)):
            return True
    return False


def _terms(query, reader) -> dict[str, set]:
    """The index terms a query matched, per field (prefixes expanded), for highlighting.

    A one-character CJK prefix is kept as the character itself (field "chars"), so
    that "右" marks 右 in 右下 rather than the whole bigram.
    """
    terms: dict[str, set] = {}
    for leaf in query.leaves():
        if isinstance(leaf, Prefix) and len(leaf.text) == 1 and leaf.fieldname in ("text", "bigrams"):
            terms.setdefault("chars", set()).add(leaf.text)
            continue
        if isinstance(leaf, Phrase):
            # A phrase marks its words only where they stand together.
            terms.setdefault(f"phrase:{leaf.fieldname}", set()).add(tuple(leaf.words))
            continue
        for fieldname, text in leaf.existing_terms(reader, phrases=True, expand=True):
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            terms.setdefault(fieldname, set()).add(text)
    return terms
