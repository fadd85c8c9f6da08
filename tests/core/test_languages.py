"""Languages are data, validated at startup; catalogs compile with Babel."""

from pathlib import Path

import pytest
from django.conf import settings
from django.core.checks import run_checks
from django.test import override_settings
from django.utils import translation

from rulesref.core import languages
from rulesref.core.catalogs import catalog_problems, compile_catalogs, po_files


def test_language_codes_map_to_babel_locales():
    assert languages.get_language("zh-hans").babel_locale == "zh_Hans"
    assert (languages.get_language("DE").babel_locale, languages.get_language("FR").code) == ("de", "fr")
    assert languages.get_language("ZH").code == "zh-hans"
    assert languages.get_language("ja").analyzer == "japanese"


def test_unknown_language_names_the_known_ones():
    with pytest.raises(
        languages.UnknownLanguage, match="unknown language 'pt'; known languages: en, it, ja, ru, zh-hans, de, fr, ko"
    ):
        languages.get_language("pt")


def test_korean_is_a_content_language_searched_by_character_bigrams():
    korean = languages.get_language("KO")
    assert (korean.code, korean.script, korean.analyzer, korean.babel_locale) == ("ko", "Kore", "cjk-bigram", "ko")
    assert (korean.name, korean.english_name) == ("한국어", "Korean")


@pytest.mark.parametrize(
    "ui, labels",
    [
        ("en", ["English", "Italian", "Japanese", "Russian", "Chinese (Simplified)", "German", "French", "Korean"]),
        (
            "it",
            ["Inglese", "Italiano", "Giapponese", "Russo", "Cinese (semplificato)", "Tedesco", "Francese", "Coreano"],
        ),
        ("ja", ["英語", "イタリア語", "日本語", "ロシア語", "中国語 (簡体字)", "ドイツ語", "フランス語", "韓国語"]),
    ],
)
def test_language_labels_are_babel_names_in_the_interface_language(ui, labels):
    with translation.override(ui):
        assert [str(lang.label) for lang in languages.CONTENT_LANGUAGES.values()] == labels


def test_model_choices_name_every_registered_language_in_english():
    assert languages.language_choices() == [
        ("en", "English"),
        ("it", "Italian"),
        ("ja", "Japanese"),
        ("ru", "Russian"),
        ("zh-hans", "Chinese (Simplified)"),
        ("de", "German"),
        ("fr", "French"),
        ("ko", "Korean"),
    ]


def test_the_project_passes_its_system_checks():
    assert [e for e in run_checks() if e.level >= 40] == []


def test_a_ui_language_without_a_catalog_fails_the_system_check():
    with override_settings(LANGUAGES=[("en", "English"), ("pt", "Português")]):
        errors = [e for e in run_checks() if e.id == "rulesref.E002"]
    assert len(errors) == 1
    assert "'pt' has no catalog" in errors[0].msg


def test_every_catalog_compiles_with_no_fuzzy_or_empty_entries(tmp_path):
    locale = Path(settings.LOCALE_PATHS[0])
    assert [p.parent.parent.name for p in po_files(locale)] == ["it", "ja", "ru"]
    for po in po_files(locale):
        assert catalog_problems(po) == []
    copy = tmp_path / "locale"
    for po in po_files(locale):
        target = copy / po.relative_to(locale)
        target.parent.mkdir(parents=True)
        target.write_bytes(po.read_bytes())
    assert len(compile_catalogs(copy)) == 3
    assert compile_catalogs(copy) == []  # up to date: nothing rewritten


@pytest.mark.parametrize(
    "code, expected", [("it", "Lingua dell’interfaccia"), ("ja", "表示言語"), ("ru", "Язык интерфейса")]
)
def test_ui_strings_are_translated(code, expected):
    compile_catalogs(Path(settings.LOCALE_PATHS[0]))
    with translation.override(code):
        assert translation.gettext("Interface language") == expected
