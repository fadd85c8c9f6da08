"""The import_glossary command: a glossary file into an imported edition."""

import io
import json

import pytest
from django.core.management import call_command, get_commands, load_command_class
from django.core.management.base import CommandError

from rulesref.rules.services import edition_import

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_glossary_json_reports_counts_and_joins(corpus):
    edition_import(path=corpus("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md"), game="berserk", language="ru")
    path = str(corpus("berserk_heroes_glossary_ru.rst"))
    args = ("import_glossary", path, "--game", "berserk", "--lang", "ru", "--edition", "2024-05-31")
    data = json.loads(run(*args, "--json", "--no-index"))
    assert (data["format"], data["edition"], data["counts"]["glossary"], data["changed"]) == (
        "berserk-glossary-rst",
        "2024-05-31",
        213,
        True,
    )
    assert len(data["terms"]["joined"]) == 5
    out = run(*args, "--no-index")
    assert out.splitlines()[:2] == [
        f"{path}: berserk ru 2024-05-31 [berserk-glossary-rst]: unchanged (the same glossary is already there)",
        "  213 glossary entries; 5 terms join the term list, 208 do not",
    ]


def test_import_glossary_into_a_missing_edition_is_one_line(corpus):
    path = str(corpus("berserk_heroes_glossary_ru.rst"))
    with pytest.raises(CommandError) as error:
        run("import_glossary", path, "--game", "berserk", "--lang", "ru", "--edition", "2030-01-01")
    assert str(error.value) == (
        f"{path}: there is no berserk ru edition 2030-01-01 to add a glossary to; import its rules first (import_rules)"
    )


def test_import_glossary_has_help():
    command = load_command_class(get_commands()["import_glossary"], "import_glossary")
    assert len(command.help) > 40
    parser = command.create_parser("manage.py", "import_glossary")
    own = [a for a in parser._actions if a.dest in ("path", "game", "lang", "edition", "format", "json", "no_index")]
    assert len(own) == 7
    assert all(action.help for action in own)
