"""The objects that travel through the search's stages, and nothing else.

``search()`` (``service``) makes one frozen :class:`Run` per query and passes it through the stages,
each called once, in order::

    read (queries) → plan (planning) → execute (execution) → fuse (ranking) → group (results) → snippets

A fallback (``fallbacks``: respelling, best-match, an unspaced question read as character pairs) is a
strategy that looks at what was :class:`Found` and names a :class:`Reading` to search instead; the
service re-enters the pipeline at one point with it (plan → execute), so no stage ever calls back into
an earlier one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import budget

if TYPE_CHECKING:
    from .generations import Generation, LanguageIndex, Scope
    from .planning import Plan, Plans
    from .queries import UserQuery

# The two readings of a query's words: every word must occur in a rule (``STRICT``), or any word may be
# missing and rules holding more of them come first (``ANY``, best-match).
STRICT, ANY = "strict", "any"


@dataclass(frozen=True)
class Run:
    """One query's run: the generation it reads, its scope, its deadline, its notices and languages."""

    generation: Generation
    user: UserQuery
    # The languages shown (a language filter chooses what is shown, not what may match) ...
    shown: tuple[str, ...]
    # ... and those searched: every language with documents in scope (no Берсерк in Japanese).
    searched: tuple[str, ...]
    game: str | None
    edition: str | None
    limit: int
    # Documents fetched per language (``RANKING.fetch``).
    fetch: int
    # When searching must stop (``budget.deadline``).
    deadline: float
    # The reader's interface language when the languages shown leave it out: the first one a rule is
    # shown in when none of them has its text (else None).
    interface: str | None = None
    # What the answer will say (lazy messages, in order; repeated ones are said once). The one thing
    # that changes while a run goes through the stages.
    notices: list = field(default_factory=list, compare=False)

    def index(self, language: str) -> LanguageIndex:
        return self.generation[language]

    def scope(self, language: str) -> Scope:
        """The documents of ``language`` this run may return (computed once per generation)."""
        return self.generation[language].scope(self.game, self.edition)

    def past(self) -> bool:
        return budget.past(self.deadline)

    def notice(self, message) -> None:
        self.notices.append(message)


@dataclass(frozen=True)
class Reading:
    """What to search: a text (as typed, or respelled) and how to read its words (``STRICT``/``ANY``)."""

    text: str
    mode: str = STRICT


@dataclass(frozen=True)
class Ranked:
    """One language's ranked rows (best first) for one reading."""

    language: str
    rows: tuple[dict, ...]
    # Whether a word as typed matched there, not only one of its glossary translations.
    direct: bool
    plan: Plan | None
    # Documents of the language in scope (fusion weighs a language by it).
    in_scope: int


@dataclass(frozen=True)
class Attempt:
    """A reading run through plan and execute: its plans and each language's ranked rows."""

    reading: Reading
    plans: Plans
    lists: tuple[Ranked, ...]


@dataclass(frozen=True)
class Found:
    """What the searching stages found, ready to be ordered and fused."""

    # The text searched: the query as read, or as respelled.
    text: str
    # One list per language, to fuse.
    lists: tuple[Ranked, ...]
    # The lists whose plans say what snippets mark (a best-match adds its own to the strict ones).
    planned: tuple[Ranked, ...] = ()
    # The plans of ``text`` (a question's ordering reads its best-match plan).
    plans: Plans | None = None
    # The respelled query, when respelling found what the query as typed did not.
    corrected: str | None = None
    # A rule-number query: the number, and the game its wording points to.
    number: str | None = None
    prefer: str | None = None
    # Best-match: its lists are ordered as a question, and the keys of the rules found holding every
    # word (None: best-match was not read; empty: no rule holds them all, which its notice says).
    by_question: bool = False
    whole: frozenset[str] | None = None


def merge(first: tuple[Ranked, ...], second: tuple[Ranked, ...]) -> tuple[Ranked, ...]:
    """Per language, the rows of ``first`` then those of ``second`` not already there."""
    merged = {r.language: r for r in first}
    for r in second:
        into = merged.get(r.language)
        if into is None:
            merged[r.language] = Ranked(r.language, (), r.direct, r.plan, r.in_scope)
            into = merged[r.language]
        docs = {row["doc"] for row in into.rows}
        rows = into.rows + tuple(row for row in r.rows if row["doc"] not in docs)
        merged[r.language] = Ranked(r.language, rows, into.direct or r.direct, into.plan, into.in_scope)
    return tuple(merged.values())
