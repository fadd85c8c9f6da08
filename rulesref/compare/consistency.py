"""Terminology consistency of a translation against the edition it translates.

A rule is listed when its source text (title, text, examples) contains a glossary
term while the aligned translated text contains none of that term's accepted
forms in the translation's language (case-insensitive, whole words in alphabetic
scripts). Terms with no form in the translation's language are not judged.
Source terms are read longest first: "power and toughness" is the term
*power-toughness*, whose accepted Italian forms are "forza e costituzione" and
"forza/costituzione".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesref.rules.models import Edition, Entry
from rulesref.rules.selectors import entries_of_concepts, entries_under, numbered_entries

from .editiondiff import entry_content
from .selection import edition_key
from .terms import Glossary


@dataclass
class Finding:
    entry: Entry  # the translated rule
    source: Entry
    term: str
    source_forms: list[str]  # as printed in the source
    accepted: list[str]


@dataclass
class ConsistencyReport:
    source: Edition
    target: Edition
    scope: str
    checked: int = 0
    findings: list[Finding] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "source": edition_key(self.source),
            "target": edition_key(self.target),
            "checked": self.checked,
            "issues": [
                {
                    "number": finding.entry.number,
                    "source_number": finding.source.number,
                    "term": finding.term,
                    "source_forms": finding.source_forms,
                    "accepted": finding.accepted,
                }
                for finding in self.findings
            ],
        }


def consistency_report(source: Edition, target: Edition, glossary: Glossary, scope: str = "") -> ConsistencyReport:
    translated = entries_under(target, scope) if scope else numbered_entries(target)
    originals = entries_of_concepts(source, {entry.concept_id for entry in translated if entry.concept_id})
    source_matcher = glossary.matcher(source.language)
    report = ConsistencyReport(source, target, scope)
    for entry in translated:
        original = originals.get(entry.concept_id)
        if original is None:
            continue
        report.checked += 1
        source_text, target_text = entry_content(original), entry_content(entry)
        seen: dict[str, list[str]] = {}
        for span in source_matcher.spans(source_text):
            seen.setdefault(span.key, [])
            printed = source_text[span.start : span.end]
            if printed not in seen[span.key]:
                seen[span.key].append(printed)
        for key, printed in seen.items():
            accepted = glossary.forms.get(key, {}).get(target.language, [])
            if not accepted:
                continue
            if not glossary.term_matcher(key, target.language).spans(target_text):
                report.findings.append(Finding(entry, original, key, printed, accepted))
    return report
