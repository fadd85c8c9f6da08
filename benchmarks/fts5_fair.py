"""The fair FTS5 baseline: SQLite FTS5 doing the same work as our service, the plain way.

What it shares with ours (imported, not copied): the query reading (``queries.parse_user_query``),
the glossary vocabulary of the live generation and its rewrite per language, the test for a query
that cannot match a language's script, and every ranking weight (``ranking.RANKING``).

What it does like ours, in SQL:

- one FTS5 table per language with the best tokenizer FTS5 has for it: ``porter unicode61`` for
  English, ``unicode61 remove_diacritics 2`` for Italian and Russian, ``trigram`` for Japanese and
  Chinese; columns text and heading (bm25 weight 3, as ours);
- the query rewritten per language with the glossary, only for concepts of games the language has
  texts of in scope; a language with no letter of the query's script and nothing the glossary
  translates into it is not searched;
- the top 50 per language in scope (latest editions, or the edition and game asked for);
- the same fusion: reciprocal rank, best contribution plus a share of the others, weighted by direct
  or glossary match, by the evidence of a language (log of its documents in scope) and by kind;
  glossary entries lift the rules they cite; a rule-number query puts that rule first, then the
  rules citing it;
- every shown hit's text in each language highlighted (``highlight()`` where the text matches the
  language's expression, else escaped as it is), in a 480-character window;
- the same respelling when nothing matched: each unknown word of three letters or more replaced by
  the closest known word (edit distance ≤ 2, same first letter, then the most frequent); not for a
  question, as ours;
- a question (four plain words or more) read as ours reads it: without the words that only shape it
  (``planning.QUESTION_WORDS``) and, FTS5 having no stop words, without those our analyzers drop; when
  it finds fewer than three rules (or a query of two words or more finds none), the best-match reading
  FTS5 has: the OR of its words, ranked by bm25, after the rules holding every word (not cut to the six
  rarest words, nor its numbers read both ways: ours does both); an unspaced question (衍生物离开战场会怎样)
  that finds nothing is the OR of its character trigrams, the words that only shape it cut out first
  (``planning.UNSPACED_QUESTION_WORDS``), as ours is of its character pairs.

Where trigram cannot match (a CJK word under three characters: 死触, 飞行), that word is a ``LIKE``
over the text, and a query holding such a word is evaluated as SQL (MATCH for the other words) and
ranked by occurrences instead of bm25.
"""

from __future__ import annotations

import html
import re
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.scripts import UNSPACED_SCRIPTS

# Every registered content language (Korean too): porter for English, unicode61 for the other spaced
# scripts, trigram (FTS5's best tokenizer for them) for scripts written without spaces.
TRIGRAM = {code for code, lang in CONTENT_LANGUAGES.items() if lang.script in UNSPACED_SCRIPTS}
TOKENIZERS = {
    code: "trigram"
    if code in TRIGRAM
    else ("porter unicode61 remove_diacritics 2" if code == "en" else "unicode61 remove_diacritics 2")
    for code in CONTENT_LANGUAGES
}
SNIPPET_CHARS = 480
MARK_OPEN, MARK_CLOSE = "\x02", "\x03"
_CJK_CHAR = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_TOKEN = re.compile(r'"([^"]*)"|(\()|(\))|([^\s()"]+)')
_SPELL_WORD = re.compile(r"[^\W\d_]{3,}")
_OPERATORS = {"AND", "OR", "NOT"}

SCHEMA = """
CREATE TABLE doc (
    id INTEGER PRIMARY KEY, lang TEXT NOT NULL, game TEXT NOT NULL, edition TEXT NOT NULL, kind TEXT NOT NULL,
    number TEXT NOT NULL, key TEXT NOT NULL, latest INTEGER NOT NULL, text TEXT NOT NULL, heading TEXT NOT NULL,
    cite_keys TEXT NOT NULL
);
CREATE TABLE cite (doc INTEGER NOT NULL, number TEXT NOT NULL);
CREATE TABLE spell (lang TEXT NOT NULL, initial TEXT NOT NULL, word TEXT NOT NULL, frequency INTEGER NOT NULL);
"""
INDEXES = """
CREATE INDEX doc_number ON doc (number);
CREATE INDEX doc_key ON doc (key, lang);
CREATE INDEX doc_scope ON doc (lang, latest, edition, game);
CREATE INDEX cite_number ON cite (number);
CREATE INDEX spell_lookup ON spell (lang, initial, word);
"""


def _ours():
    """What the fair baseline takes from our service: query reading, vocabulary, scripts, weights."""
    from benchmarks._ours import ours

    return ours()


# ---------------------------------------------------------------------------
# Query expressions


@dataclass
class Leaf:
    text: str
    prefix: bool = False
    phrase: bool = False


@dataclass
class Node:
    op: str  # AND, OR, NOT (NOT: children[0] AND NOT children[1], or a lone NOT children[0])
    children: list


def parse_expression(text: str):
    """The rewritten query (our syntax: words, "phrases", prefix*, AND/OR/NOT, groups) as a tree."""
    tokens = []
    for phrase, opening, closing, word in _TOKEN.findall(text):
        if opening:
            tokens.append("(")
        elif closing:
            tokens.append(")")
        elif word in _OPERATORS:
            tokens.append(word)
        elif phrase or word:
            value = phrase if phrase else word
            prefix = not phrase and value.endswith("*")
            value = value.rstrip("*").strip()
            if value:
                tokens.append(Leaf(value, prefix=prefix, phrase=bool(phrase)))
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def parse_or():
        parts = [parse_and()]
        while peek() == "OR":
            take()
            parts.append(parse_and())
        parts = [p for p in parts if p is not None]
        return parts[0] if len(parts) == 1 else (Node("OR", parts) if parts else None)

    def parse_and():
        parts, negated = [], []
        while peek() is not None and peek() not in ("OR", ")"):
            if peek() == "AND":
                take()
                continue
            if peek() == "NOT":
                take()
                atom = parse_atom()
                if atom is not None:
                    negated.append(atom)
                continue
            atom = parse_atom()
            if atom is not None:
                parts.append(atom)
        node = parts[0] if len(parts) == 1 else (Node("AND", parts) if parts else None)
        for atom in negated:
            node = Node("NOT", [node, atom]) if node is not None else None
        return node

    def parse_atom():
        token = take()
        if token == "(":
            inner = parse_or()
            if peek() == ")":
                take()
            return inner
        if isinstance(token, Leaf):
            return token
        return None

    return parse_or()


def _words(leaf: Leaf, language: str) -> list[str]:
    """A multi-word leaf of a trigram table stays one string; elsewhere FTS5 tokenizes it."""
    return [leaf.text]


def _short_cjk(leaf: Leaf, language: str) -> bool:
    return language in TRIGRAM and len(leaf.text) < 3


def _match_string(node, language: str) -> str | None:
    """An FTS5 MATCH string for the tree, or None when a leaf needs LIKE."""
    if isinstance(node, Leaf):
        if _short_cjk(node, language):
            return None
        quoted = '"' + node.text.replace('"', "") + '"'
        return quoted + ("*" if node.prefix and language not in TRIGRAM else "")
    parts = [_match_string(child, language) for child in node.children]
    if any(part is None for part in parts):
        return None
    if node.op == "NOT":
        return f"({parts[0]}) NOT ({parts[1]})"
    return "(" + f" {node.op} ".join(parts) + ")"


def _sql_predicate(node, language: str, table: str) -> tuple[str, list]:
    """The tree as an SQL condition over ``d``: MATCH for indexable leaves, LIKE for short CJK words."""
    if isinstance(node, Leaf):
        if _short_cjk(node, language):
            return "(d.text LIKE ? OR d.heading LIKE ?)", [f"%{node.text}%", f"%{node.text}%"]
        return f"d.id IN (SELECT rowid FROM {table} WHERE {table} MATCH ?)", [_match_string(node, language)]
    parts = [_sql_predicate(child, language, table) for child in node.children]
    params = [p for _, ps in parts for p in ps]
    if node.op == "NOT":
        return f"({parts[0][0]} AND NOT {parts[1][0]})", params
    return "(" + f" {node.op} ".join(sql for sql, _ in parts) + ")", params


def _like_words(node, language: str) -> list[str]:
    if node is None:
        return []
    if isinstance(node, Leaf):
        return [node.text] if _short_cjk(node, language) else []
    if node.op == "NOT":
        return _like_words(node.children[0], language)
    return [w for child in node.children for w in _like_words(child, language)]


def _positive_leaves(node) -> list[Leaf]:
    if node is None:
        return []
    if isinstance(node, Leaf):
        return [node]
    if node.op == "NOT":
        return _positive_leaves(node.children[0])
    return [leaf for child in node.children for leaf in _positive_leaves(child)]


# ---------------------------------------------------------------------------
# The engine


@dataclass
class Ranked:
    """One language's matches, best first: dicts with id, key, game, number, kind, edition, cite_keys."""

    language: str
    rows: list[dict] = field(default_factory=list)
    match: str | None = None  # for highlight()
    like: list[str] = field(default_factory=list)
    direct: bool = True


@dataclass
class Hit:
    key: str
    game: str
    number: str
    kind: str
    score: float
    matched_lang: str
    texts: dict[str, str] = field(default_factory=dict)


class Fts5FairSearch:
    def __init__(self, path: Path):
        self.path = path
        self.connection = sqlite3.connect(path, check_same_thread=False)
        self.ours = _ours()
        self._scope_cache: dict = {}

    @classmethod
    def build(cls, path: Path) -> tuple[Fts5FairSearch, float]:
        from rulesref.core.languages import CONTENT_LANGUAGES
        from rulesref.search import documents

        started = time.perf_counter()
        connection = sqlite3.connect(path)
        connection.executescript(SCHEMA)
        with connection:
            doc_id = 0
            for language in CONTENT_LANGUAGES:
                rows, cites, words = [], [], Counter()
                for doc in documents.documents_for_language(language):
                    doc_id += 1
                    rows.append(
                        (
                            doc_id,
                            language,
                            doc["game"],
                            doc["edition"],
                            doc["kind"],
                            doc["number"],
                            doc["key"],
                            int(doc["latest"] == "1"),
                            doc["text"],
                            doc.get("heading", ""),
                            doc.get("cite_keys") if "cite_keys" in doc else _cite_keys(doc),
                        )
                    )
                    cites.extend((doc_id, number) for number in doc["cites"].split(",") if number)
                    # The spelling word list: every word as written (lowercased), with its document frequency.
                    words.update({w.casefold() for w in _SPELL_WORD.findall(doc["text"])})
                connection.executemany("INSERT INTO doc VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
                connection.executemany("INSERT INTO cite VALUES (?,?)", cites)
                connection.executemany(
                    "INSERT INTO spell VALUES (?,?,?,?)", [(language, w[:1], w, n) for w, n in words.items()]
                )
                table = _table(language)
                connection.execute(
                    f"CREATE VIRTUAL TABLE {table} USING fts5(text, heading, content='doc', content_rowid='id', "
                    f"tokenize='{TOKENIZERS[language]}')"
                )
                connection.execute(
                    f"INSERT INTO {table} (rowid, text, heading) SELECT id, text, heading FROM doc WHERE lang = ?",
                    (language,),
                )
                connection.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")
            connection.executescript(INDEXES)
        connection.close()
        return cls(path), time.perf_counter() - started

    # Scope

    def _scope(self, language: str, game: str | None, edition: str | None) -> tuple[str, list, int, frozenset]:
        """SQL condition and parameters for documents in scope; their count and games."""
        key = (language, game, edition)
        cached = self._scope_cache.get(key)
        if cached is None:
            where, params = ["d.lang = ?"], [language]
            if edition:
                where.append("d.edition = ?")
                params.append(edition)
            else:
                where.append("d.latest = 1")
            if game:
                where.append("d.game = ?")
                params.append(game)
            condition = " AND ".join(where)
            rows = self.connection.execute(
                f"SELECT d.game, count(*) FROM doc d WHERE {condition} GROUP BY d.game", params
            ).fetchall()
            cached = self._scope_cache[key] = (
                condition,
                params,
                sum(n for _, n in rows),
                frozenset(g for g, _ in rows),
            )
        return cached

    # Searching

    def search(self, query: str, *, languages: list[str] | None = None, limit: int = 10) -> list[Hit]:
        ours = self.ours
        try:
            user = ours.parse_user_query(query)
        except ours.QueryError:
            return []
        shown = user.languages or languages or list(ours.languages)
        searched = list(ours.languages)
        game, edition = user.game, user.edition
        searched = [lang for lang in searched if self._scope(lang, game, edition)[2]]
        question = False  # a rule-number query
        if user.number:
            ranked = [self._number(lang, user.number, game, edition) for lang in searched]
        else:
            text = user.text
            ranked = [self._text(lang, text, game, edition) for lang in searched]
            asked = len(ours.plain_words(text)) >= ours.ranking.thin_min_words
            if not asked and not any(r.rows for r in ranked):
                corrected = self._correct(text, searched)
                if corrected:
                    text = corrected
                    ranked = [self._text(lang, text, game, edition) for lang in searched]
            # Best-match, as ours decides it (``fallbacks.BestMatch``, then ``UnspacedRun``).
            words, keys, weights = ours.plain_words(text), ours.fused_keys(ranked), ours.ranking
            empty = not keys and len(words) >= weights.fallback_min_words
            best_match = empty or asked or (ours.is_unspaced_run(text) and not keys)
            if best_match:
                ranked = _merge(ranked, [self._best_match(lang, text, game, edition) for lang in searched])
            # Ordered (and fused) as a question: best-match's lists (a question's among them).
            question = best_match
        hits = self._fuse(ranked, user, game, edition, question)
        return self._show(hits, ranked, shown, game, edition, limit)

    def _number(self, language, number, game, edition) -> Ranked:
        condition, params, _, _ = self._scope(language, game, edition)
        columns = "d.id, d.key, d.game, d.number, d.kind, d.edition, d.cite_keys"
        exact = self.connection.execute(
            f"SELECT {columns} FROM doc d WHERE d.number = ? AND {condition} ORDER BY d.id", [number, *params]
        ).fetchall()
        citing = self.connection.execute(
            f"SELECT {columns} FROM cite c JOIN doc d ON d.id = c.doc WHERE c.number = ? AND d.number != ? "
            f"AND {condition} ORDER BY d.id",
            [number, number, *params],
        ).fetchall()
        fetch = self.ours.ranking.fetch(10)
        rows = [_row(r) for r in exact[:fetch]] + [_row(r) for r in citing[:fetch]]
        return Ranked(language, rows, match=f'"{number}"')

    def _text(self, language, text, game, edition) -> Ranked:
        ours = self.ours
        condition, params, _, games = self._scope(language, game, edition)
        if len(ours.plain_words(text)) >= ours.ranking.thin_min_words:
            return Ranked(language, direct=False)  # as ours: a question is read by best-match only
        text = self._question(language, text)
        rewritten, used = ours.rewrite(text, language, games)
        if not used and not ours.could_match(text, language):
            return Ranked(language, direct=False)
        tree = parse_expression(rewritten)
        if tree is None:
            return Ranked(language, direct=False)
        rows = self._run(language, tree, condition, params)
        result = Ranked(language, rows, match=_match_string(tree, language), like=_like_words(tree, language))
        if used and rows:
            typed = parse_expression(text)
            ids = [row["id"] for row in rows]
            hits = self._run(language, typed, f"d.id IN ({','.join('?' * len(ids))})", ids) if typed else []
            result.direct = bool(hits)
        return result

    def _question(self, language: str, text: str) -> str:
        """A question without the words that only shape it and, FTS5 having no stop words, without the
        words our analyzer drops; any other text as it is."""
        ours = self.ours
        if not ours.is_question(text):
            return text
        shaping = ours.question_words.get(language, frozenset())
        kept = [w for w in text.split() if w.casefold() not in shaping and not ours.is_stop_word(language, w)]
        return " ".join(kept) if kept else text

    def _best_match(self, language, text, game, edition) -> Ranked:
        """Any word may be missing: the OR of the question's words (of an unspaced question in a trigram
        table, its character trigrams), ranked by bm25. As ours, no glossary forms: a question is
        answered in the language it is asked in."""
        ours = self.ours
        condition, params, _, _ = self._scope(language, game, edition)
        if not ours.could_match(text, language):
            return Ranked(language, direct=False)
        if language in TRIGRAM and ours.is_unspaced_run(text):
            shaping = ours.unspaced_question_words.get(language)
            chunks = (shaping.sub(" ", text) if shaping else text).split()
            words = [c[i : i + 3] for c in chunks if len(c) >= 3 for i in range(len(c) - 2)]
            words += [c for c in chunks if len(c) < 3]
        else:
            words = [w for w in self._question(language, text).split() if w not in _OPERATORS]
        leaves = [Leaf(w) for w in dict.fromkeys(w.replace('"', "") for w in words) if w]
        if not leaves:
            return Ranked(language, direct=False)
        tree = leaves[0] if len(leaves) == 1 else Node("OR", leaves)
        rows = self._run(language, tree, condition, params)
        return Ranked(language, rows, match=_match_string(tree, language), like=_like_words(tree, language))

    def _run(self, language, tree, condition, params) -> list[dict]:
        table = _table(language)
        fetch = self.ours.ranking.fetch(10)
        columns = "d.id, d.key, d.game, d.number, d.kind, d.edition, d.cite_keys"
        match = _match_string(tree, language)
        try:
            if match is not None:
                rows = self.connection.execute(
                    f"SELECT {columns} FROM {table} JOIN doc d ON d.id = {table}.rowid "
                    f"WHERE {table} MATCH ? AND {condition} ORDER BY bm25({table}, 1.0, 3.0) LIMIT ?",
                    [match, *params, fetch],
                ).fetchall()
            else:
                predicate, values = _sql_predicate(tree, language, table)
                score = " + ".join(
                    "(length(d.text) - length(replace(d.text, ?, ''))) / length(?)"
                    " + 3 * (length(d.heading) - length(replace(d.heading, ?, ''))) / length(?)"
                    for _ in _positive_leaves(tree)
                )
                score_params = [leaf.text for leaf in _positive_leaves(tree) for _ in range(4)]
                rows = self.connection.execute(
                    f"SELECT {columns} FROM doc d WHERE {condition} AND {predicate} "
                    f"ORDER BY ({score}) DESC, d.id LIMIT ?",
                    [*params, *values, *score_params, fetch],
                ).fetchall()
        except sqlite3.OperationalError:
            rows = []  # an expression FTS5 cannot read finds nothing, as a user would see it
        return [_row(r) for r in rows]

    def _correct(self, text: str, languages: list[str]) -> str | None:
        ours = self.ours
        for language in sorted(languages, key=lambda lang: not ours.same_script(text, lang)):
            changed = False

            def replace(match: re.Match, language=language) -> str:
                nonlocal changed
                word = match.group()
                folded = word.casefold()
                if word.upper() in _OPERATORS or _CJK_CHAR.search(word):
                    return word
                known = self.connection.execute(
                    "SELECT 1 FROM spell WHERE lang = ? AND initial = ? AND word = ?", (language, folded[:1], folded)
                ).fetchone()
                if known:
                    return word
                best = None
                for candidate, frequency in self.connection.execute(
                    "SELECT word, frequency FROM spell WHERE lang = ? AND initial = ? AND length(word) BETWEEN ? AND ?",
                    (language, folded[:1], len(folded) - 2, len(folded) + 2),
                ):
                    distance = _distance(folded, candidate, 2)
                    if distance is not None and (best is None or (distance, -frequency) < best[0]):
                        best = ((distance, -frequency), candidate)
                if best is None:
                    return word
                changed = True
                return best[1].capitalize() if word[:1].isupper() else best[1]

            corrected = _SPELL_WORD.sub(replace, text)
            if changed:
                return corrected
        return None

    def _fuse(self, ranked: list[Ranked], user, game, edition, question: bool = False) -> list[Hit]:
        """Our fusion, over FTS5's ranked lists."""
        weights = self.ours.ranking
        lists = []
        for r in ranked:
            _, _, in_scope, _ = self._scope(r.language, game, edition)
            lists.append((r.language, r.direct, in_scope, r.rows))
        fused = self.ours.fuse(lists, number=user.number, prefer=user.game_hint, weights=weights, question=question)
        return [Hit(f.key, f.game, f.number, f.kind, f.score, f.language) for f in fused]

    def _show(self, hits: list[Hit], ranked: list[Ranked], shown, game, edition, limit) -> list[Hit]:
        by_language = {r.language: r for r in ranked}
        out = []
        for hit in hits:
            keys = [hit.key]
            rows = self.connection.execute(
                "SELECT d.id, d.lang, d.text, d.latest, d.edition, d.number, d.kind FROM doc d "
                "WHERE d.key = ? AND d.lang IN "
                f"({','.join('?' * len(shown))}) ORDER BY d.id",
                [*keys, *shown],
            ).fetchall()
            chosen: dict[str, tuple[int, str]] = {}
            for doc_id, language, text, latest, doc_edition, number, kind in rows:
                if (edition and doc_edition == edition) or (not edition and latest):
                    chosen.setdefault(language, (doc_id, text))
                    # A rule lifted by a glossary entry takes its number and kind from its document.
                    hit.number, hit.kind = hit.number or number, hit.kind or kind
            for language in shown:
                if language not in chosen:
                    continue
                doc_id, text = chosen[language]
                r = by_language.get(language)
                marked = None
                if r is not None and r.match:
                    table = _table(language)
                    try:
                        row = self.connection.execute(
                            f"SELECT highlight({table}, 0, ?, ?) FROM {table} WHERE {table} MATCH ? AND rowid = ?",
                            [MARK_OPEN, MARK_CLOSE, r.match, doc_id],
                        ).fetchone()
                    except sqlite3.OperationalError:
                        row = None
                    marked = row[0] if row else None
                if marked is None:
                    marked = text
                    for word in r.like if r else ():
                        marked = marked.replace(word, f"{MARK_OPEN}{word}{MARK_CLOSE}")
                hit.texts[language] = _render(marked)
            if hit.texts:
                out.append(hit)
            if len(out) == limit:
                break
        return out


def _merge(strict: list[Ranked], best: list[Ranked]) -> list[Ranked]:
    """Per language, the rows of the strict reading, then those of best-match not already there (as
    ours merges them); highlighted by either reading's expression."""
    merged = []
    for first, second in zip(strict, best, strict=True):
        ids = {row["id"] for row in first.rows}
        rows = first.rows + [row for row in second.rows if row["id"] not in ids]
        matches = [m for m in (first.match, second.match) if m]
        match = " OR ".join(f"({m})" for m in matches) if len(matches) > 1 else (matches[0] if matches else None)
        direct = first.direct or second.direct
        merged.append(Ranked(first.language, rows, match, first.like + second.like, direct))
    return merged


def _cite_keys(doc: dict) -> str:
    """Before documents carried the keys of the rules they cite: the service's own rule, game:number."""
    if doc["kind"] != "glossary":
        return ""
    return ",".join(f"{doc['game']}:{n}" for n in doc["cites"].split(",") if "." in n)


def _table(language: str) -> str:
    return "fts_" + language.replace("-", "_")


def _row(values) -> dict:
    doc_id, key, game, number, kind, edition, cite_keys = values
    return {
        "id": doc_id,
        "key": key,
        "game": game,
        "number": number,
        "kind": kind,
        "edition": edition,
        "cite_keys": cite_keys,
    }


def _distance(a: str, b: str, limit: int) -> int | None:
    """Levenshtein distance of a and b when it is at most limit, else None."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return None
        previous = current
    return previous[-1] if previous[-1] <= limit else None


def _render(marked: str) -> str:
    first = marked.find(MARK_OPEN)
    if len(marked) > SNIPPET_CHARS:
        start = max(0, (first if first >= 0 else 0) - SNIPPET_CHARS // 4)
        marked = ("…" if start else "") + marked[start : start + SNIPPET_CHARS] + "…"
    return html.escape(marked).replace(MARK_OPEN, "<mark>").replace(MARK_CLOSE, "</mark>")
