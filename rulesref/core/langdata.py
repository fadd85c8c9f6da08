"""What each content language looks like in rule texts: plain data, no Django.

One :class:`Language` entry per content language. Adding a language is adding one entry here
(plus, for the user interface, its catalog): names come from Babel's locale data, and every
parser that needs to know a language's words (the Comprehensive Rules headings and date
statement, example labels, the words that cite a rule) reads them from here. The parsers
(``rulesref.rules.parsers``) import this module directly, so they stay free of Django;
``rulesref.core.languages`` re-exports it for the rest of the project and adds the
translated labels.

Edition statements are templates: literal text with placeholders ``{year}`` (four digits),
``{month}`` (a number, or a month name read with Babel's month names of the language),
``{day}``, ``{name}`` (an edition name) and ``{version}`` (a version number such as 2.1.0); a
translation's own version is read with templates holding ``{revision}``. Spaces in a template match any
run of spaces, including none.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from babel import Locale
from babel.dates import get_month_names

from . import scripts


@dataclass(frozen=True)
class CRHeadings:
    """The headings of the official Comprehensive Rules layout, each alone on its line.

    Several spellings may be listed: the Korean introduction is "소개" or "개요".
    """

    introduction: tuple[str, ...] = ()
    contents: tuple[str, ...] = ()
    glossary: tuple[str, ...] = ()
    credits: tuple[str, ...] = ()
    # The document's title where it is printed again above the rules, after the table of contents
    # (the Japanese translation: "マジック：ザ・ギャザリング　総合ルール"); spaces match any spaces.
    title: tuple[str, ...] = ()
    # What a translation prints in place of a part it leaves out (the Korean glossary: "<생략>").
    omitted: tuple[str, ...] = ()


@dataclass(frozen=True)
class Citations:
    """How rule texts cite rules: "See rule 604.3", "rules 601.2 and 602.2", "603.7d through f".

    ``words`` introduce a cited number (needed for a bare section such as "rule 614"; a dotted
    rule number such as 601.3d is recognised without them), ``joiners`` join the numbers of a
    list, ``ranges`` join the two ends of a range ("–" and "-" join ranges in every language).
    """

    words: tuple[str, ...] = ()
    joiners: tuple[str, ...] = ()
    ranges: tuple[str, ...] = ()
    # Words after a cited section or chapter of a dotted rulebook: "1.5 節「コスト」参照", "４章参照".
    after: tuple[str, ...] = ()


@dataclass(frozen=True)
class Language:
    code: str  # as Django writes it: "en", "zh-hans"
    script: str  # ISO 15924
    analyzer: str  # key into the search package's analyzer table (rulesref.search.analysis.ANALYZERS)
    # How an example paragraph starts; the first one is shown on pages.
    example_labels: tuple[str, ...] = ("Example:",)
    # Labels seen in published files that are slips for an example label (read, and warned).
    example_label_slips: tuple[str, ...] = ()
    citations: Citations = field(default_factory=Citations)
    cr_headings: CRHeadings = field(default_factory=CRHeadings)
    edition_statements: tuple[str, ...] = ()
    # Numbered rulebooks that publishers lay out themselves (Lorcana's): the title block's version and
    # effective-date lines ("Version {version}", "Effective {month} {day}, {year}"; the language's
    # ``edition_statements`` are read there too), and the headings of the change log after the glossary.
    rulebook_statements: tuple[str, ...] = ()
    change_log_headings: tuple[str, ...] = ()
    # A translation's own version, as a template with ``{revision}`` ("和訳 {revision} 版").
    revision_statements: tuple[str, ...] = ()
    # Other spellings users and files use for this language ("zh", "zh-cn").
    aliases: tuple[str, ...] = ()

    @property
    def babel_locale(self) -> str:
        """Babel's locale name: ``zh-hans`` → ``zh_Hans``."""
        return babel_locale(self.code)

    @property
    def example_label(self) -> str:
        return self.example_labels[0]

    @property
    def name(self) -> str:
        """The language's own name, from Babel's locale data ("한국어", "русский")."""
        return display_name(self.code, self.code)

    @property
    def english_name(self) -> str:
        return display_name(self.code, "en")


def babel_locale(code: str) -> str:
    """``zh-hans`` → ``zh_Hans``, ``pt-br`` → ``pt_BR`` (what Django's ``to_locale`` does)."""
    language, _, region = code.partition("-")
    if not region:
        return language.lower()
    if len(region) > 2:
        return f"{language.lower()}_{region.title()}"
    return f"{language.lower()}_{region.upper()}"


@functools.cache
def display_name(code: str, in_language: str) -> str:
    """The name of language ``code`` in language ``in_language``, from Babel (CLDR)."""
    return Locale.parse(babel_locale(code)).get_display_name(babel_locale(in_language)) or code


# Rule numbers are digits in every language, so every entry shares these range marks.
RANGE_MARKS = ("–", "-", "—", "~", "～", "〜")

LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language(
            "en",
            "Latn",
            "snowball-en",
            example_labels=("Example:",),
            citations=Citations(
                words=("see", "rule", "rules", "subrule", "subrules"),
                joiners=("and", "or"),
                ranges=("through",),
            ),
            cr_headings=CRHeadings(
                introduction=("Introduction",), contents=("Contents",), glossary=("Glossary",), credits=("Credits",)
            ),
            # Editions before 2009 said "current as of".
            edition_statements=(
                "These rules are effective as of {month} {day}, {year}.",
                "These rules are current as of {month} {day}, {year}.",
            ),
            rulebook_statements=("Version {version}", "Effective {month} {day}, {year}"),
            change_log_headings=("Update Summary", "Previous Update Summaries"),
        ),
        Language(
            "it",
            "Latn",
            "snowball-it",
            example_labels=("Esempio:",),
            citations=Citations(
                words=("vedi", "regola", "regole"),
                joiners=("e", "ed", "o", "oppure"),
                ranges=("fino a",),
            ),
            # Not yet seen in an Italian file of the official layout.
            cr_headings=CRHeadings(
                introduction=("Introduzione",),
                contents=("Indice", "Sommario"),
                glossary=("Glossario",),
                credits=("Crediti",),
            ),
            edition_statements=("Aggiornato a {name}, {day} {month} {year}",),
            # A publisher's rulebook in Italian (the Lorcana rules are issued in Italian too; not in the
            # corpora): the title block's version and date, the change log's heading.
            rulebook_statements=(
                "Versione {version}",
                "In vigore dal {day} {month} {year}",
                "Valido dal {day} {month} {year}",
            ),
            change_log_headings=("Riepilogo degli aggiornamenti", "Riepilogo aggiornamenti"),
        ),
        Language(
            "ja",
            "Jpan",
            "japanese",
            example_labels=("例：", "例:"),
            # Japanese texts cite as "rule 604.3 参照" (the English word) or "ルール604.3".
            citations=Citations(words=("ルール", "規則"), joiners=("と", "および", "及び"), after=("章", "節", "項")),
            aliases=("jp",),
            # The judge translation team's 和訳 of the Comprehensive Rules: its introduction is the
            # chapter "0. はじめに", after the table of contents; its header states the translation's
            # version ("マジック総合ルール(和訳 20260116.0 版)") and the date of the English edition
            # it translates ("…が 2026-01-16 に翻訳したものです。").
            cr_headings=CRHeadings(
                introduction=("はじめに", "序文"),
                contents=("もくじ", "目次"),
                glossary=("用語集",),
                credits=("クレジット",),
                title=("マジック：ザ・ギャザリング 総合ルール", "マジック:ザ・ギャザリング 総合ルール"),
            ),
            rulebook_statements=("バージョン {version}", "{year} 年 {month} 月 {day} 日施行"),
            change_log_headings=("更新履歴",),
            edition_statements=("が {year}-{month}-{day} に翻訳したもの",),
            revision_statements=("和訳 {revision} 版",),
        ),
        Language(
            "ru",
            "Cyrl",
            "snowball-ru",
            example_labels=("ПРИМЕР.", "ПРИМЕР:"),
            citations=Citations(
                # "(см. 107.2)", "см. п. 104.3.1", "правила 107.2 и 107.3", "согласно пункту 401.5".
                words=(
                    "см.",
                    "п.",
                    "пп.",
                    "пункт",
                    "пункта",
                    "пункту",
                    "пункты",
                    "пунктом",
                    "пунктах",
                    "правило",
                    "правила",
                    "правилу",
                    "правилом",
                    "правилах",
                    "согласно",
                ),
                joiners=("и", "или"),
                ranges=("по",),
            ),
            # Not yet seen in a Russian file of the official layout.
            cr_headings=CRHeadings(
                introduction=("Введение",),
                contents=("Содержание", "Оглавление"),
                glossary=("Глоссарий",),
                credits=("Авторы",),
            ),
            edition_statements=("Дата публикации {day}.{month}.{year}",),
        ),
        Language(
            "zh-hans",
            "Hans",
            "cjk-bigram",
            example_labels=("例如：",),
            # One example in the Duskmourn translation (111.11) is labelled with a comma.
            example_label_slips=("例如，",),
            citations=Citations(words=("规则", "参见", "详见"), joiners=("和", "及", "与", "或"), ranges=("至",)),
            cr_headings=CRHeadings(
                introduction=("前言",), contents=("目录",), glossary=("词汇表", "术语表"), credits=("版权信息",)
            ),
            edition_statements=("此规则于{year}年{month}月{day}日起生效",),
            # A publisher's rulebook in Chinese (the Lorcana rules are issued in Chinese too; not in the
            # corpora).
            rulebook_statements=(
                "版本 {version}",
                "{year} 年 {month} 月 {day} 日生效",
                "{year} 年 {month} 月 {day} 日起生效",
            ),
            change_log_headings=("更新摘要", "更新记录"),
            aliases=("zh", "zh_hans", "zh-cn", "cn"),
        ),
        Language(
            "de",
            "Latn",
            "snowball-de",
            # The Lorcana rules also print "Beispiel A:" … "Beispiel C:": a letter is read with any label.
            example_labels=("Beispiel:",),
            citations=Citations(
                # "(siehe 4.1.5)", "siehe Abschnitt 4", "in den Abschnitten 3.2.1 bis 3.2.3", "Regeln in Abschnitt 5".
                words=("siehe", "Regel", "Regeln", "Abschnitt", "Abschnitte", "Abschnitten", "Abschnitts"),
                joiners=("und", "oder"),
                ranges=("bis",),
            ),
            cr_headings=CRHeadings(
                # The text file has "Einleitung", the 2025 PDF "EINFÜHRUNG".
                introduction=("Einleitung", "EINLEITUNG", "Einführung", "EINFÜHRUNG"),
                contents=("Inhalt", "INHALT", "Inhaltsverzeichnis"),
                glossary=("Glossar", "GLOSSAR"),
                # Not yet seen in a German file (the Lorcana rules have no credits).
                credits=("Mitwirkende",),
            ),
            # "Gültig ab 30. April 2026" (text file), "Gültig ab dem 31. Oktober 2025" (PDF).
            edition_statements=("Gültig ab {day}. {month} {year}", "Gültig ab dem {day}. {month} {year}"),
            rulebook_statements=("Version {version}",),
            change_log_headings=("Update-Zusammenfassung",),
        ),
        Language(
            "fr",
            "Latn",
            "snowball-fr",
            # French puts a space before the colon: "Exemple :" (and "Exemple A :" … "Exemple C :").
            example_labels=("Exemple :",),
            # One example in the 2.1.0 text (under 6.4.3) is printed without that space.
            example_label_slips=("Exemple:",),
            citations=Citations(
                # "voir 1.7.1", "voir la section 4", "dans les sections 2.2.2.1 à 2.2.2.3".
                words=("voir", "règle", "règles", "section", "sections"),
                joiners=("et", "ou"),
                ranges=("à",),
            ),
            cr_headings=CRHeadings(
                introduction=("Introduction", "INTRODUCTION"),
                contents=("Sommaire", "SOMMAIRE", "Table des matières"),
                glossary=("Glossaire", "GLOSSAIRE"),
                # Not yet seen in a French file (the Lorcana rules have no credits).
                credits=("Crédits",),
            ),
            # "Date de mise à jour : 30 avril 2026" (text file), "Date de mise à jour 31 octobre 2025" (PDF).
            edition_statements=(
                "Date de mise à jour : {day} {month} {year}",
                "Date de mise à jour {day} {month} {year}",
            ),
            rulebook_statements=("Version {version}",),
            change_log_headings=("Résumé des mises à jour",),
        ),
        Language(
            "ko",
            "Kore",
            "cjk-bigram",
            example_labels=("예시:", "예:"),
            citations=Citations(words=("규칙",), joiners=("및", "와", "과", "또는")),
            cr_headings=CRHeadings(
                introduction=("소개", "개요"),
                contents=("목차",),
                glossary=("용어집", "용어사전"),
                credits=("크레딧",),
                omitted=("<생략>",),
            ),
            edition_statements=("이 규칙은 {year}년 {month}월 {day}일부터 적용됩니다.",),
        ),
    )
}

ALIASES: dict[str, str] = {alias: lang.code for lang in LANGUAGES.values() for alias in lang.aliases}


class UnknownLanguage(ValueError):
    pass


# Letters (from core/scripts.py) that only one registered script writes, in the order a guess tries them: kana is
# Japanese even beside Han, Hangul is Korean, Han alone is Chinese.
GUESS_LETTERS = {
    "Kore": scripts.HANGUL,
    "Jpan": scripts.KANA,
    "Hans": scripts.HAN,
    "Cyrl": scripts.CYRILLIC,
}
GUESS_MINIMUM = {"Kore": 200, "Jpan": 50, "Hans": 200, "Cyrl": 200}


def guess_language(text: str, *, default: str = "en") -> str:
    """The content language of a rules file from its script (Latin-script files: ``default``).

    Reads at most the first 20,000 characters that are not inline images (base64 data URIs).
    """
    sample = re.sub(r"\(data:[^)]*\)", "", text[:400_000])[:20_000]
    for script, letters in GUESS_LETTERS.items():
        if len(re.findall(f"[{letters}]", sample)) > GUESS_MINIMUM[script]:
            for lang in LANGUAGES.values():
                if lang.script == script:
                    return lang.code
    return default


# Edition statements ---------------------------------------------------------------

PLACEHOLDERS = {
    "year": r"(?P<year>\d{4})",
    "month": r"(?P<month>\d{1,2}|[^\W\d_]+\.?)",
    "day": r"(?P<day>\d{1,2})",
    "name": r"(?P<name>.+?)",
    # A version number as printed in a title block: "2.1.0" ("2.2.0." ends a sentence).
    "version": r"(?P<version>\d+(?:\.\d+)+)",
    "revision": r"(?P<revision>\d[0-9A-Za-z.-]*[0-9A-Za-z]|\d)",
}
PLACEHOLDER_RE = re.compile(r"\{(year|month|day|name|version|revision)\}")


def _literal(text: str) -> str:
    return r"\s*".join(re.escape(part) for part in text.split(" "))


@functools.cache
def statement_pattern(template: str, *, loose: bool = False) -> re.Pattern:
    """The regex of an edition-statement template; ``loose`` accepts anything in the placeholders
    (to notice a statement whose date cannot be read)."""
    pieces, last = [], 0
    for match in PLACEHOLDER_RE.finditer(template):
        pieces.append(_literal(template[last : match.start()]))
        pieces.append(".*?" if loose else PLACEHOLDERS[match[1]])
        last = match.end()
    pieces.append(_literal(template[last:]))
    return re.compile("".join(pieces))


@functools.cache
def month_lookup(locale: str) -> dict[str, int]:
    """Every spelling of every month in ``locale`` (wide and abbreviated, both contexts)."""
    names: dict[str, int] = {}
    for width in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for number, name in get_month_names(width, context=context, locale=locale).items():
                names[name.lower().rstrip(".")] = number
    return names
