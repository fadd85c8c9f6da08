"""quickstart's corpora import asks the registries: a file's game, its language's place in the order."""

import pytest

from rulesref.rules.models import Edition
from rulesref.site import setup
from tests import dotted_format

pytestmark = pytest.mark.django_db


def rulebook(title: str, date: str = "July 9, 2026") -> str:
    """The stand-in dotted rulebook with another title block."""
    body = dotted_format.SKYWARD.split("\n", 2)[2]
    return f"RULEBOOK {title}\nThese rules are effective as of {date}.\n{body}"


def test_a_file_of_a_format_for_any_game_gets_its_game_from_its_title_block(tmp_path, monkeypatch):
    """The stand-in format has GAME = None, like the rulebook-layout format."""
    dotted_format.install(monkeypatch)
    folder = tmp_path / "corpora"
    folder.mkdir()
    (folder / "lorcana.txt").write_text(rulebook("OF DISNEY LORCANA"), encoding="utf-8")
    (folder / "nameless.txt").write_text(rulebook("OF SOMETHING"), encoding="utf-8")
    (folder / "both.txt").write_text(rulebook("OF LORCANA AND MAGIC: THE GATHERING"), encoding="utf-8")
    outcome = setup.import_corpora(folder)
    assert outcome.imported == 1
    assert list(Edition.objects.values_list("game__slug", "language", "slug")) == [("lorcana", "en", "2026-07-09")]
    assert outcome.failed == [
        f"{folder / 'both.txt'}: cannot tell the game: its title block (first 40 lines) names mtg and lorcana; "
        "import it with import_rules --game",
        f"{folder / 'nameless.txt'}: cannot tell the game: its title block (first 40 lines) names none of the "
        "games of rules_data/games.toml; import it with import_rules --game",
    ]
    # The Lorcana edition was read with the game's numbering.
    edition = Edition.objects.get()
    assert edition.entries.get(number="1.10.2.1.1").parent.number == "1.10.2.1"


def test_the_original_language_of_each_files_game_comes_first(tmp_path, monkeypatch, corpus):
    """Берсерк's original language is Russian: its file is not sorted after the English ones."""
    dotted_format.install(monkeypatch)
    order = []
    real_import = setup._import

    def recording(**kwargs):
        order.append((kwargs["game"], kwargs["language"], kwargs["path"].name))
        return real_import(**kwargs)

    monkeypatch.setattr(setup, "_import", recording)
    folder = tmp_path / "corpora"
    folder.mkdir()
    (folder / "a-berserk.md").write_bytes(corpus("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md").read_bytes())
    (folder / "b-lorcana.txt").write_text(rulebook("OF DISNEY LORCANA"), encoding="utf-8")
    outcome = setup.import_corpora(folder)
    assert outcome.failed == []
    assert order == [("berserk", "ru", "a-berserk.md"), ("lorcana", "en", "b-lorcana.txt")]
