"""The fallbacks: what to search instead when a query found nothing, or too little. An ordered list of
strategies (``STRATEGIES``), tried in order once the query as typed was searched.

A strategy looks at what was found (``applies``), names the readings to search instead (``readings``:
a respelled text, or the same words read as best-match), and says what to keep of each once it has been
searched (``take``; ``None``: try its next reading). It never searches itself: the service runs each
reading through the plan and execute stages, the one point where the pipeline is re-entered, so no
stage calls back into an earlier one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from django.utils.translation import gettext_lazy as _

from . import spelling
from .budget import BUDGET_NOTICE
from .pipeline import ANY, STRICT, Attempt, Found, Reading, Run, merge
from .queries import is_unspaced_run, plain_words
from .ranking import fused_keys
from .weights import RANKING

FALLBACK_NOTICE = _("No rule contains all of your words; showing the rules that contain most of them.")


class Respell:
    """Nothing matched a query of a few words: each word a language's index does not know is replaced
    by its closest known word, one language at a time (those whose script the query uses first), until a
    respelled query finds something. A question is not respelled word by word: best-match finds what its
    words can."""

    def applies(self, run: Run, found: Found) -> bool:
        question = len(run.user.plain_words) >= RANKING.thin_min_words
        return not question and not any(r.rows for r in found.lists)

    def readings(self, run: Run, found: Found) -> Iterator[Reading]:
        text = run.user.text
        for language in spelling.languages_to_try(text, list(run.searched)):
            if run.past():
                run.notice(BUDGET_NOTICE)
                return
            respelled = spelling.respell(run.generation, language, text, run.deadline)
            if respelled is not None:
                yield Reading(respelled, STRICT)

    def take(self, run: Run, found: Found, attempt: Attempt) -> Found | None:
        if not any(r.rows for r in attempt.lists):
            return None
        text = attempt.reading.text
        return Found(text=text, lists=attempt.lists, planned=attempt.lists, plans=attempt.plans, corrected=text)


class BestMatch:
    """A query of plain words that found nothing (every word must occur in one rule), and every question
    (``RANKING.thin_min_words`` plain words or more), is searched again with any word allowed to be
    missing. Per language, the rules holding every word and those holding most of them are ordered
    together as answers to the question; the notice says so when no rule held every word."""

    def applies(self, run: Run, found: Found) -> bool:
        if found.whole is not None:
            return False  # best-match was read already
        words = plain_words(found.text)
        if len(words) >= RANKING.thin_min_words:
            # A question's only reading: past the deadline too, its first language gets the window every
            # first search gets (``execution.execute``), for an answer rather than an empty page.
            return True
        if run.past():
            return False  # no time left for a second reading
        return not fused_keys(found.lists) and len(words) >= RANKING.fallback_min_words

    def readings(self, run: Run, found: Found) -> Iterator[Reading]:
        yield Reading(found.text, ANY)

    def take(self, run: Run, found: Found, attempt: Attempt) -> Found:
        return replace(
            found,
            lists=merge(found.lists, attempt.lists),
            planned=found.planned + attempt.lists,
            by_question=True,
            whole=fused_keys(found.lists) | self.whole(attempt),
        )

    @staticmethod
    def whole(attempt: Attempt) -> frozenset[str]:
        """The keys of the rules best-match found holding every word of the query (``execution``
        marks them): a question is read as best-match only, so the strict reading found none of them."""
        return frozenset(row["key"] for r in attempt.lists for row in r.rows if row.get("whole"))


class UnspacedRun(BestMatch):
    """A question or a term typed without spaces ("衍生物离开战场会怎样", "連續效應": one word to the strict
    reading) that found nothing is read as best-match too, its plan asking for the character pairs of its
    words that each index holds (``planning``). Only when nothing holds it: a few hits for a long unspaced
    run are usually a name ("杰卡失落骑士团"), found."""

    def applies(self, run: Run, found: Found) -> bool:
        if found.whole is not None or run.past():
            return False
        return is_unspaced_run(found.text) and not fused_keys(found.lists)

    @staticmethod
    def whole(attempt: Attempt) -> frozenset[str]:
        # The word as typed is what no rule holds; a rule holding each of its character pairs does not.
        return frozenset()


# In this order: a respelled query may still need best-match; an unspaced question is one word, which
# best-match of plain words leaves to it.
STRATEGIES = (Respell(), BestMatch(), UnspacedRun())
