"""Languages are data, validated at startup; catalogs compile with Babel."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.checks import run_checks
from django.test import override_settings
from django.utils import translation

from rulesref.core import languages
from rulesref.core.catalogs import catalog_messages, catalog_problems, compile_catalogs, po_files, source_messages


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


def test_the_catalog_check_looks_where_django_looks_for_simplified_chinese():
    with override_settings(LANGUAGES=[("en", "English"), ("zh-hans", "简体中文")]):
        assert [e for e in run_checks() if e.id == "rulesref.E002"] == []


def test_every_catalog_compiles_with_no_fuzzy_or_empty_entries(tmp_path):
    locale = Path(settings.LOCALE_PATHS[0])
    assert [p.parent.parent.name for p in po_files(locale)] == ["de", "fr", "it", "ja", "ko", "ru", "zh_Hans"]
    for po in po_files(locale):
        assert catalog_problems(po) == []
    copy = tmp_path / "locale"
    for po in po_files(locale):
        target = copy / po.relative_to(locale)
        target.parent.mkdir(parents=True)
        target.write_bytes(po.read_bytes())
    assert len(compile_catalogs(copy)) == 7
    assert compile_catalogs(copy) == []  # up to date: nothing rewritten


def test_every_interface_language_but_english_has_a_catalog():
    """Both languages the rules are imported in beyond Europe's and Japanese have an interface too."""
    assert [code for code, _name in settings.LANGUAGES] == ["en", "de", "fr", "it", "ja", "ko", "ru", "zh-hans"]
    locale = Path(settings.LOCALE_PATHS[0])
    # Django looks for zh-hans in locale/zh_Hans (to_locale).
    assert [p.parent.parent.name for p in po_files(locale)] == [
        translation.to_locale(code) for code, _ in settings.LANGUAGES[1:]
    ]


def test_every_catalog_holds_exactly_the_messages_the_code_and_templates_ask_for():
    """A message added to the code and not to a catalog shows in English there; one left in a catalog after
    the code dropped it is dead weight. Extracted as makemessages does (Django's templatize), by Babel."""
    wanted = source_messages(Path(settings.BASE_DIR) / "rulesref")
    assert {(None, "German"), (None, "French"), (None, "Download the term list as TBX")} <= wanted
    assert ("zone", "library") in wanted and (None, ("%(counter)s rule", "%(counter)s rules")) in wanted
    for po in po_files(Path(settings.LOCALE_PATHS[0])):
        held = catalog_messages(po)
        assert (po.parent.parent.name, sorted(wanted - held, key=str), sorted(held - wanted, key=str)) == (
            po.parent.parent.name,
            [],
            [],
        )


@pytest.mark.parametrize(
    "code, plural_forms",
    [
        ("de", "nplurals=2; plural=(n != 1);"),
        ("fr", "nplurals=2; plural=(n > 1);"),
        ("it", "nplurals=2; plural=(n != 1);"),
        ("ja", "nplurals=1; plural=0;"),
        ("ko", "nplurals=1; plural=0;"),
        ("zh_Hans", "nplurals=1; plural=0;"),
    ],
)
def test_catalogs_state_their_language_s_plural_forms(code, plural_forms):
    with (Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "django.po").open("rb") as handle:
        assert read_po(handle).plural_forms == plural_forms


@pytest.mark.parametrize(
    "code, results",
    [
        # French counts zero as singular; German, like English, does not.
        ("de", ["0 Ergebnisse", "1 Ergebnis", "2 Ergebnisse"]),
        ("fr", ["0 résultat", "1 résultat", "2 résultats"]),
        ("ru", ["0 результатов", "1 результат", "2 результата"]),
        # One form for every number, the count written as a numeral.
        ("ko", ["결과 0개", "결과 1개", "결과 2개"]),
        ("zh-hans", ["0 条结果", "1 条结果", "2 条结果"]),
    ],
)
def test_plural_messages_follow_the_language_s_rule(code, results):
    with translation.override(code):
        shown = [translation.ngettext("%(counter)s result", "%(counter)s results", n) for n in (0, 1, 2)]
    shown = [text % {"counter": n} for n, text in enumerate(shown)]
    assert shown == results


@pytest.mark.parametrize(
    "code, expected",
    [
        ("de", "Sprache der Oberfläche"),
        ("fr", "Langue de l’interface"),
        ("it", "Lingua dell’interfaccia"),
        ("ja", "表示言語"),
        ("ru", "Язык интерфейса"),
        ("zh-hans", "界面语言"),
        ("ko", "인터페이스 언어"),
    ],
)
def test_ui_strings_are_translated(code, expected):
    compile_catalogs(Path(settings.LOCALE_PATHS[0]))
    with translation.override(code):
        assert translation.gettext("Interface language") == expected


@pytest.mark.parametrize("ui", [code for code, _name in settings.LANGUAGES])
def test_interface_languages_are_named_as_babel_names_them_in_every_catalog(ui):
    """One name per language on a page: the catalogs' "Chinese (Simplified)" is Babel's, as the content labels are."""
    compile_catalogs(Path(settings.LOCALE_PATHS[0]))
    with translation.override(ui):
        names = {code: str(name) for code, name in settings.LANGUAGES}
        labels = {code: str(languages.get_language(code).label) for code in names}
    assert names == labels


def test_chinese_and_korean_pages_name_the_languages_in_their_own_words():
    with translation.override("zh-hans"):
        assert [str(name) for _code, name in settings.LANGUAGES] == [
            "英语", "德语", "法语", "意大利语", "日语", "韩语", "俄语", "中文 (简体)"
        ]  # fmt: skip
    with translation.override("ko"):
        assert [str(name) for _code, name in settings.LANGUAGES] == [
            "영어", "독일어", "프랑스어", "이탈리아어", "일본어", "한국어", "러시아어", "중국어 (간체)"
        ]  # fmt: skip
