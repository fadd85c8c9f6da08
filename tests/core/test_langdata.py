"""The language registry as plain data: Babel names, date statements, the script guess."""

import datetime
import subprocess
import sys

import pytest

from rulesref.core import langdata
from rulesref.rules.parsers import editions
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
