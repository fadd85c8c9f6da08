"""The time budget of a search request: one deadline, from the view's first line to the rendered page.

``limits.QUERY_BUDGET_SECONDS`` is the whole request. ``deadline(started, warming)`` is when searching
must stop: the budget less ``limits.SHOW_SECONDS`` kept for showing the page, counted from the
request's start and moved on by what the first query of a thread or a generation pays once
(``warming``). Past it no further language is planned or searched, collecting stops with what it has
(``Clock``, ``DeadlineSearcher``: every term's postings check the clock as Whoosh walks them), and the
answer says so (``BUDGET_NOTICE``). The first language searched still gets
``limits.FIRST_LANGUAGE_SECONDS`` (``first_window``). Snippets are made as the page shows them
(lazily); those made after the end of the budget (``marking_until``) are shown unmarked
(``hurried``). The wall clock, not CPU time: a user waits the wall clock.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils.translation import gettext_lazy as _
from whoosh.matching import WrappingMatcher

from . import limits

BUDGET_NOTICE = _("The search took too long and shows what it found in time.")


class BudgetExceeded(Exception):
    """A search ran past its time budget (see ``limits.QUERY_BUDGET_SECONDS``)."""


def deadline(started: float, warming: float = 0.0) -> float:
    """When searching must stop (``time.monotonic()``) for a request that began at ``started``: the
    budget less the time kept for showing, moved on by ``warming`` seconds paid once per thread or
    generation (searchers opened, analyzers run a first time), which are not this query's cost."""
    return started + warming + limits.QUERY_BUDGET_SECONDS - limits.SHOW_SECONDS


def page_deadline(started: float) -> float:
    """When the whole request's budget ends: snippets not made by then are shown unmarked."""
    return started + limits.QUERY_BUDGET_SECONDS


def first_window(deadline: float | None) -> float | None:
    """The deadline of the first language searched: at least ``limits.FIRST_LANGUAGE_SECONDS`` from
    now, so that a machine busy enough to use up the budget before anything was searched still gives an
    answer, not an empty page."""
    if deadline is None:
        return None
    return max(deadline, time.monotonic() + limits.FIRST_LANGUAGE_SECONDS)


def past(deadline: float | None) -> bool:
    """Whether the wall clock has passed ``deadline`` (a ``time.monotonic()`` value)."""
    return deadline is not None and time.monotonic() > deadline


# How often a walk checks the clock: every this many documents collected, or steps of the terms'
# postings.
CHECK_EVERY = 64


class Clock:
    """One search's deadline, checked every ``CHECK_EVERY`` steps: of any of its postings, or documents collected."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.countdown = CHECK_EVERY

    def tick(self) -> None:
        self.countdown -= 1
        if not self.countdown:
            self.countdown = CHECK_EVERY
            if time.monotonic() > self.deadline:
                raise BudgetExceeded


class DeadlineMatcher(WrappingMatcher):
    """A term's postings, raising BudgetExceeded once the deadline has passed: Whoosh's intersection,
    union and phrase matchers step through postings (and sum their blocks' qualities) in loops of
    their own, even while a matcher is built, which the collector's check between documents never
    sees. Every term's postings share one clock: a union of three 64-term wildcards steps each of its
    192 rare terms only a few times, and spent 300 ms building its matcher before the first document."""

    def __init__(self, child, clock: Clock, boost=1.0):
        super().__init__(child, boost=boost)
        self.clock = clock
        # What only passes the call on is the child's own method, bound here: Whoosh's loops call these
        # once per posting and more, and a wrapper's extra call was a tenth of a phrase query's time
        # (cProfile, 2026-12-01). The clock's calls below stay methods; so do those that scale by a boost
        # other than 1.
        self.id, self.is_active, self.value = child.id, child.is_active, child.value
        self.value_as, self.spans, self.supports = child.value_as, child.spans, child.supports
        self.all_ids, self.supports_block_quality = child.all_ids, child.supports_block_quality
        if boost == 1.0:
            self.score, self.weight, self.max_quality = child.score, child.weight, child.max_quality

    def _replacement(self, newchild):
        return DeadlineMatcher(newchild, self.clock, boost=self.boost)

    def copy(self):
        return DeadlineMatcher(self.child.copy(), self.clock, boost=self.boost)

    def next(self):
        self.clock.tick()
        return self.child.next()

    def skip_to(self, id):
        self.clock.tick()
        return self.child.skip_to(id)

    def skip_to_quality(self, minquality):
        self.clock.tick()
        return self.child.skip_to_quality(minquality)

    def block_quality(self):
        self.clock.tick()
        return self.child.block_quality()


class DeadlineSearcher:
    """A (sub)searcher whose postings check the deadline as they are walked; the rest is the
    searcher's own."""

    def __init__(self, searcher, deadline: float, prepare=None):
        self._searcher = searcher
        self._clock = Clock(deadline)
        # ``prepare(matcher, fieldname)``, given every term's postings before they are walked
        # (``LanguageIndex.prepare_postings``: what the generation has read of them already).
        self._prepare = prepare

    def __getattr__(self, name):
        return getattr(self._searcher, name)

    def postings(self, fieldname, text, weighting=None, qf=1):
        self._clock.tick()
        matcher = self._searcher.postings(fieldname, text, weighting=weighting, qf=qf)
        if self._prepare is not None:
            self._prepare(matcher, fieldname)
        return DeadlineMatcher(matcher, self._clock)


# Past this time (``time.monotonic()``), a snippet not made yet is shown unmarked and not kept: the
# search page sets it to the end of its time budget while it renders (``marking_until``).
_marking_until: ContextVar[float | None] = ContextVar("marking_until", default=None)


@contextmanager
def marking_until(deadline: float):
    """Snippets made inside this block after ``deadline`` are shown without marks (``hurried``)."""
    token = _marking_until.set(deadline)
    try:
        yield
    finally:
        _marking_until.reset(token)


def hurried() -> bool:
    """Whether the time for marking snippets (``marking_until``) has run out."""
    deadline = _marking_until.get()
    return deadline is not None and time.monotonic() > deadline
