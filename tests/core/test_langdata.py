"""The language registry as plain data: Babel names, date statements, the script guess."""

import datetime
import re
import subprocess
import sys

import pytest

from rulesref.core import langdata
from rulesref.rules.parsers import editions, xrefs
from tests.synthetic import KOREAN_CR


def test_the_registry_imports_no_django():
    code = "import sys, rulesref.core.langdata, rulesref.rules.parsers; print('django' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"


@pytest.mark.parametrize(
    "code, locale, name, english",
    [
        ("en", "en", "English", "English"),
        ("zh-hans", "zh_Hans", "中文 (简体)", "Chinese (Simplified)"),
        ("ko", "ko", "한국어", "Korean"),
        ("pt-br", "pt_BR", "português (Brasil)", "Portuguese (Brazil)"),
    ],
)
def test_names_come_from_babel_locale_data(code, locale, name, english):
    entry = langdata.Language(code, "Latn", "snowball-en")
    assert (entry.babel_locale, entry.name, entry.english_name) == (locale, name, english)


@pytest.mark.parametrize(
    "line, date",
    [
        ("이 규칙은 2024년 9월 20일부터 적용됩니다.", datetime.date(2024, 9, 20)),
        ("이 규칙은 2025년 4월 4일부터 적용됩니다.", datetime.date(2025, 4, 4)),
        ("These rules are effective as of April 4, 2025.", datetime.date(2025, 4, 4)),
        ("These rules are effective as of Sept. 31, 2025.", None),
    ],
)
def test_date_statements_are_read_from_their_templates(line, date):
    statement = editions.read_statement(line, 3)
    assert (statement.date, statement.line, statement.text) == (date, 3, line)


def test_a_statement_whose_date_cannot_be_read_is_still_noticed():
    assert editions.looks_like_statement("이 규칙은 2024년 구월 20일부터 적용됩니다.")
    assert editions.read_statement("이 규칙은 2024년 구월 20일부터 적용됩니다.", 1).date is None
    assert not editions.looks_like_statement("이 규칙은 카드에 적용됩니다.")


@pytest.mark.parametrize(
    "text, language",
    [
        (KOREAN_CR * 4, "ko"),
        ("例如：" * 300, "zh-hans"),
        ("クリーチャー" * 20, "ja"),
        ("существо " * 40, "ru"),
        ("creature " * 400, "en"),
    ],
)
def test_the_language_of_a_file_is_guessed_from_its_script(text, language):
    assert langdata.guess_language(text) == language


# German and French, as the official Lorcana rules write them

LORCANA_2_1_0 = {lang: f"lorcana_cr_{lang}_20260430_v2.1.0.txt" for lang in ("en", "de", "fr")}


@pytest.mark.parametrize(
    "code, name, english", [("de", "Deutsch", "German"), ("fr", "français", "French")], ids=["de", "fr"]
)
def test_german_and_french_are_content_languages_named_by_babel(code, name, english):
    entry = langdata.LANGUAGES[code]
    assert (entry.babel_locale, entry.script, entry.analyzer) == (code, "Latn", f"snowball-{code}")
    assert (entry.name, entry.english_name) == (name, english)


@pytest.mark.parametrize(
    "lang, statement", [("de", "Gültig ab 30. April 2026"), ("fr", "Date de mise à jour : 30 avril 2026")]
)
def test_the_lorcana_title_block_states_its_date_in_german_and_french(corpus, lang, statement):
    lines = corpus(LORCANA_2_1_0[lang]).read_text(encoding="utf-8").splitlines()
    assert lines[2].strip() == statement
    found = editions.find_statement(list(enumerate(lines, 1)))
    assert (found.date, found.line, found.text) == (datetime.date(2026, 4, 30), 3, statement)


@pytest.mark.parametrize(
    "line",
    # The first lines of the publisher's German and French PDFs of 2025-10-31, as pdfplumber reads them.
    ["Gültig ab dem 31. Oktober 2025", "Date de mise à jour 31 octobre 2025"],
)
def test_the_pdf_title_block_states_its_date_in_its_own_words(line):
    assert editions.read_statement(line, 2).date == datetime.date(2025, 10, 31)


def _labelled_paragraphs(path, label_re):
    return [m[1] + m[2] for m in re.finditer(label_re, path.read_text(encoding="utf-8"), re.MULTILINE)]


def test_every_example_label_the_lorcana_texts_print_is_registered(corpus):
    """92 example paragraphs in each of English, German and French 2.1.0; each label is the language's own
    (a letter may follow its word: "Beispiel A:"), or the one French slip, "Exemple:" without its space."""
    english = _labelled_paragraphs(corpus(LORCANA_2_1_0["en"]), r"^\s*(Example)(?: [A-Z])?(:)")
    assert len(english) == 92
    for lang, word in (("de", "Beispiel"), ("fr", "Exemple")):
        printed = _labelled_paragraphs(corpus(LORCANA_2_1_0[lang]), rf"^\s*({word})(?: [A-Z])?( ?:)")
        entry = langdata.LANGUAGES[lang]
        assert len(printed) == 92
        assert set(printed) == set(entry.example_labels) | set(entry.example_label_slips)
    assert _labelled_paragraphs(corpus(LORCANA_2_1_0["fr"]), r"^\s*(Exemple)(:)") == ["Exemple:"]


@pytest.mark.parametrize(
    "lang, introduction, contents, glossary",
    [("de", "Einleitung", "INHALT", "GLOSSAR"), ("fr", "INTRODUCTION", "SOMMAIRE", "GLOSSAIRE")],
)
def test_the_headings_of_the_lorcana_texts_are_registered(corpus, lang, introduction, contents, glossary):
    lines = {line.strip() for line in corpus(LORCANA_2_1_0[lang]).read_text(encoding="utf-8").splitlines()}
    headings = langdata.LANGUAGES[lang].cr_headings
    assert {introduction, contents, glossary} <= lines
    assert (introduction in headings.introduction, contents in headings.contents, glossary in headings.glossary) == (
        True,
        True,
        True,
    )


@pytest.mark.parametrize(
    "text, targets",
    [
        # Citation words as the Lorcana texts use them, with rule numbers of the CR's shape.
        ("Weitere Informationen findest du im Abschnitt 702, „Mehrspieler“.", ["702"]),
        ("Effekte, Zugaktionen (siehe Abschnitt 500) und Spielaktionen (siehe 116.1)", ["500", "116.1"]),
        ("in den Abschnitten 601.2 bis 601.4 aufgeführten", ["601.2", "601.3", "601.4"]),
        ("Sobald alle Schritte in 601.2 und 601.3 abgeschlossen sind", ["601.2", "601.3"]),
        ("Voir la section 702 “Multijoueur”, pour en savoir davantage.", ["702"]),
        ("les actions de tour (voir la section 500) et les actions de jeu (voir 116.1)", ["500", "116.1"]),
        ("décrites dans les sections 601.2a à 601.2c", ["601.2a", "601.2b", "601.2c"]),
        ("les étapes 601.2 et 601.3", ["601.2", "601.3"]),
        # "bis zu" and "à" before a plain number are no citations.
        ("Verbanne bis zu 200 Charaktere deiner Wahl.", []),
        ("Infligez 100 dommages à 200 personnages.", []),
    ],
)
def test_german_and_french_citation_words(text, targets):
    assert [target for target, _ in xrefs.extract(text)] == targets
