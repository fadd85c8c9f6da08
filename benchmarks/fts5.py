"""The present FTS5 baseline: SQLite FTS5 doing the simplest thing (kept beside the fair one).

One ``doc`` table (language, game, edition, number, alignment key, latest flag, text) and two FTS5
tables over it (external content), because a tokenizer belongs to a table, not a column: ``words``
with ``unicode61 remove_diacritics 2`` for en/it/ru and ``cjk`` with ``trigram`` for ja and zh-hans.
Ranking is bm25 (heading weighted 3), the top 50 per language, fused across languages by reciprocal
rank and grouped by alignment key; snippets come from ``highlight()`` for matched texts, plain escaped
text for the others. No stemming, no cross-language expansion; a CJK word shorter than three characters
becomes ``LIKE '%word%'``; a query that finds nothing is retried with each unknown word replaced by the
most frequent indexed word within edit distance 2. It does far less than our service: see
``fts5_fair.py`` for the baseline doing the same work.
"""

from __future__ import annotations

import html
import re
import sqlite3
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

LIMIT = 10
FETCH = 50  # per language, as our service fetches for ten results
SNIPPET_CHARS = 360
MARK_OPEN, MARK_CLOSE = "\x02", "\x03"
TABLES = {
    "words": ("unicode61 remove_diacritics 2", ("en", "it", "ru")),
    "cjk": ("trigram", ("ja", "zh-hans")),
}
_CJK_CHAR = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_QUERY_TOKEN = re.compile(r'"([^"]*)"|(\()|(\))|(\S+)')
_OPERATORS = {"AND", "OR", "NOT"}

SCHEMA = """
CREATE TABLE doc (
    id INTEGER PRIMARY KEY, lang TEXT NOT NULL, game TEXT NOT NULL, edition TEXT NOT NULL, kind TEXT NOT NULL,
    number TEXT NOT NULL, key TEXT NOT NULL, latest INTEGER NOT NULL, text TEXT NOT NULL, heading TEXT NOT NULL
);
CREATE TABLE cite (doc INTEGER NOT NULL, number TEXT NOT NULL);
"""
INDEXES = """
CREATE INDEX doc_number ON doc (number);
CREATE INDEX doc_key ON doc (key);
CREATE INDEX cite_number ON cite (number);
"""


@dataclass
class Fts5Hit:
    key: str
    game: str
    number: str
    kind: str
    score: float
    texts: dict[str, str] = field(default_factory=dict)


@dataclass
class _Ranked:
    """One language's matches, best first: (doc id, key, game, number, kind)."""

    table: str | None
    expression: str | None
    like: list[str]
    rows: list[tuple] = field(default_factory=list)


def _placeholders(values) -> str:
    return ",".join("?" for _ in values)


class Fts5Search:
    def __init__(self, path: Path):
        self.path = path
        self.connection = sqlite3.connect(path)
        self._vocabulary: dict[str, list[tuple[str, int]]] | None = None
        self._known: set[str] = set()
        from benchmarks._ours import ours

        self.weights = ours().ranking

    @classmethod
    def build(cls, path: Path) -> tuple[Fts5Search, float]:
        """Index every document of every language; returns the engine and the seconds it took."""
        from rulesref.core.languages import CONTENT_LANGUAGES
        from rulesref.search import documents

        started = time.perf_counter()
        connection = sqlite3.connect(path)
        connection.executescript(SCHEMA)
        with connection:
            doc_id = 0
            for language in CONTENT_LANGUAGES:
                rows, cites = [], []
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
                        )
                    )
                    cites.extend((doc_id, number) for number in doc["cites"].split(",") if number)
                connection.executemany("INSERT INTO doc VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
                connection.executemany("INSERT INTO cite VALUES (?,?)", cites)
            connection.executescript(INDEXES)
            for table, (tokenizer, languages) in TABLES.items():
                connection.execute(
                    f"CREATE VIRTUAL TABLE {table} USING fts5(text, heading, content='doc', content_rowid='id', "
                    f"tokenize='{tokenizer}')"
                )
                connection.execute(
                    f"INSERT INTO {table} (rowid, text, heading) SELECT id, text, heading FROM doc "
                    f"WHERE lang IN ({_placeholders(languages)})",
                    languages,
                )
                connection.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")
            connection.execute("CREATE VIRTUAL TABLE words_vocabulary USING fts5vocab(words, 'row')")
        connection.close()
        return cls(path), time.perf_counter() - started

    # Searching

    def search(self, query: str, *, limit: int = LIMIT) -> list[Fts5Hit]:
        from rulesref.core.languages import CONTENT_LANGUAGES
        from rulesref.search.queries import QueryError, parse_user_query

        try:
            user = parse_user_query(query)
        except QueryError:
            return []
        languages = user.languages or list(CONTENT_LANGUAGES)
        where, params = ["d.latest = 1"] if not user.edition else ["d.edition = ?"], []
        if user.edition:
            params.append(user.edition)
        if user.game:
            where.append("d.game = ?")
            params.append(user.game)
        condition = " AND ".join(where)
        if user.number:
            ranked = self._number(user.number, languages, condition, params)
        else:
            ranked = self._text(user.text, languages, condition, params)
            if not any(r.rows for r in ranked.values()):
                corrected = self._correct(user.text)
                if corrected:
                    ranked = self._text(corrected, languages, condition, params)
        hits = self._group(ranked, limit, number=user.number)
        self._snippets(hits, ranked, languages, condition, params)
        return hits

    def _number(self, number, languages, condition, params) -> dict[str, _Ranked]:
        ranked = {language: _Ranked(None, None, []) for language in languages}
        exact = self.connection.execute(
            f"SELECT d.id, d.lang, d.key, d.game, d.number, d.kind FROM doc d WHERE d.number = ? AND {condition} "
            f"AND d.lang IN ({_placeholders(languages)}) ORDER BY d.id",
            [number, *params, *languages],
        ).fetchall()
        citing = self.connection.execute(
            f"SELECT d.id, d.lang, d.key, d.game, d.number, d.kind FROM cite c JOIN doc d ON d.id = c.doc "
            f"WHERE c.number = ? AND d.number != ? AND {condition} AND d.lang IN ({_placeholders(languages)}) "
            "ORDER BY d.id",
            [number, number, *params, *languages],
        ).fetchall()
        for doc_id, language, *rest in exact + citing:
            if len(ranked[language].rows) < FETCH * 2:
                ranked[language].rows.append((doc_id, *rest))
        return ranked

    def _text(self, text, languages, condition, params) -> dict[str, _Ranked]:
        ranked = {}
        for table, (_tokenizer, table_languages) in TABLES.items():
            wanted = [language for language in table_languages if language in languages]
            if not wanted:
                continue
            expression, like = _expression(text, cjk=table == "cjk")
            for language in wanted:
                ranked[language] = _Ranked(table, expression, like)
            if expression is None and not like:
                continue
            lang_in = f"d.lang IN ({_placeholders(wanted)})"
            likes = " AND ".join("d.text LIKE ?" for _ in like)
            like_params = [f"%{word}%" for word in like]
            if expression is not None:
                sql = (
                    f"WITH m AS (SELECT rowid AS id, bm25({table}, 1.0, 3.0) AS score FROM {table} "
                    f"WHERE {table} MATCH ?) "
                    "SELECT id, lang, key, game, number, kind FROM (SELECT d.id, d.lang, d.key, d.game, d.number, "
                    "d.kind, row_number() OVER (PARTITION BY d.lang ORDER BY m.score) AS r "
                    f"FROM m JOIN doc d ON d.id = m.id WHERE {condition} AND {lang_in}"
                    f"{' AND ' + likes if likes else ''}) WHERE r <= ? ORDER BY lang, r"
                )
                values = [expression, *params, *wanted, *like_params, FETCH]
            else:
                # Trigram cannot match fewer than three characters: scan, in document order.
                sql = (
                    "SELECT id, lang, key, game, number, kind FROM (SELECT d.id, d.lang, d.key, d.game, d.number, "
                    "d.kind, row_number() OVER (PARTITION BY d.lang ORDER BY d.id) AS r "
                    f"FROM doc d WHERE {condition} AND {lang_in} AND {likes}) WHERE r <= ? ORDER BY lang, r"
                )
                values = [*params, *wanted, *like_params, FETCH]
            try:
                rows = self.connection.execute(sql, values).fetchall()
            except sqlite3.OperationalError:
                rows = []  # an expression FTS5 cannot parse finds nothing, as a user would see it
            for doc_id, language, *rest in rows:
                ranked[language].rows.append((doc_id, *rest))
        return ranked

    def _correct(self, text: str) -> str | None:
        """Each word the index does not know, replaced by the most frequent known word within distance 2."""
        if self._vocabulary is None:
            self._vocabulary = defaultdict(list)
            for term, count in self.connection.execute("SELECT term, doc FROM words_vocabulary"):
                self._vocabulary[term[:1]].append((term, count))
                self._known.add(term)
        changed = False

        def replace(match: re.Match) -> str:
            nonlocal changed
            word = match.group()
            folded = word.casefold()
            if word in _OPERATORS or folded in self._known or _CJK_CHAR.search(word):
                return word
            best = None
            for term, count in self._vocabulary.get(folded[:1], ()):
                if abs(len(term) - len(folded)) <= 2 and _within(folded, term, 2):
                    if best is None or count > best[1]:
                        best = (term, count)
            if best is None:
                return word
            changed = True
            return best[0]

        corrected = re.sub(r"\w+", replace, text)
        return corrected if changed else None

    def _group(self, ranked: dict[str, _Ranked], limit: int, *, number: str | None) -> list[Fts5Hit]:
        hits: dict[str, Fts5Hit] = {}
        for language_ranked in ranked.values():
            seen = set()
            for rank, (_doc_id, key, game, hit_number, kind) in enumerate(language_ranked.rows):
                if key in seen:
                    continue
                seen.add(key)
                hit = hits.get(key)
                if hit is None:
                    hit = hits[key] = Fts5Hit(key, game, hit_number, kind, 0.0)
                weights = self.weights
                hit.score += 1.0 / (weights.rrf_k + rank + 1)
                hit.score += weights.number_bonus if number and hit_number == number else 0.0
        return sorted(hits.values(), key=lambda h: (-h.score, h.key))[:limit]

    def _snippets(self, hits, ranked, languages, condition, params) -> None:
        """The hit's text in every language: highlighted where it matched, plain where it is only aligned."""
        if not hits:
            return
        keys = {hit.key for hit in hits}
        matched: dict[tuple[str, str], int] = {}
        for language, language_ranked in ranked.items():
            for doc_id, key, *_ in language_ranked.rows:
                if key in keys:
                    matched.setdefault((key, language), doc_id)
        marked: dict[int, str] = {}
        by_table: dict[str, list[int]] = defaultdict(list)
        for (_key, language), doc_id in matched.items():
            if ranked[language].expression is not None:
                by_table[ranked[language].table].append(doc_id)
        for table, ids in by_table.items():
            expression = next(r.expression for r in ranked.values() if r.table == table)
            rows = self.connection.execute(
                f"SELECT rowid, highlight({table}, 0, ?, ?) FROM {table} WHERE {table} MATCH ? "
                f"AND rowid IN ({_placeholders(ids)})",
                [MARK_OPEN, MARK_CLOSE, expression, *ids],
            )
            marked.update(rows)
        rows = self.connection.execute(
            f"SELECT d.id, d.key, d.lang, d.text FROM doc d WHERE d.key IN ({_placeholders(keys)}) AND {condition} "
            f"AND d.lang IN ({_placeholders(languages)}) ORDER BY d.id",
            [*keys, *params, *languages],
        ).fetchall()
        texts: dict[tuple[str, str], tuple[int, str]] = {}
        for doc_id, key, language, text in rows:
            texts.setdefault((key, language), (doc_id, text))
        for hit in hits:
            for language in languages:
                doc_id = matched.get((hit.key, language))
                if doc_id is not None and doc_id in marked:
                    hit.texts[language] = _render(marked[doc_id])
                elif (hit.key, language) in texts:
                    text = texts[(hit.key, language)][1]
                    for word in ranked.get(language, _Ranked(None, None, [])).like:
                        text = text.replace(word, f"{MARK_OPEN}{word}{MARK_CLOSE}")
                    hit.texts[language] = _render(text)


def _expression(text: str, *, cjk: bool) -> tuple[str | None, list[str]]:
    """An FTS5 MATCH expression for ``text``, and the words only LIKE can find (short CJK, trigram)."""
    parts: list[str] = []
    like: list[str] = []
    dropped = False
    for match in _QUERY_TOKEN.finditer(text):
        phrase, opening, closing, word = match.groups()
        if opening or closing:
            parts.append(opening or closing)
            continue
        if word in _OPERATORS:
            parts.append(word)
            continue
        prefix = False
        if phrase is None:
            prefix = word.endswith("*")
            phrase = word.rstrip("*")
        phrase = phrase.replace('"', "").strip()
        if not phrase:
            dropped = True
            continue
        if cjk and len(phrase) < 3:
            # Trigram matches nothing shorter than three characters.
            if _CJK_CHAR.search(phrase):
                like.append(phrase)
            dropped = True
            continue
        parts.append(f'"{phrase}"' + ("*" if prefix and not cjk else ""))
    if dropped:
        # Operators may now have nothing to join: keep the words, joined by AND.
        parts = [part for part in parts if part not in _OPERATORS and part not in "()"]
    while parts and parts[0] in _OPERATORS:
        parts.pop(0)
    while parts and parts[-1] in _OPERATORS:
        parts.pop()
    return (" ".join(parts) if parts else None), like


def _within(a: str, b: str, limit: int) -> bool:
    """Levenshtein distance of a and b is at most limit (row-minimum cut-off)."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return False
        previous = current
    return previous[-1] <= limit


def _render(marked: str) -> str:
    """Escape, then mark; a window of SNIPPET_CHARS around the first match, as ours shows."""
    first = marked.find(MARK_OPEN)
    if len(marked) > SNIPPET_CHARS:
        start = max(0, (first if first >= 0 else 0) - SNIPPET_CHARS // 4)
        marked = ("…" if start else "") + marked[start : start + SNIPPET_CHARS] + "…"
    return html.escape(marked).replace(MARK_OPEN, "<mark>").replace(MARK_CLOSE, "</mark>")
