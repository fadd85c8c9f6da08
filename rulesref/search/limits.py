"""Bounds on what one query may cost: a search is never a way to make the server work without end.

Every cap that depends on user input is here, with the reason for its value. A query that runs into
one gets a notice saying what was cut; it never fails.
"""

from __future__ import annotations

# Characters of a query (after cleaning); a rule's own longest sentence is under 300.
MAX_QUERY_CHARS = 300
# Words and operators of a query: a question is rarely longer, and every word is a clause per
# language (more with its glossary forms).
MAX_WORDS = 20
# Letters before a "*": "a*" would expand to every word starting with "a" (thousands). One CJK
# character is a word in itself, so a CJK prefix needs only one.
MIN_PREFIX_CHARS = 2
# Terms one wildcard expands to (its most frequent ones).
MAX_EXPANSIONS = 64
# Leaves of one language's parsed query; past this, the glossary forms are left out.
MAX_CLAUSES = 256
# Wall-clock time one search request may take, from the view's first line to the rendered page
# (seconds): reading the query, planning and expanding it, matching, reordering, showing. Planning,
# matching, respelling and reordering stop at the budget less SHOW_SECONDS: past it, no further
# language or stage is searched, collecting stops with what it has, and the answer says so. The wall
# clock, not CPU time: a user waits the wall clock, and a query that shares a busy machine must still
# answer in time. A normal query takes 2–20 ms.
QUERY_BUDGET_SECONDS = 0.15
# The end of the budget kept for showing what was found: fusion, the links of up to 100 hits, the ten
# snippets of the page and its template (10–25 ms for a query of three 64-term wildcards).
SHOW_SECONDS = 0.03
# The time the first language searched always gets, even when the budget ran out before it (a busy
# machine): a normal query then still shows what that language found, with the budget's notice.
FIRST_LANGUAGE_SECONDS = 0.05
# Words of a quoted phrase; a longer quote is read as words (a phrase of 30 common words makes Whoosh
# walk every position of every one of them).
MAX_PHRASE_WORDS = 8
# Best-match keeps the rarest words (fewest documents), at most this many: common words add little to
# the ranking and most of the cost.
MAX_BEST_MATCH_WORDS = 6
# Boolean operators (AND, OR, NOT) of a query; past this, the query is read as plain words.
MAX_OPERATORS = 4
# Wildcards of a query (each may expand to MAX_EXPANSIONS terms); later ones are searched as words.
MAX_WILDCARDS = 3
# Depth of nested parentheses; deeper nesting is read as plain words.
MAX_NESTING = 8
# Letters of a word the speller tries to respell: the longest word of the rules has 18 letters, a typo
# of it at most two more; looking up a longer one costs tens of milliseconds and finds nothing.
MAX_SPELLED_WORD = 24
# Queries whose results the service keeps (whole results, per generation and arguments).
RESULT_CACHE_SIZE = 256
# Blocks of postings (up to 128 postings each, decoded) each language's index keeps per process, so that
# a search reads again only what no recent search read (``generations.RememberedBlocks``). The 63 queries
# of benchmarks.search and the 129 development queries read 658 English blocks, 1,309 in all languages:
# about 5.6 MB decoded, 3.6 MB more with the positions they were asked for (2026-12-01).
REMEMBERED_BLOCKS = 1024

# An archive search (every edition) fetches this many times the documents of a default one: each rule
# may match in several wordings, which are one hit (``execution._one_per_rule``).
ARCHIVE_FETCH = 3
