"""Coverage: which rule examples of an edition run as scenarios, and why the others don't.

Counts come from the database (the examples as imported), grouped by chapter (the first
digit of the rule number; Magic's "6. Spells, Abilities, and Effects"). An example counts
as executable only if a scenario is bound to it; the others carry the reason recorded in
``coverage.toml`` or, where none is recorded, say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rulesref.rules.models import Edition, Entry, Example

from . import bindings, registry

DEFAULT_EDITION = ("mtg", "en", "2024-09-20")


@dataclass
class ExampleCoverage:
    rule: str
    position: int
    text: str
    scenario: str | None = None
    needs: tuple[str, ...] = ()
    reason: str = ""

    @property
    def executable(self) -> bool:
        return self.scenario is not None

    def as_json(self) -> dict:
        return {
            "rule": self.rule,
            "position": self.position,
            "executable": self.executable,
            "scenario": self.scenario,
            "needs": list(self.needs),
            "reason": self.reason,
        }


@dataclass
class ChapterCoverage:
    number: str
    title: str
    examples: list[ExampleCoverage] = field(default_factory=list)

    @property
    def executable(self) -> int:
        return sum(1 for example in self.examples if example.executable)

    @property
    def not_executable(self) -> int:
        return len(self.examples) - self.executable

    def as_json(self) -> dict:
        return {
            "chapter": self.number,
            "title": self.title,
            "examples": len(self.examples),
            "executable": self.executable,
            "not_executable": self.not_executable,
            "items": [example.as_json() for example in self.examples],
        }


@dataclass
class EditionCoverage:
    edition: Edition
    chapters: list[ChapterCoverage]

    @property
    def total(self) -> int:
        return sum(len(chapter.examples) for chapter in self.chapters)

    @property
    def executable(self) -> int:
        return sum(chapter.executable for chapter in self.chapters)

    def as_json(self) -> dict:
        return {
            "edition": {
                "game": self.edition.game.slug,
                "language": self.edition.language,
                "edition": self.edition.slug,
            },
            "examples": self.total,
            "executable": self.executable,
            "not_executable": self.total - self.executable,
            "chapters": [chapter.as_json() for chapter in self.chapters],
        }


def find_edition(game: str, language: str, edition: str) -> Edition | None:
    return Edition.objects.select_related("game").filter(game__slug=game, language=language, slug=edition).first()


def chapter_of(number: str) -> str:
    return number[0] if number and number[0].isdigit() else ""


def edition_coverage(edition: Edition, *, language: str = "en") -> EditionCoverage:
    game = edition.game.slug
    reasons = registry.reasons()
    titles = {
        entry.number: entry.title or entry.text
        for entry in Entry.objects.in_edition(edition).filter(kind=Entry.Kind.CHAPTER)
    }
    chapters: dict[str, ChapterCoverage] = {}
    examples = Example.objects.filter(entry__edition=edition).select_related("entry").order_by("entry__order", "order")
    for example in examples:
        number = example.entry.number
        chapter = chapter_of(number)
        if chapter not in chapters:
            chapters[chapter] = ChapterCoverage(chapter, titles.get(chapter, ""))
        item = ExampleCoverage(number, example.order, example.text)
        scenario = bindings.scenario_for(game, number, example.order, edition.slug)
        if scenario is not None:
            item.scenario = scenario.slug
        else:
            reason = reasons.reason_for(game, number, example.order)
            if reason is not None:
                item.needs = reason.needs
                item.reason = reasons.text(reason, language)
            else:
                item.reason = _("not analysed yet")
        chapters[chapter].examples.append(item)
    return EditionCoverage(edition, sorted(chapters.values(), key=lambda c: (c.number == "", c.number)))
