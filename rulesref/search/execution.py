"""Execute: each language's plan run on its index, over the documents in scope; a question's lists ordered.

The third stage. It reads the plans the plan stage made (``planning.Plans``) and the generation's
indexes (``generations``), and returns one :class:`~.pipeline.Ranked` list per language searched. It
stops at the run's deadline (``budget``): past it no further language is searched, and the answer says
so. ``order`` then puts each language's rows in the order in which they answer a question (the words
each holds, by rarity, and neighbouring words close together: ``questions.question_order``).
"""

from __future__ import annotations

import heapq
import re

import numpy as np

from . import limits, semantic
from .budget import BUDGET_NOTICE, first_window, past
from .definitions import DEFINES_SEPARATOR, defined_names, definition_form, infinitive_names, is_title_only
from .pipeline import ANY, STRICT, Found, Ranked, Run
from .queries import plain_words
from .questions import CONSEQUENCE_CONCEPT, QuestionWord, cued_game, idf, question_order
from .weights import RANKING

# The languages whose printed names compare with a query by case and a plural "s" alone (``_as_named``):
# a Russian name is printed in a case ("… называется эффектом замещения" defines "эффект замещения").
PRINTED_NAMES = frozenset({"en"})


def execute(run: Run, plans, mode: str = STRICT) -> tuple[Ranked, ...]:
    """Each searched language's ranked rows for ``plans.text`` read in ``mode``.

    A question (``RANKING.thin_min_words`` plain words or more) is not searched strict: its lists are
    empty, and best-match reads it (``fallbacks.BestMatch``), marking the rows that hold every word
    (``row["whole"]``). Searched strict first, it paid for an intersection that best-match orders
    again anyway.
    """
    if mode == STRICT and len(plain_words(plans.text)) >= RANKING.thin_min_words:
        return tuple(Ranked(language, (), False, None, run.scope(language).count) for language in run.searched)
    ranked = []
    searched_one = False
    stems_only: set[str] = set()
    for language in run.searched:
        index = run.index(language)
        scope = run.scope(language)
        if past(run.deadline) and searched_one:
            # Not even planned: a plan of many words and glossary forms costs time of its own.
            run.notice(BUDGET_NOTICE)
            ranked.append(Ranked(language, (), False, None, scope.count))
            continue
        plan = plans.get(language, mode)
        if plan.query is None:
            ranked.append(Ranked(language, (), False, plan, scope.count))
            continue
        wanted = run.fetch * RANKING.coordination_pool if mode == ANY else run.fetch
        if run.generation.is_archive and not run.edition:
            # Every wording of a rule may match: room for several per rule (``_one_per_rule``).
            wanted *= limits.ARCHIVE_FETCH
        # On a machine busy enough to use up the budget before anything was searched, the first
        # language searched still gets a short window of its own: an answer, not an empty page.
        window = run.deadline if searched_one else first_window(run.deadline)
        searched_one = True
        typed = plan.typed if plan.used else None
        results = None
        whole: frozenset[int] = frozenset()
        if mode == ANY and plan.groups:
            docnums = _holding_most(index, _candidate_groups(plan), scope, wanted)
            whole = frozenset(d for d in docnums if all(d in index.documents_with(g) for g in plan.groups))
        else:
            results, exceeded = index.search(plan.query, scope, wanted, typed=typed, deadline=window)
            if exceeded:
                run.notice(BUDGET_NOTICE)
            # Not list(results): it asks the length, which makes Whoosh run the query again to count.
            docnums = [results[i].docnum for i in range(results.scored_length())]
        rows = [index.row(docnum) for docnum in docnums]
        for row in rows:
            if row["doc"] in whole:
                row["whole"] = True
            defined = [name for name in row["defines"].split(DEFINES_SEPARATOR) if name]
            row["defines"] = bool(plan.defines.intersection(defined)) or bool(
                plan.defines_all and any(plan.defines_all <= set(name.split()) for name in defined)
            )
            if plan.defines and row["kind"] == "glossary":
                # A glossary entry named with the query ("Paris Mulligan" for "mulligan") vouches for the
                # rules it cites; one that only mentions it in its definition does not.
                row["named"] = row["defines"] or any(
                    f" {form} " in f" {name} " for form in plan.defines for name in defined
                )
        if mode == STRICT:
            stems_only |= _as_named(index, language, rows, plans.text)
        if run.generation.is_archive:
            rows = _one_per_rule(run, index, rows)
        _with_citations(index, rows)
        direct = True
        if plan.used:
            # Did any hit match a word as typed, not only one of its translations?
            if results is not None:
                direct = any(docnum in results.typed_docs for docnum in docnums)
            else:
                as_typed = index.documents_with(tuple(("term", f, _as_text(w)) for f, w in sorted(plan.typed)))
                direct = any(docnum in as_typed for docnum in docnums)
        ranked.append(Ranked(language, tuple(rows), direct, plan, scope.count))
    # What defines a name the query only stems like defines it in no language: the other editions' rules
    # do not print the query's words to compare.
    for r in ranked:
        for row in r.rows:
            if row["key"] in stems_only:
                row["defines"] = False
    return tuple(ranked)


def _printed_name(text: str) -> tuple[str, ...]:
    """A name as printed, to compare with a query: case and a plural "s" aside ("Planeswalkers")."""
    return tuple(re.sub(r"(?<=\w\w\w)s$", "", word) for word in re.findall(r"[^\W_]+", text.casefold()))


def _names_printed(index, language: str, row: dict) -> list[str]:
    """The names a defining row prints: a section's, a keyword rule's or a glossary entry's title, or what
    its sentences define ("The Challenger keyword represents …": Challenger)."""
    text = index.stored_fields(row["doc"]).get("text", "")
    if row["kind"] in ("section", "glossary") or is_title_only(text):
        return [text.split("\n")[0]]
    return defined_names(language, text) + infinitive_names(language, text)


def _as_named(index, language: str, rows: list[dict], text: str) -> set[str]:
    """Of the rows defining the query's name, those that print it are where it is defined; the others
    define a name it only stems like and count as mentioning it (their keys are returned): "planeswalker"
    is defined by 306 "Planeswalkers", not by 701.24 "Planeswalk", and Lorcana's "challenge" by 4.6
    "Challenge", not by 8.5.1 "The Challenger keyword represents …". Where none prints it ("scrying" and
    701.18 "Scry"), or what a row defines cannot be read back from its text (a section's first rule), every
    one stays. Read strict only, so of a query of fewer than ``RANKING.thin_min_words`` words (a name's
    length); not of one using search syntax."""
    if language not in PRINTED_NAMES or not plain_words(text):
        return set()
    defining = [row for row in rows if row["defines"] is True]
    if len(defining) < 2:
        return set()
    wanted = _printed_name(text)
    printed = {row["doc"]: {_printed_name(name) for name in _names_printed(index, language, row)} for row in defining}
    if not any(wanted in names for names in printed.values()):
        return set()
    stems_only = {row["key"] for row in defining if printed[row["doc"]] and wanted not in printed[row["doc"]]}
    for row in defining:
        if row["key"] in stems_only:
            row["defines"] = False
    return stems_only


def _as_text(word) -> str:
    return word.decode("utf-8") if isinstance(word, bytes) else word


def _candidate_groups(plan) -> tuple:
    """What best-match's candidates are read by: the query's words, and each name of two words or more it
    is that rules define (the plan's ``defines`` clauses: 613.4b "Layer 7b: …" for "sublayer 7b", which
    never says "sublayer"), as in the query Whoosh would have scored."""
    naming = tuple((("term", "defines", form),) for form in sorted(plan.defines) if " " in form)
    return plan.groups + naming


def _holding_most(index, groups: tuple, scope, wanted: int) -> list[int]:
    """Best-match's candidates: the ``wanted`` documents of ``scope`` holding the most of the query's
    words, each word weighing its rarity (idf), then in the rulebook's order. What the question's order
    (``question_order``) ranks by, read from each word's documents (kept per generation) instead of
    scoring every document that holds a common word."""
    held: dict[int, float] = {}
    for group in groups:
        documents = index.documents_with(group)
        if not documents:
            continue
        weight = idf(len(documents), index.doc_count)
        for doc in documents:
            held[doc] = held.get(doc, 0.0) + weight
    return heapq.nsmallest(wanted, (doc for doc in held if doc in scope), key=lambda doc: (-held[doc], doc))


def numbers(run: Run, number: str, prefer: str | None) -> Found:
    """A rule-number query: in each language, the rule the number names, then the rules citing it
    (document order within each)."""
    ranked = []
    for language in run.searched:
        index = run.index(language)
        scope = run.scope(language)
        exact = [d for d in index.by_number.get(number, ()) if d in scope][: run.fetch]
        reader = index.searcher().reader()
        citing = []
        if ("cites", number) in reader:
            for docnum in reader.postings("cites", number).all_ids():
                if docnum in scope and index.columns["number"][docnum] != number:
                    citing.append(docnum)
                    if len(citing) == run.fetch:
                        break
        rows = [index.row(d) for d in exact + citing]
        if run.generation.is_archive:
            rows = _one_per_rule(run, index, rows)
        _with_citations(index, rows)
        ranked.append(Ranked(language, tuple(rows), True, None, scope.count))
    return Found(text=run.user.text, lists=tuple(ranked), number=number, prefer=prefer)


def _one_per_rule(run: Run, index, rows: list[dict]) -> list[dict]:
    """An archive search's rows, one per rule (key): its best-ranked wording, noting in ``matched`` the
    editions printing any of its wordings that matched, newest first. With ``edition:`` (one wording per
    rule), each row is that edition's, shown as in any search of one edition (nothing noted)."""
    if run.edition:
        for row in rows:
            row["edition"] = run.edition
        return rows
    rank = run.generation.edition_rank(index.language)
    kept: dict[str, dict] = {}
    editions: dict[str, set[str]] = {}
    for row in rows:
        key = row["key"]
        if key not in kept:
            kept[key] = row
            editions[key] = set()
        editions[key].update(index.editions_of[row["doc"]])
    for key, row in kept.items():
        row["matched"] = tuple(sorted(editions[key], key=lambda slug: rank.get(slug, len(rank))))
    return list(kept.values())


def _deferred(run: Run, index, language: str, docs: list[int]) -> dict[int, tuple[int, ...]]:
    """Each of ``docs`` → those of ``docs`` it refers the reader to, in its own edition: the rule it cites
    ("See rule 500.4"), or the state-based actions of the section it cites ("This is a state-based action.
    See rule 704.": 704.5i). A section cited for background ("see rule 116" on special actions) is not
    where the matter is ruled."""
    columns = index.columns
    by_number: dict[tuple[str, str], list[int]] = {}
    by_section: dict[tuple[str, str], list[int]] = {}
    for doc in docs:
        edition, number = columns["edition"][doc], columns["number"][doc]
        by_number.setdefault((edition, number), []).append(doc)
        if "." in number:
            by_section.setdefault((edition, number.split(".", 1)[0]), []).append(doc)
    forms = [set(form.split()) for form in consequence_forms(run.generation, language)]
    found = {}
    for doc in docs:
        if columns["kind"][doc] not in ("rule", "subrule"):
            continue
        edition = columns["edition"][doc]
        targets: list[int] = []
        for cited in index.cited(doc):
            targets.extend(by_number.get((edition, cited), ()))
            if "." not in cited:
                targets.extend(
                    other
                    for other in by_section.get((edition, cited), ())
                    if any(form <= index.topic(other) for form in forms)
                )
        if targets:
            found[doc] = tuple(dict.fromkeys(targets))
    return found


def consequence_forms(generation, language: str) -> tuple[str, ...]:
    """The names of the state-based actions in ``language``, as indexed words (cached per generation)."""
    cache = generation.__dict__.setdefault("consequence_forms", {})
    forms = cache.get(language)
    if forms is None:
        concept = next((c for c in generation.vocabulary.concepts if c.key == CONSEQUENCE_CONCEPT), None)
        names = concept.forms.get(language, ()) if concept else ()
        forms = cache[language] = tuple(f for name in names if (f := definition_form(language, name)))
    return forms


def _rarer(index, group: tuple, docs: list[int]) -> dict[int, float]:
    """For a word of several forms (a paraphrase's, "at the same time" or "simultaneously"), each of ``docs``
    → the rarity of the rarest form it holds, where that is rarer than the word's commonest form. The
    forms of one word in every field count as one form."""
    forms: dict[object, list[tuple]] = {}
    for item in group:
        forms.setdefault(item[2], []).append(item)
    if len(forms) < 2:
        return {}
    rarities = []
    for items in forms.values():
        held = frozenset().union(*(index.documents_with((item,)) for item in items))
        rarities.append((idf(len(held), index.doc_count), held))
    commonest = min(rarity for rarity, _ in rarities)
    rarer: dict[int, float] = {}
    for rarity, held in sorted(rarities, key=lambda pair: pair[0]):
        if rarity > commonest:
            for doc in held.intersection(docs):
                rarer[doc] = rarity
    return rarer


def _with_citations(index, rows: list[dict]) -> None:
    """A glossary entry's row with the keys of the rules it cites (fusion lifts them)."""
    for row in rows:
        if row["kind"] == "glossary" and "cite_keys" not in row:
            row["cite_keys"] = index.stored_fields(row["doc"]).get("cite_keys", "")


def order(run: Run, found: Found) -> tuple[tuple[Ranked, ...], bool]:
    """The lists to fuse and whether they are ordered as a question: best-match's always; a question's
    (``RANKING.thin_min_words`` plain words or more) while there is time; otherwise as scored."""
    if found.number is None and (
        found.by_question or (len(plain_words(found.text)) >= RANKING.thin_min_words and not run.past())
    ):
        return tuple(_by_question(run, r, found.plans) for r in found.lists), True
    return found.lists, False


def _by_question(run: Run, r: Ranked, plans) -> Ranked:
    """One language's rows ordered by how well they answer the text read as a question; past the
    deadline, in the order of their scores."""
    if not r.rows or run.past():
        return Ranked(r.language, r.rows[: run.fetch], r.direct, r.plan, r.in_scope)
    index = run.index(r.language)
    plan = plans.get(r.language, ANY)
    docs = sorted({row["doc"] for row in r.rows})
    words = []
    for group in plan.groups:
        held = index.documents_with(group)
        positions: dict[int, tuple[int, ...]] = {}
        for kind, fieldname, value in group:
            if kind == "term" and fieldname == "text":
                for doc, where in index.positions(fieldname, value, docs).items():
                    positions[doc] = tuple(sorted(positions.get(doc, ()) + where))
        values = {value for kind, _, value in group if kind == "term"}
        topical = frozenset(doc for doc in docs if values & index.topic(doc))
        rarer = _rarer(index, group, docs)
        words.append(QuestionWord(idf(len(held), index.doc_count), held, positions, topical, rarer))
    if plan.counted is not None:
        # The question word "a number": the documents stating one, and where.
        stated = plans.numerals(r.language)
        words.insert(plan.counted, QuestionWord(idf(len(stated.held), index.doc_count), stated.held, stated.positions))
    rarest = max((word.idf for word in words), default=0.0)
    if plan.consequence:
        # "What happens …": the state-based actions (their section's name is in their topic).
        forms = [set(form.split()) for form in consequence_forms(run.generation, r.language)]
        held = frozenset(doc for doc in docs if any(form <= index.topic(doc) for form in forms))
        if held:
            words.append(QuestionWord(RANKING.consequence_weight * rarest, held, {}))
    # A name the question holds, and the word whose meaning it asks: the rules defining them.
    named = [(name, RANKING.name_weight) for name in plan.names]
    if plan.meant:
        named.append((plan.meant, RANKING.meaning_weight))
    elif plan.defined:
        named.append((plan.defined, RANKING.defined_weight))
    for name, weight in named:
        held = frozenset(doc for doc in docs if name in index.columns["defines"][doc].split(DEFINES_SEPARATOR))
        if held:
            words.append(QuestionWord(weight * rarest, held, {}))
    parents = {doc: parent for doc in docs if (parent := index.parent(doc)) is not None}
    if words:
        deferred = _deferred(run, index, r.language, docs)
        rows = question_order(list(r.rows), words, parents=parents, deferred=deferred)[: run.fetch]
    else:
        rows = r.rows[: run.fetch]
    return Ranked(r.language, tuple(rows), r.direct, r.plan, r.in_scope)


def game_cue(run: Run, found: Found) -> str | None:
    """The game a question naming none is about, by its words (``questions.cued_game``), read in each
    language searched as typed whose scope holds several games (English: MTG and Lorcana). Where one of
    those games has only a fragment of its rules in the language (Japanese: MTG's rule 208), too few to
    compare words with, the one game of the known terms typed in that language ("護衛を持つキャラクター…":
    Lorcana's Bodyguard). None where they point to different games."""
    if run.game or found.number is not None or found.plans is None:
        return None
    generation = run.generation
    terms = {
        game
        for language, game in found.plans.typed_terms()
        if language in run.searched
        and len(games := run.scope(language).games) > 1
        and any(generation.has_fragment(language, other) for other in games)
    }
    cued: set[str | None] = {next(iter(terms))} if len(terms) == 1 else set()
    for r in found.lists:
        scope = run.scope(r.language)
        if not r.direct or len(scope.games) < 2:
            continue
        index = run.index(r.language)
        sizes = {game: index.scope(game, run.edition).count for game in scope.games}
        words = [index.game_counts(group, run.edition) for group in found.plans.get(r.language, ANY).groups]
        fragments = frozenset(game for game in scope.games if generation.has_fragment(r.language, game))
        cued.add(cued_game(words, sizes, fragments=fragments))
    cued.discard(None)
    return next(iter(cued)) if len(cued) == 1 else None


def reads_as(generation, language: str, text: str) -> bool:
    """Whether ``text`` reads as ``language``: at least ``RANKING.semantic_known`` of its words (as the
    language's analyzer gives them) are words of that language's rules."""
    index = generation[language]
    words = [token.text for token in index.text_analyzer(text, mode="query")]
    known = sum(1 for word in words if index.documents_with((("term", "text", word),)))
    return bool(words) and known >= RANKING.semantic_known * len(words)


def meaning(run: Run, found: Found, question: bool) -> Ranked | None:
    """A question's English rules ordered by what they mean, nearest first (``semantic``): the rules that
    answer it in other words ("begins the game with" for "start with"). None for a query whose lists
    were not ordered as a question, that is not English (``reads_as``), where the generation has no
    sentence vectors, or past the deadline."""
    language = "en"
    if not question or found.number is not None or language not in run.searched or run.past():
        return None
    vectors = run.generation.vectors(language)
    if vectors is None or not reads_as(run.generation, language, found.text) or not semantic.usable():
        return None
    query = semantic.encoder().encode([found.text])[0]
    index = run.index(language)
    scope = run.scope(language)
    docs = run.generation.scope_array(language, run.game, run.edition)
    scores = vectors[docs] @ query
    count = min(run.fetch, len(docs))
    if count == 0:
        return None
    top = np.argpartition(-scores, count - 1)[:count]
    top = top[np.lexsort((docs[top], -scores[top]))]
    rows = [index.row(int(docs[i])) for i in top if scores[i] > 0.0]
    for row in rows:
        row["defines"] = False
    return Ranked(language, tuple(rows), True, None, scope.count)
