"""The shapes of the API's answers (pydantic, through django-ninja): what ``/api/v1/openapi.json``
describes. Every resource carries ``id`` (stable: natural keys, and concept ids that re-imports keep)
and ``links`` (``html``: its page on the site; ``self`` and related resources: API addresses)."""

from __future__ import annotations

import datetime
from typing import Any

from ninja import Field, Schema

Links = dict[str, str]


class Problem(Schema):
    error: str = Field(description="A short code to test: bad_parameter, unknown_edition, too_many_searches, …")
    detail: str = Field(description="One line saying what is wrong")
    status: int
    parameter: str | None = Field(None, description="The parameter at fault, when one is")


class Index(Schema):
    links: Links


class Pagination(Schema):
    count: int
    page: int
    per_page: int
    pages: int
    next: str | None
    previous: str | None


class GameOut(Schema):
    id: str = Field(description="The game's slug")
    name: str = Field(description="As the publisher prints it")
    names: dict[str, str] = Field(description="language → the game's name in that language")
    original_language: str
    numbering: str = Field(description="The numbering scheme of its rules: cr (208.2a) or dotted (4.3.5.3)")
    languages: list[str] = Field(description="The languages it has editions in")
    edition_count: int
    links: Links


class GameList(Schema):
    games: list[GameOut]
    links: Links


class EditionRef(Schema):
    id: str = Field(description="game:language:slug, e.g. mtg:en:2024-09-20")
    game: str
    language: str
    slug: str = Field(description="The effective date (YYYY-MM-DD), or a name where the source states none")
    effective_date: datetime.date | None
    name: str
    links: Links


class Counts(Schema):
    entries: int = Field(description="Numbered and unnumbered entries (chapters, sections, rules, notes)")
    rules: int = Field(description="Rules and subrules")
    examples: int
    glossary_entries: int


class EditionOut(EditionRef):
    version: str = Field(description="The revision the source prints (Lorcana's 2.1.0), or empty")
    format: str
    imported_at: datetime.datetime
    translates: EditionRef | None = Field(description="The edition this translation follows")
    translates_key: str = Field(description="The source edition as given at import (language:slug)")
    translates_inferred: bool = Field(description="True when alignment chose the source edition")
    translations: list[EditionRef] = Field(description="The editions that translate this one")
    counts: Counts


class EditionList(Schema):
    game: str
    editions: list[EditionOut]
    links: Links


class TocItemOut(Schema):
    id: str
    number: str
    kind: str
    title: str
    level: int = Field(description="0 for the top level (chapters), 1 for what is under it")
    parent: str | None = Field(description="The number of the entry it is listed under")
    rule_count: int = Field(description="Rules and subrules under it")
    links: Links


class Contents(Schema):
    edition: EditionRef
    items: list[TocItemOut]
    links: Links


class EntryRef(Schema):
    id: str = Field(description="game:language:edition:number (a number printed twice: its second with ~order)")
    number: str
    kind: str
    title: str
    edition: str = Field(description="The id of its edition")
    concept: int | None = Field(description="The rule's identity across editions and languages")
    links: Links


class ScenarioRef(Schema):
    slug: str
    title: str
    links: Links


class ExampleOut(Schema):
    position: int = Field(description="0-based position under its rule")
    label: str = Field(description="The label as printed when it says more than the language's own")
    text: str
    scenario: ScenarioRef | None = Field(description="The executable scenario that runs this example")


class ReferenceOut(Schema):
    number: str = Field(description="The rule number as cited")
    text: str = Field(description="The citing text")
    target: EntryRef | None = Field(
        description="Where it leads: in the edition, else the edition it translates, else the language's others"
    )


class TermUse(Schema):
    key: str = Field(description="The term's key in the game's term list (rules_data/glossary)")
    form: str = Field(description="The form printed in the text")
    links: Links


class EntryOut(EntryRef):
    text: str
    parent: str | None = Field(description="The number of the entry above it")
    printed_twice: bool = Field(description="The source prints this number a second time; this is the second")
    changed_by_publisher: bool
    examples: list[ExampleOut]
    references: list[ReferenceOut] = Field(description="The cross-references of its text, in text order")
    terms: list[TermUse] = Field(description="Glossary terms its text and examples use, in order of appearance")


class Translation(Schema):
    language: str
    edition: EditionRef = Field(description="The edition of that language aligned with this one")
    entry: EntryRef | None = Field(description="The same rule there (null: that edition lacks it)")


class RuleOut(EntryOut):
    ancestors: list[EntryRef] = Field(description="Chapter, section and rule it sits in, outermost first")
    previous: EntryRef | None
    next: EntryRef | None
    subrules: list[EntryOut] = Field(description="What is printed under it, in source order (paginated)")
    pagination: Pagination = Field(description="Pages of subrules")
    cited_by: list[EntryRef] = Field(description="The entries of the edition that cite it")
    printed_again: list[EntryOut] = Field(
        description="The entries the source prints with the same number again (Duskmourn's two 702.175)"
    )
    translations: list[Translation]


class ConceptEntry(Schema):
    edition: EditionRef
    entry: EntryRef
    text: str


class ConceptOut(Schema):
    id: int
    game: str
    entries: list[ConceptEntry] = Field(description="The rule in every language and edition, by language, newest first")
    links: Links


class HistoryVersion(Schema):
    edition: EditionRef
    entry: EntryRef | None
    change: str | None = Field(description="Against the version before: added, changed, moved, unchanged")
    pieces: list[tuple[str, str]] = Field(
        description="Word differences from the version before: (op, text), op equal, insert or delete"
    )


class HistoryOut(Schema):
    rule: EntryRef
    versions: list[HistoryVersion] = Field(description="Every edition of its language, newest first")
    links: Links


class Mark(Schema):
    start: int
    end: int


class SearchText(Schema):
    language: str
    edition: str = Field(description="The id of the edition")
    number: str
    kind: str
    snippet: str = Field(description="Plain text (not HTML) of the part of the text that matched")
    marks: list[tuple[int, int]] = Field(description="[start, end) spans of the snippet that matched")
    section: list[str] = Field(description="The section it is in: [number, title], or []")
    matched_editions: list[str] = Field(
        default_factory=list,
        description="With archive=true: the editions (slugs, newest first) this rule's text matched in; else []",
    )
    links: Links


class SearchHitOut(Schema):
    game: str
    number: str
    kind: str
    score: float
    matched_language: str
    texts: list[SearchText] = Field(description="The hit in every language shown, the matched one first")
    not_in: list[str] = Field(description="Languages asked for that lack this rule (then shown in another)")


class SearchOut(Schema):
    query: str
    corrected: str | None
    languages: list[str]
    game: str | None
    count: int
    at_least: bool = Field(description="True when the count is the cap: there may be more")
    notices: list[str]
    hits: list[SearchHitOut]
    pagination: Pagination
    links: Links


class Cell(Schema):
    edition: str
    entry: EntryRef | None
    text: str
    examples: list[str]


class SideRow(Schema):
    concept: int | None
    kind: str
    numbers_differ: bool
    cells: list[Cell | None]


class SideBySideOut(Schema):
    game: str
    scope: str
    columns: list[EditionRef]
    rows: list[SideRow]
    pagination: Pagination
    links: Links


class ChangeOut(Schema):
    kind: str = Field(description="added, removed, changed, moved, split, merged")
    old_number: str
    new_number: str
    split_from: str
    merged_into: str
    method: str
    score: float | None
    title: str
    text: str
    pieces: list[tuple[str, str]] = Field(description="Word differences: (op, text), op equal, insert or delete")
    references_lost: list[str]
    references_gained: list[str]


class DiffOut(Schema):
    game: str
    scope: str
    old: EditionRef
    new: EditionRef
    counts: dict[str, int]
    chapters: list[dict[str, Any]]
    changes: list[ChangeOut]
    pagination: Pagination
    links: Links


class GlossaryItem(Schema):
    slug: str
    term: str
    definitions: list[str] = Field(description="As printed in the edition's glossary (none: a term-list term)")
    rules: list[str] = Field(description="The rules its definition cites")
    links: Links


class GlossaryOut(Schema):
    edition: EditionRef
    items: list[GlossaryItem]
    pagination: Pagination
    links: Links


class TermOut(Schema):
    key: str
    forms: dict[str, list[str]] = Field(description="language → its forms, the preferred first")


class TermDetail(TermOut):
    glossary: list[dict[str, str]] = Field(description="Its page in each language's newest glossary: language, html")
    links: Links


class TermList(Schema):
    game: str
    terms: list[TermOut]
    pagination: Pagination
    links: Links


class CardOut(Schema):
    key: str
    names: dict[str, list[str]] = Field(description="language → its printed names")
    links: Links


class CardList(Schema):
    game: str
    cards: list[CardOut]
    pagination: Pagination
    links: Links


class CardMention(Schema):
    edition: EditionRef
    entries: list[EntryRef]


class CardDetail(CardOut):
    mentions: list[CardMention] = Field(description="The rules that print its name, per edition")


class ScenarioOut(Schema):
    slug: str
    game: str
    titles: dict[str, str]
    summaries: dict[str, str]
    examples: list[dict[str, Any]] = Field(description="The rule examples it runs: game, rule, position")
    parameters: list[dict[str, Any]] = Field(description="Name, kind, default, bounds, choices")
    links: Links


class ScenarioList(Schema):
    scenarios: list[ScenarioOut]
    links: Links


class RunOut(Schema):
    scenario: ScenarioOut
    parameters: dict[str, Any]
    passed: bool
    stopped: str | None
    first_failure: str | None
    steps: list[dict[str, Any]] = Field(description="Every step: its action, the state after it, its checks")
    links: Links
