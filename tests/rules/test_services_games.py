"""A user's rulebook of a game no data file knows: `import_rules … --game KEY --game-name "Name"` registers it."""

import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from rulesref.core.games import GAMES, get_game
from rulesref.rules import services
from rulesref.rules.models import CrossReference, Edition, Entry, Game
from rulesref.rules.services import ImportFailed, edition_import
from rulesref.search.queries import QueryError, parse_user_query
from tests import dotted_format

pytestmark = pytest.mark.django_db

NUMBERED_RE = re.compile(r"^(\d{1,2}(?:\.\d+)*)\.\s")


@pytest.fixture
def skyward(tmp_path, monkeypatch):
    """The stand-in dotted rulebook, as a file, with its format installed."""
    dotted_format.install(monkeypatch)
    path = tmp_path / "skyward.txt"
    path.write_text(dotted_format.SKYWARD, encoding="utf-8")
    return path


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_rules_registers_a_new_game_and_says_so(skyward):
    out = run("import_rules", str(skyward), "--game", "skyward", "--game-name", "Skyward", "--lang", "en", "--no-index")
    lines = out.splitlines()
    assert (
        "  registered a new game 'skyward' (Skyward), original language en, numbering dotted (guessed from its numbers)"
        in lines
    )
    row = Game.objects.get(slug="skyward")
    assert (row.name, row.original_language, row.numbering, row.names, row.registered) == (
        "Skyward",
        "en",
        "dotted",
        {"en": "Skyward"},
        True,
    )
    assert "skyward" in GAMES
    assert get_game("skyward").numbering == "dotted"
    edition = Edition.objects.get(game__slug="skyward")
    assert (edition.language, edition.slug) == ("en", "2026-07-09")
    # Every numbered line of the file is an entry, in the dotted scheme's order.
    printed = [m[1] for line in dotted_format.SKYWARD.splitlines() if (m := NUMBERED_RE.match(line))]
    stored = list(
        Entry.objects.filter(edition=edition).exclude(number="").order_by("sort_key").values_list("number", flat=True)
    )
    assert stored == printed


def test_a_registered_games_entries_have_dotted_parents_and_cross_references(skyward):
    edition_import(path=skyward, game="skyward", language="en", game_name="Skyward")
    entries = {e.number: e for e in Entry.objects.filter(edition__game__slug="skyward").select_related("parent")}
    parents = {number: (e.parent.number if e.parent else None) for number, e in entries.items()}
    assert parents["1.10.2.1.1"] == "1.10.2.1"
    assert parents["1.10.2.1"] == "1.10.2"
    assert parents["1.10"] == "1"
    assert parents["2.1.1"] == "2.1"
    cited = list(
        CrossReference.objects.filter(entry__number="1.10.2")
        .order_by("pk")
        .values_list("target_number", "target__number")
    )
    # "see 1.10.1 through 1.10.3 and section 2": the range covers the rules of the edition between.
    assert cited == [("1.10.1", "1.10.1"), ("1.10.2", "1.10.2"), ("1.10.3", "1.10.3"), ("2", "2")]


def test_an_unknown_game_without_a_name_names_the_flag_and_writes_nothing(skyward):
    with pytest.raises(CommandError) as error:
        run("import_rules", str(skyward), "--game", "skyward", "--lang", "en")
    assert str(error.value) == (
        "unknown game 'skyward'; known games: mtg, berserk, lorcana; "
        'to register a new game pass --game-name "Its Name"'
    )
    assert not Game.objects.exists()
    assert not Edition.objects.exists()


def test_a_failed_import_registers_nothing(skyward, monkeypatch):
    def broken(**kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(services, "entries_sync", broken)
    with pytest.raises(RuntimeError):
        edition_import(path=skyward, game="skyward", language="en", game_name="Skyward")
    assert not Game.objects.filter(slug="skyward").exists()
    assert "skyward" not in GAMES


def test_a_file_that_does_not_parse_registers_nothing(tmp_path):
    path = tmp_path / "prose.txt"
    path.write_text("nothing but prose here\n", encoding="utf-8")
    with pytest.raises(ImportFailed, match="no recognisable rules"):
        edition_import(path=path, game="skyward", language="en", game_name="Skyward")
    assert not Game.objects.exists()


def test_a_dry_run_says_it_would_register_and_registers_nothing(skyward):
    out = run("import_rules", str(skyward), "--game", "skyward", "--game-name", "Skyward", "--lang", "en", "--dry-run")
    assert "  would register a new game 'skyward' (Skyward), original language en, numbering dotted" in out
    assert not Game.objects.exists()


def test_the_numbering_flag_is_used_and_reported_in_json(skyward):
    out = run(
        "import_rules",
        str(skyward),
        "--game",
        "skyward",
        "--game-name",
        "  Skyward   Isles ",
        "--lang",
        "en",
        "--numbering",
        "dotted",
        "--json",
        "--no-index",
    )
    data = json.loads(out)
    assert data["registered_game"] == {
        "key": "skyward",
        "name": "Skyward Isles",
        "original_language": "en",
        "numbering": "dotted",
        "numbering_from": "flag",
    }
    # The game is registered now: the next import needs no name and registers nothing.
    again = edition_import(path=skyward, game="skyward", language="en", edition="2026-08-01")
    assert again.registered is None
    assert Game.objects.filter(slug="skyward").count() == 1


def test_a_known_games_numbering_cannot_be_changed_by_a_flag(skyward):
    with pytest.raises(ImportFailed, match="^--numbering cr: the game 'lorcana' is numbered 'dotted'$"):
        edition_import(path=skyward, game="lorcana", language="en", numbering="cr")


def test_a_new_games_key_must_be_a_slug(skyward):
    with pytest.raises(ImportFailed, match="a new game's key must be lower-case letters, digits and '-'"):
        edition_import(path=skyward, game="Sky ward", language="en", game_name="Skyward")


CR_LAYOUT = """Starfall Comprehensive Rules

These rules are effective as of March 1, 2026.

1. Game Concepts

100. General

100.1. These Starfall rules apply to any game of Starfall.

100.1a A two-player game is a game that begins with only two players.

100.2. To play, each player needs their own deck (see rule 100.1a).

101. The Golden Rules

101.1. Whenever a card's text contradicts these rules, the card takes precedence.
"""


def test_a_cr_layout_rulebook_of_a_new_game_is_numbered_like_the_cr(tmp_path):
    path = tmp_path / "starfall.txt"
    path.write_text(CR_LAYOUT, encoding="utf-8")
    report = edition_import(path=path, game="starfall", language="en", game_name="Starfall")
    assert report.format == "cr-text"
    assert report.registered_line == (
        "registered a new game 'starfall' (Starfall), original language en, numbering cr (guessed from its numbers)"
    )
    assert report.numbers == ["100.1", "100.1a", "100.2", "101.1"]
    assert Entry.objects.get(number="100.1a").parent.number == "100.1"


def test_the_pages_of_a_registered_game_work(client, skyward):
    edition_import(path=skyward, game="skyward", language="en", game_name="Skyward")
    game_page = client.get(reverse("rules:game-detail", args=["skyward"]))
    assert game_page.status_code == 200
    assert "Skyward" in game_page.content.decode()
    rule = client.get(reverse("rules:entry-detail", args=["skyward", "en", "2026-07-09", "1.10.2.1.1"]))
    assert rule.status_code == 200
    html = rule.content.decode()
    assert "A basic card is one printed with a star." in html
    # Previous and next follow the dotted order: 1.10.2.1 before, 1.10.3 after.
    assert reverse("rules:entry-detail", args=["skyward", "en", "2026-07-09", "1.10.2.1"]) in html
    assert reverse("rules:entry-detail", args=["skyward", "en", "2026-07-09", "1.10.3"]) in html
    assert client.get(reverse("rules:game-detail", args=["nosuchgame"])).status_code == 404


def test_a_registered_game_is_a_search_filter(skyward):
    with pytest.raises(QueryError, match="There is no game “skyward”"):
        parse_user_query("deck game:skyward")
    edition_import(path=skyward, game="skyward", language="en", game_name="Skyward")
    query = parse_user_query("1.10 game:skyward")
    assert (query.game, query.number) == ("skyward", "1.10")
