"""Which glossary entries of two aligned editions are the same term, told by the rules that use them.

A translated glossary is not term for term: the Lorcana glossaries are each sorted in their own
language (English *inkwell* is near the middle, German *Tintenvorrat* near the end), their entries
cite no rules, and a few are split or merged (French "Encre / Encrer" is English "ink" and "ink, to").
What survives translation is where a term is used: English "inkwell" is printed in 4.2.1, 4.2.1.1,
…, 7.5.6, and German "Tintenvorrat" in the same rules of the German edition, which the alignment
pairs with the English ones. So each term's **usage** is the set of aligned rules (their alignment
keys) whose heading or text prints it, and two terms are paired when each is the other's best match
by the overlap of their usages (Jaccard: shared rules over the rules either uses), the best is
unique, and the overlap reaches ``MIN_SCORE``. Every pair carries its score, for review.

Pure Python: the rules' texts and alignment keys are handed in (``selectors.glossary``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# Below this overlap a best match is a coincidence of common words (measured on the Lorcana en ↔ de,
# fr and ja glossaries: right pairs score 0.5–1.0; the best wrong candidates 0.2–0.45).
MIN_SCORE = 0.5
# A term used by fewer rules than this says too little to be paired on its usage.
MIN_USES = 2

# A parenthesis ("Action (carte)"); a symbol left by the icon font ("inkwell symbol &") or quotes
# ("「コストを支払わずに」") at either end.
_PARENTHETICAL = re.compile(r"\s*[(（][^)）]*[)）]")
_EDGES = re.compile(r"^[\W_]+|[\W_]+$")
_APOSTROPHE = re.compile("['’]")


@dataclass(frozen=True)
class UsagePair:
    mine: int  # glossary entry id in the first edition
    theirs: int  # glossary entry id in the second
    score: float  # Jaccard overlap of the two usages
    shared: int  # how many aligned rules print both


def term_forms(term: str) -> list[str]:
    """The forms a glossary heading names: "Encre / Encrer" is two, "Action (carte)" is "Action",
    "inkwell symbol &" is "inkwell symbol", "「コストを支払わずに」" is "コストを支払わずに"."""
    forms = []
    for part in _PARENTHETICAL.sub("", term).split("/"):
        part = _EDGES.sub("", part.strip())
        if part and part not in forms:
            forms.append(part)
    return forms


def usage_pattern(forms: Iterable[str], *, unspaced: bool) -> re.Pattern | None:
    """A pattern finding any of ``forms``: anywhere in an unspaced script, else at the start of a
    word (so "inkwells", "Tintenvorrats" and the German compound "Tintenvorrat-Symbol" count).
    Apostrophes are matched in either spelling (' and ’), as French text prints both."""
    bodies = []
    for form in sorted(set(forms), key=lambda f: (-len(f), f)):
        bodies.append(_APOSTROPHE.sub("['’]", re.escape(form)))
    if not bodies:
        return None
    body = "|".join(bodies)
    return re.compile(body if unspaced else rf"(?<!\w)(?:{body})", re.IGNORECASE)


def usages(terms: Mapping[int, str], texts: Mapping[str, str], *, unspaced: bool) -> dict[int, frozenset[str]]:
    """{glossary entry id: the keys of the rules whose text prints its term}."""
    found = {}
    for pk, term in terms.items():
        pattern = usage_pattern(term_forms(term), unspaced=unspaced)
        if pattern is None:
            continue
        found[pk] = frozenset(key for key, text in texts.items() if pattern.search(text))
    return found


def _best(usage: frozenset[str], others: Mapping[int, frozenset[str]]) -> tuple[int | None, float]:
    """The other entry whose usage overlaps ``usage`` most, if exactly one does."""
    best, best_score, tied = None, 0.0, False
    for pk, other in others.items():
        shared = len(usage & other)
        if not shared:
            continue
        score = shared / len(usage | other)
        if score > best_score:
            best, best_score, tied = pk, score, False
        elif score == best_score:
            tied = True
    return (None, 0.0) if tied else (best, best_score)


def pair_by_usage(
    mine: Mapping[int, frozenset[str]], theirs: Mapping[int, frozenset[str]], *, min_score: float = MIN_SCORE
) -> list[UsagePair]:
    """Pairs of entries that are each other's unique best match, with an overlap of at least ``min_score``."""
    mine = {pk: usage for pk, usage in mine.items() if len(usage) >= MIN_USES}
    theirs = {pk: usage for pk, usage in theirs.items() if len(usage) >= MIN_USES}
    pairs = []
    for pk, usage in mine.items():
        other, score = _best(usage, theirs)
        if other is None or score < min_score:
            continue
        back, _score = _best(theirs[other], mine)
        if back == pk:
            pairs.append(UsagePair(pk, other, round(score, 3), len(usage & theirs[other])))
    return pairs
