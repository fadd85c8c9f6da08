"""What a rule defines, read from its words: the names its sentences define, and a name as its indexed
words. Pure functions of the text and the language's analyzer: the build (``documents``) stores what each
rule defines, and the query's plan (``planning``) asks whether a query names it.

A rulebook says what a thing is in a few set ways, each read here: a sentence saying what a name is
("A token is a marker …", "Слабость первого хода – это …", "徽记是个标记"), a name given to what was
just described ("These are called state triggers", "…称为状态触发", "… называется эффектом
замещения"), a kind of a thing named ("Some continuous effects are prevention effects"), and a label
opening a rule ("Layer 4: Type-changing effects are applied", "层4：…").
"""

from __future__ import annotations

import re

from .analysis import analyzer_for, tokens
from .weights import RANKING

_definition_analyzers: dict[str, object] = {}

# Between the names a document defines, in its ``defines`` field (a name's words are space-separated).
DEFINES_SEPARATOR = ","

# A rule that opens by saying what a name is: "Trample over planeswalkers is a variant of trample",
# "State-based actions are game actions", "Слабость первого хода – это свойство", "Тип карты –
# определяется …". The name is the sentence's subject: at most ``DEFINED_NAME_WORDS`` words, no
# punctuation inside, and not a clause ("If a creature is …": its first word is a stop word, so its
# indexed form differs from any name's).
DEFINED_NAME_WORDS = 5
_NAME = r"(?P<name>[^\W\d_][^.,;:!?()«»“”\"\n]{0,60}?)"
DEFINITION_OPENINGS = {
    # "is a …", "is where …" ("A player’s inkwell is where they put …"), "are …" (not "are in", "are
    # always", "are determined"), "means …"; not "is always", "is printed".
    "en": re.compile(
        rf"^(?:(?:an?|the)\s+)?{_NAME}\s+(?:is\s+(?:an?|the|one|where)\s|are\s+(?!(?:in|on|not|always|never|also|only|still|put|set|dealt|left|made|cast|paid|chosen|given|taken|shown|drawn|kept|held|known|found|lost|won|split)\b|\w+(?:ed|ly)\b)|means\s|have\s+(?:an?|no)\s|do\s+something\s)",
        re.IGNORECASE,
    ),
    "it": re.compile(rf"^(?:(?:il|lo|la|i|gli|le|un|uno|una)\s+|l['’])?{_NAME}\s+(?:è|sono)\s", re.IGNORECASE),
    # "Слабость первого хода – это …", "Очередь состоит из последовательности …" (Берсерк 401.1), "Этап
    # начала хода состоит из двух фаз".
    "ru": re.compile(rf"^{_NAME}\s+(?:[–—-]\s|состо(?:ит|ят)\s+из\s)"),
    # "Charaktere sind ein Kartentyp", "Kosten sind eine Zahlung", "Statische Fähigkeiten sind Effekte" (a
    # noun: capitalised), "Wendig bedeutet: …", "Zugaktionen bezeichnen …", "Der Legenden-Gesamtwert eines
    # Spielers entspricht der Anzahl …"; not "… sind nur dann erfüllt".
    "de": re.compile(
        rf"^(?:(?i:der|die|das|ein|eine|einen)\s+)?{_NAME}\s+(?:(?:ist|sind)\s+(?:ein|eine|einer|eines|der|die|das)\s"
        rf"|sind\s+(?=[A-ZÄÖÜ])|(?:bedeutet|bedeuten|bezeichnet|bezeichnen|steht\s+für|stehen\s+für|entspricht|repräsentiert)[\s:])"
    ),
    # "Le coût est le montant …", "Les actions sont un type de carte …", "Les personnages font partie des
    # types de carte …", "Insaisissable signifie : …", "Les actions de tour regroupent …".
    "fr": re.compile(
        rf"^(?:(?:le|la|les|un|une|des)\s+|l['’])?{_NAME}\s+(?:(?:est|sont)\s+(?:un|une|le|la|les|l['’]|des|du)"
        rf"|font\s+partie\s+des\s|signifie[\s:]|signifient[\s:]|désigne\s|désignent\s|regroupent\s|représentent\s)",
        re.IGNORECASE,
    ),
}
# "The term dies means “is put into a graveyard from the battlefield.”", "The term historic refers to …",
# "The phrase “to gain a Class level” means …": a rule saying what a term means names it after "term".
_THE_TERM = {
    "en": re.compile(
        r"^the\s+(?:term|terms|word|phrase|keyword)\s+[“\"‘']?(?P<name>[^\W\d_][^.,;:!?()“”\"’\n]{0,40}?)[”\"’']?\s+"
        r"(?:means|refers\s+to|is\s+used\s+to\s+refer|is\s+short\s+for|describes)\b",
        re.IGNORECASE,
    ),
}
# "The Evasive keyword represents …", "Das Schlüsselwort Wendig steht für …", "Le mot-clé Insaisissable
# représente …": a keyword's rule names it.
_KEYWORD_RULE = {
    "en": re.compile(
        r"^the\s+(?P<name>[^\W\d_][^.,;:!?()“”\"\n]{0,40}?)\s+keyword\s+(?:represents|is)\s", re.IGNORECASE
    ),
    "de": re.compile(
        r"^das\s+schlüsselwort\s+(?P<name>[^\W\d_][^.,;:!?()„“\"\n]{0,40}?)\s+(?:steht\s+für|repräsentiert|ist)\s",
        re.IGNORECASE,
    ),
    "fr": re.compile(
        r"^le\s+mot-clé\s+(?P<name>[^\W\d_][^.,;:!?()«»“”\"\n]{0,40}?)\s+(?:représente|est)\s", re.IGNORECASE
    ),
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
        "such",
        "either",
        "neither",
        "its",
        "their",
        "only",
        "then",
        "they",
        "you",
        "we",
        "thus",
        "also",
        "so",
        "instead",
        "otherwise",
        "however",
        # "The following are the conditions and corresponding results:" (Lorcana 1.8.1) names no "following".
        "following",
    },
    "it": {"se", "quando", "mentre", "ogni", "questo", "questa"},
    "ru": {"если", "когда", "каждый", "каждая", "это", "все", "при"},
    "de": {
        "wenn",
        "falls",
        "sobald",
        "während",
        "nachdem",
        "bevor",
        "jede",
        "jeder",
        "jedes",
        "dies",
        "diese",
        "dieser",
        "dieses",
        "es",
        "einige",
        "alle",
        "nur",
        "auch",
        "dann",
        "so",
        "sie",
        "er",
        "man",
        "erstens",
        "zweitens",
        "drittens",
        "viertens",
        "zunächst",
        # A name opens with no preposition: "Im Folgenden sind die Bedingungen … aufgeführt" (1.8.1) and "Im
        # Gegensatz zu anderen Zonen ist der Beutel kein physischer Ort" (7.7.1) define no "Im Folgenden".
        "im",
        "in",
        "am",
        "an",
        "auf",
        "bei",
        "nach",
        "vor",
        "zu",
        "zum",
        "zur",
        "mit",
        "von",
        "vom",
        "für",
        "über",
        "unter",
        "gegen",
        "ohne",
        "außer",
        "hier",
    },
    "fr": {
        "si",
        "quand",
        "lorsque",
        "lorsqu",
        "chaque",
        "ce",
        "cet",
        "cette",
        "ces",
        "tout",
        "toute",
        "tous",
        "toutes",
        "il",
        "elle",
        "ils",
        "elles",
        "on",
        "seuls",
        "seules",
        "certains",
        "certaines",
        "dans",
        "pendant",
        "après",
        "avant",
        "aucun",
        "aucune",
        "premièrement",
        "deuxièmement",
        "troisièmement",
    },
}


# "These are called state triggers", "This is called the “legend rule.”", "known as …": the name given to
# what the sentence before described.
_CALLED = {
    "en": re.compile(
        r"\b(?:is|are)\s+(?:\w+ly\s+)?(?:called|known\s+as|referred\s+to\s+as)\s+(?:an?\s+|the\s+)?"
        r"(?:[“\"‘'](?P<quoted>[^\W\d_][^.,;:!?()“”\"’\n]{1,40}?)[.,]?[”\"’']|"
        r"(?P<name>[^\W\d_][^.,;:!?()“”\"’\n]{1,40}?)(?=[.,;:)]|$))",
        re.IGNORECASE,
    ),
    # 517.1 "… то [текст У] называется эффектом замещения": the name in the instrumental, which the
    # Russian stemmer reads as the name itself.
    # ... and Берсерк 521.1 "… порождают так называемые отложенные эффекты - эти эффекты …" (so-called).
    "ru": re.compile(
        r"\b(?:называ(?:ется|ются|ют)|именуется|именуются|так\s+называем(?:ые|ый|ая|ое|ых|ым|ыми))\s+"
        r"(?:[«„\"](?P<quoted>[^\W\d_][^.,;:!?()«»„“\"\n]{1,40}?)[»“\"]|"
        r"(?P<name>[^\W\d_][^.,;:!?()«»„“\"\n]{1,40}?)(?=\s[–—-]\s|[.,;:)]|$))",
        re.IGNORECASE,
    ),
    # "… wird als Spieler bezeichnet", "… als eine bereite Karte bezeichnet", "Dies nennt man „…“".
    "de": re.compile(
        r"\b(?:als\s+(?:eine?n?\s+|der\s+|die\s+|das\s+)?(?:[„\"](?P<quoted>[^\W\d_][^.,;:!?()„“\"\n]{1,40}?)[“\"]|"
        r"(?P<name>[^\W\d_][^.,;:!?()„“\"\n]{1,40}?))\s+(?:bezeichnet|benannt)\b)"
    ),
    # "… est qualifiée de joueur", "… est dite redressée", "… est appelé « … »", "Ce processus est connu sous
    # les termes “passer le sac”" (7.7.4.4; the English "is known as").
    "fr": re.compile(
        r"\b(?:est|sont)\s+(?:qualifiée?s?\s+d[e'’]\s*|dite?s?\s+|appelée?s?\s+|nommée?s?\s+"
        r"|connue?s?\s+sous\s+(?:le\s+nom|les?\s+termes?)\s+(?:de\s+|d['’]\s*)?)"
        r"(?:[«“\"]\s*(?P<quoted>[^\W\d_][^.,;:!?()«»“”\"\n]{1,40}?)\s*[»”\"]|"
        r"(?P<name>[^\W\d_][^.,;:!?()«»“”\"\n]{1,40}?)(?=[.,;:)]|$))",
        re.IGNORECASE,
    ),
    # 1.2.3 "これを“できるだけルール”と呼ぶ", "…を“ゲーム行動”と呼ぶ".
    "ja": re.compile(r"[“「\"](?P<quoted>[^”」\"\s]{1,15})[”」\"](?P<name>(?!))?(?:と呼ぶ|と呼ばれる|という)"),
    "zh-hans": re.compile(
        r"(?:称为|称作|称之为|叫做)[“「]?(?P<quoted>(?!))?(?P<name>[^\W\d_][^，。、；：（）“”「」\s]{0,9})"
    ),
}
# "Some continuous effects are prevention effects.": the kind the sentence names.
_SOME = {
    # The subject holds no clause ("Some triggered abilities trigger when a game state is true" names none).
    "en": re.compile(
        r"^Some\s(?:(?!\b(?:when|whenever|if|that|which|who|whose|while)\b)[^.]){1,60}?\s(?:is|are)\s+"
        r"(?!(?:not|no|never|also|only)\b)(?P<name>[^\W\d_][^.,;:()\n]{1,40}?)(?=[.,;:]|$)"
    ),
    "zh-hans": re.compile(
        r"^(?:一些|有些|某些)[^，。]{1,20}?(?<![非不])(?:是|为)(?P<name>[^\W\d_][^，。、；：（）\s]{0,9})(?=[，。；]|$)"
    ),
    # Lorcana 6.5.1 "Einige Effekte gelten als Ersatzeffekte." (the German "Some … are …").
    "de": re.compile(
        r"^Einige\s(?:(?!\b(?:wenn|falls|die|der|das|welche)\b)[^.,]){1,60}?\s(?:sind|gelten\s+als)\s+"
        r"(?!(?:nicht|kein|keine|auch|nur)\b)(?P<name>[A-ZÄÖÜ][^.,;:()\n]{1,40}?)(?=[.,;:]|$)"
    ),
}
# "Layer 4: Type-changing effects are applied.", "层7b：…", Lorcana's "Exerted – When a card is exerted …"
# ("Erschöpft – …"): a label of at most three words (or eight
# characters in a language written without spaces) opening a rule. Not "Example:" or "Note:".
_LABEL = re.compile(r"^(?P<name>[^\W\d_][\w-]*(?:\s[\w-]+){0,2})(?:\s?[:：]|\s[–—-])\s")
_LABEL_UNSPACED = re.compile(r"^(?P<name>[^\W\d_][^\s，。、；：:（）]{0,7})[:：]")
_NOT_LABELS = {
    "example",
    "examples",
    "note",
    "notes",
    "esempio",
    "пример",
    "例",
    "例外",
    "beispiel",
    "hinweis",
    "exemple",
    "remarque",
    "erstens",
    "zweitens",
    "drittens",
    "viertens",
    "premièrement",
    "deuxièmement",
    "troisièmement",
}
# "The mana value of an object is …", "物件的法术力值为…": what any object has is defined by its name
# alone ("mana value"), not what a creature has ("A creature's power is …" is not where power is defined).
_OF_AN_OBJECT = {
    "en": re.compile(r"^(?P<name>.+?)\s+of\s+an\s+object$", re.IGNORECASE),
    "it": re.compile(r"^(?P<name>.+?)\s+di\s+un\s+oggetto$", re.IGNORECASE),
    "zh-hans": re.compile(r"^物件的(?P<name>.+)$"),
}
# Sentences: after a full stop, or a Chinese or Japanese one.
_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=[^\W\d_])|(?<=[。！？])")
# "コストは、…支払いである。", "キャラクターはカード・タイプの１つであり", "ターン行動とは、…のことである",
# "プレイヤーの“ロアの合計”は、…である": a name, then what it is (the sentence says so).
_JA_DEFINITION = re.compile(
    r"^(?:プレイヤーの)?[“「\"]?(?P<name>[^\W\d_][^、，。：:（）“”「」\"\s]{0,11}?)(?<![にでとがをもへや])[”」\"]?(?:とは|は)(?!ない)"
)
_JA_IS = re.compile(r"である|であり|を表す|を意味する|のことを指す|のことだ")
# What a player has is defined by its name alone: "A player’s lore total is …" defines "lore total" ("Der
# Legenden-Gesamtwert eines Spielers …", "Le total d’éclats de Lore d’un joueur …").
_OF_A_PLAYER = {
    "en": re.compile(r"^(?:a\s+|the\s+|each\s+)?player['’]s\s+(?P<name>.+)$", re.IGNORECASE),
    "de": re.compile(r"^(?P<name>.+?)\s+(?:eines|jedes)\s+Spielers$"),
    "fr": re.compile(r"^(?P<name>.+?)\s+d['’]un\s+joueur$", re.IGNORECASE),
}
_ZH_DEFINITION = re.compile(
    r"^(?!一些|有些|某些)(?P<name>[^\W\d_][^，。、；：:（）“”\s]{0,9}?)(?<![称视非不])(?:是个|是一个|是一种|是|为|属于)(?!否)"
)


def is_title_only(text: str) -> bool:
    """A rule whose whole text is a name ("Deathtouch", "死触", "Trample"), not a sentence."""
    text = text.strip()
    return (
        0 < len(text) <= RANKING.title_max_chars
        and "\n" not in text
        and not text.endswith((".", "。", ":", "："))
        and len(text.split()) <= RANKING.title_max_words
    )


def defined_names(language: str, text: str) -> list[str]:
    """Every name ``text`` defines, in order: what a sentence says a name is, the name it calls what it
    described, the kind it names, the label it opens with ([] when it defines nothing)."""
    text = text.strip()
    names: list[str] = []
    label = (_LABEL_UNSPACED if language in ("ja", "zh-hans") else _LABEL).match(text)
    if label and label.group("name").casefold() not in _NOT_LABELS:
        names.append(label.group("name"))
    for number, sentence in enumerate(s for s in _SENTENCES.split(text) if s):
        name = defined_name(language, sentence)
        if name:
            names.append(name)
        if language == "zh-hans" and (number < 2):
            match = _ZH_DEFINITION.match(sentence)
            if match:
                names.append(match.group("name"))
        if language == "ja" and number < 2 and _JA_IS.search(sentence):
            match = _JA_DEFINITION.match(sentence)
            if match:
                names.append(match.group("name"))
        some = _SOME.get(language)
        if some and (match := some.match(sentence)):
            names.append(match.group("name"))
        called = _CALLED.get(language)
        if called:
            names.extend(match.group("quoted") or match.group("name") for match in called.finditer(sentence))
    more = []
    for name in names:
        for possessed in (_OF_AN_OBJECT.get(language), _OF_A_PLAYER.get(language)):
            if possessed and (match := possessed.match(name)):
                more.append(match.group("name"))
        # "Face-down spells and face-down permanents": each of the two (not "Power and toughness": two
        # names of one word are said together).
        parts = name.split(" and ") if language == "en" else []
        if len(parts) == 2 and all(len(part.split()) >= 2 for part in parts):
            more.extend(parts)
        # 613.4: "apply effects in a series of sublayers": layer 7b is sublayer 7b.
        sub = re.fullmatch(r"(?i)layer\s+(\d+[a-z])", name)
        if sub:
            more.append(f"sublayer {sub.group(1)}")
    return list(dict.fromkeys(n.strip() for n in names + more if n.strip()))


# Words that make a subject a clause ("The card may have …").
_MODALS = {"en": {"may", "can", "must", "would", "could", "should", "will", "might", "also", "always", "never"}}


# A negated verb ("can’t", "doesn’t", "cannot") in what would be a name.
_NEGATED = re.compile(r"(?i)n['’]t$|^cannot$")


def defined_name(language: str, text: str) -> str:
    """The name a rule's opening sentence defines ("" when it does not open with a definition)."""
    for named in (_THE_TERM.get(language), _KEYWORD_RULE.get(language)):
        if named and (match := named.match(text.strip())) and len(match.group("name").split()) <= DEFINED_NAME_WORDS:
            return match.group("name").strip()
    pattern = DEFINITION_OPENINGS.get(language)
    if pattern is None:
        return ""
    match = pattern.match(text.strip())
    if match is None:
        return ""
    name = match.group("name").strip()
    words = name.split()
    openers = _CLAUSE_OPENERS.get(language, ())
    # "Lorsqu’un joueur …": the word before an elided vowel opens the clause.
    first = words[0].casefold()
    if len(words) > DEFINED_NAME_WORDS or first in openers or re.split(r"['’]", first)[0] in openers:
        return ""
    if language == "fr" and any(
        re.split(r"['’]", word.casefold())[0] in ("qui", "que", "qu", "dont") for word in words
    ):
        return ""  # "Une action qui …", "Le coût qu’il paie …": a clause
    modals = _MODALS.get(language, ())
    if any(re.split(r"['’]", word.casefold())[0] in modals or _NEGATED.search(word) for word in words):
        # "An object may have a color indicator": what it may do, not what it is; "A creature can’t have a
        # greater power …" (702.100c) or "A token doesn’t have …": what it may not.
        return ""
    return name


# A section's first rule opening with the section's name says what the name is ("611. Continuous Effects":
# 611.1 "A continuous effect modifies …", "一个持续性效应…"; Берсерк "210. Существа": 210.1 "Существа,
# располагающиеся в игровой зоне, могут атаковать …"), unless it opens with a definite article: "513. End
# Step": 513.1 "The end step has no turn-based actions" tells what happens in the step the section is.
_INDEFINITE = {
    "en": re.compile(r"^(?:an?|some)\s+", re.IGNORECASE),
    "it": re.compile(r"^(?:un|uno|una|un['’])\s*", re.IGNORECASE),
    "de": re.compile(r"^(?:ein|eine|einen|einem|einer|eines)\s+", re.IGNORECASE),
    "fr": re.compile(r"^(?:un|une|des)\s+", re.IGNORECASE),
    "zh-hans": re.compile(r"^(?:一个|一种|一名|一位|某个|某种)"),
}
_DEFINITE = {
    "en": re.compile(r"^the\s", re.IGNORECASE),
    "it": re.compile(r"^(?:il|lo|la|i|gli|le|l['’])\s*", re.IGNORECASE),
    "de": re.compile(r"^(?:der|die|das|den|dem|des)\s", re.IGNORECASE),
    "fr": re.compile(r"^(?:le|la|les|l['’])\s*", re.IGNORECASE),
}


def opens_with_name(language: str, text: str, name: str) -> bool:
    """Whether ``text`` (a section's first rule) opens with ``name`` (the section's): its first word is the
    name's first, and its first indexed words are the name's, after an indefinite article and not after a
    definite one. In a language written without spaces, which has no articles, only after a word saying
    "a" ("一个持续性效应…"): "结束步骤没有回合动作" (513.1) is not where the end step is defined."""
    text = text.strip()
    definite = _DEFINITE.get(language)
    if definite and definite.match(text):
        return False
    indefinite = _INDEFINITE.get(language)
    opened = indefinite.match(text) if indefinite else None
    if opened:
        text = text[opened.end() :]
    if language in ("ja", "zh-hans"):
        return opened is not None and text.startswith(name.strip())
    wanted = definition_form(language, name).split()
    first = re.match(r"[^\W\d_][\w'’-]*", text)
    # "At the start of a game …" opens with a word the analyzer drops, not with "Starting the Game".
    if not wanted or first is None or definition_form(language, first.group()) != wanted[0]:
        return False
    # The opening only: a name is a few words, and the analyzer need not read on.
    opening = definition_form(language, text[: 4 * len(name) + 20]).split()
    return opening[: len(wanted)] == wanted


# "701.18. Scry": 701.18a "To “scry N” means to look at …", 701.7a "To destroy a permanent, move it …". A
# keyword action's rule says what it is to do the action, in the infinitive.
_INFINITIVE = {"en": re.compile(r"^to\s+[“\"‘']?", re.IGNORECASE)}


def _after_infinitive(language: str, text: str) -> str | None:
    """``text`` after the infinitive's "To" (and an opening quote), or None where it does not open so."""
    infinitive = _INFINITIVE.get(language)
    text = text.strip()
    opened = infinitive.match(text) if infinitive else None
    return text[opened.end() :] if opened else None


def says_what_it_is_to(language: str, text: str, name: str) -> bool:
    """Whether ``text`` (a subrule of the keyword rule ``name``) opens by saying what it is to do the
    action ``name``: "To “scry N” means …" under "Scry"; not "To cast a card using its morph ability …"
    under "Morph"."""
    rest = _after_infinitive(language, text)
    return rest is not None and opens_with_name(language, rest, name)


def infinitive_names(language: str, text: str) -> list[str]:
    """The action a rule opening in the infinitive names ("To “scry N” means …": scry; "To planeswalk is …":
    planeswalk), as printed; [] for any other opening."""
    rest = _after_infinitive(language, text)
    word = re.match(r"[^\W\d_][\w'’-]*", rest) if rest is not None else None
    return [word.group()] if word else []


def definition_form(language: str, text: str) -> str:
    """A name as its indexed words, space-separated ("Creatures" → "creatur"): a query whose words are
    exactly these is asking for the place the name is defined."""
    analyzer = _definition_analyzers.get(language)
    if analyzer is None:
        analyzer = _definition_analyzers[language] = analyzer_for(language)
    return " ".join(token for token, _, _ in tokens(analyzer, text.strip(), mode="query"))
