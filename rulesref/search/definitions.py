"""What a rule defines, read from its words: the name its opening sentence defines, and a name as its
indexed words. Pure functions of the text and the language's analyzer: the build (``documents``)
stores what each rule defines, and the query's plan (``planning``) asks whether a query names it.
"""

from __future__ import annotations

import re

from .analysis import analyzer_for, tokens

_definition_analyzers: dict[str, object] = {}

# A rule that opens by saying what a name is: "Trample over planeswalkers is a variant of trample",
# "State-based actions are game actions", "Слабость первого хода – это свойство", "Тип карты –
# определяется …". The name is the sentence's subject: at most ``DEFINED_NAME_WORDS`` words, no
# punctuation inside, and not a clause ("If a creature is …": its first word is a stop word, so its
# indexed form differs from any name's).
DEFINED_NAME_WORDS = 5
_NAME = r"(?P<name>[^\W\d_][^.,;:!?()«»“”\"\n]{0,60}?)"
DEFINITION_OPENINGS = {
    # "is a …", "are …" (not "are in", "are always", "are determined"), "means …"; not "is always",
    # "is printed".
    "en": re.compile(
        rf"^(?:(?:an?|the)\s+)?{_NAME}\s+(?:is\s+(?:an?|the|one)\s|are\s+(?!(?:in|on|not|always|never|also|only|still)\b|\w+(?:ed|ly)\b)|means\s)",
        re.IGNORECASE,
    ),
    "it": re.compile(rf"^(?:(?:il|lo|la|i|gli|le|un|uno|una)\s+|l['’])?{_NAME}\s+(?:è|sono)\s", re.IGNORECASE),
    "ru": re.compile(rf"^{_NAME}\s+[–—-]\s+"),
}
# Words that open a clause rather than name a thing.
_CLAUSE_OPENERS = {
    "en": {
        "if",
        "when",
        "whenever",
        "while",
        "as",
        "once",
        "each",
        "this",
        "that",
        "these",
        "those",
        "it",
        "there",
        "some",
        "any",
        "all",
        "no",
        "which",
        "what",
        "after",
        "before",
        "both",
        "other",
        "another",
        "certain",
    },
    "it": {"se", "quando", "mentre", "ogni", "questo", "questa"},
    "ru": {"если", "когда", "каждый", "каждая", "это", "все", "при"},
}


def defined_name(language: str, text: str) -> str:
    """The name a rule's opening sentence defines ("" when it does not open with a definition)."""
    pattern = DEFINITION_OPENINGS.get(language)
    if pattern is None:
        return ""
    match = pattern.match(text.strip())
    if match is None:
        return ""
    name = match.group("name").strip()
    words = name.split()
    if len(words) > DEFINED_NAME_WORDS or words[0].casefold() in _CLAUSE_OPENERS.get(language, ()):
        return ""
    return name


def definition_form(language: str, text: str) -> str:
    """A name as its indexed words, space-separated ("Creatures" → "creatur"): a query whose words are
    exactly these is asking for the place the name is defined."""
    analyzer = _definition_analyzers.get(language)
    if analyzer is None:
        analyzer = _definition_analyzers[language] = analyzer_for(language)
    return " ".join(token for token, _, _ in tokens(analyzer, text.strip(), mode="query"))
