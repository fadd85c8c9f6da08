"""quickstart's corpora import asks the registries: a file's game, its language's place in the order."""

import re

import pytest

from rulesref.rules import selectors, services
from rulesref.rules.models import Edition, EditionAlignment, Entry
from rulesref.rules.parsers import detect_format, read_source, stated_language
from rulesref.site import setup
from tests import dotted_format
from tests.conftest import corpus_file, rolled_back

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


# The Lorcana rulebooks of the corpora, imported as quickstart imports them -----------------------

LORCANA_FILES = (
    "lorcana_cr_en_20251031.pdf",
    "lorcana_cr_de_20251031.pdf",
    "lorcana_cr_en_20260430_v2.1.0.txt",
    "lorcana_cr_de_20260430_v2.1.0.txt",
    "lorcana_cr_en_20260709_v2.2.0.txt",
    "lorcana_cr_ja_20260710_v2.2.0.txt",
)
# The version and the date as the title blocks print them (read here with patterns of our own, not the parser's).
VERSION_RE = re.compile(r"^\s*(?:Version|バージョン)\s+(\d+\.\d+\.\d+)\.?\s*$", re.MULTILINE)


@pytest.fixture(scope="module")
def lorcana(django_db_setup, django_db_blocker, tmp_path_factory):
    """The English and German PDFs of 2025-10-31, en and de 2.1.0, en and ja 2.2.0 (links to the corpus files, under
    other names: the file name says nothing), imported by ``import_corpora`` once for the module and
    rolled back afterwards."""
    paths = [corpus_file(name) for name in LORCANA_FILES]
    folder = tmp_path_factory.mktemp("lorcana-corpora")
    for number, path in enumerate(paths):
        (folder / f"rulebook-{number}{path.suffix}").symlink_to(path)
    with rolled_back(django_db_blocker, tmp_path_factory.mktemp("lorcana-data")):
        yield folder, setup.import_corpora(folder)


def stated_version(name: str) -> str:
    return VERSION_RE.search(corpus_file(name).read_text(encoding="utf-8")[:2000])[1]


def test_quickstart_imports_the_lorcana_rulebooks_with_the_language_their_title_block_states(lorcana):
    """Every file is Latin-script but the Japanese: the German imports as de (its "Gültig ab …"), not en."""
    _, outcome = lorcana
    assert outcome.failed == []
    assert outcome.imported == 6
    editions = Edition.objects.filter(game__slug="lorcana").order_by("language", "slug")
    assert [(e.game.slug, e.language, e.slug, e.revision, e.translates_key) for e in editions] == [
        ("lorcana", "de", "2025-10-31", "", "en:2025-10-31"),
        ("lorcana", "de", "2026-04-30", stated_version("lorcana_cr_de_20260430_v2.1.0.txt"), "en:2026-04-30"),
        ("lorcana", "en", "2025-10-31", "", ""),
        ("lorcana", "en", "2026-04-30", stated_version("lorcana_cr_en_20260430_v2.1.0.txt"), ""),
        ("lorcana", "en", "2026-07-09", stated_version("lorcana_cr_en_20260709_v2.2.0.txt"), ""),
        ("lorcana", "ja", "2026-07-10", stated_version("lorcana_cr_ja_20260710_v2.2.0.txt"), "en:2026-07-09"),
    ]
    assert [e.revision for e in editions] == ["", "2.1.0", "", "2.1.0", "2.2.0", "2.2.0"]


def test_a_translation_translates_the_original_of_its_version_not_of_its_date(lorcana):
    """The Japanese 2.2.0 is dated a day after the English 2.2.0; the German 2.1.0 shares its date too."""
    _, outcome = lorcana
    japanese = Edition.objects.get(game__slug="lorcana", language="ja")
    assert (japanese.effective_date.isoformat(), japanese.translates.language, japanese.translates.slug) == (
        "2026-07-10",
        "en",
        "2026-07-09",
    )
    german = Edition.objects.get(game__slug="lorcana", language="de", slug="2026-04-30")
    assert (german.translates.language, german.translates.slug) == ("en", "2026-04-30")
    # The import report says which edition each translates, and why.
    translated = [line.split(": ", 1)[0] + line.split(";", 1)[1] for line in outcome.lines if ";" in line]
    assert translated == [
        "imported lorcana de 2025-10-31 translates en:2025-10-31 (same date)",
        "imported lorcana de 2026-04-30 translates en:2026-04-30 (same version 2.1.0)",
        "imported lorcana ja 2026-07-10 translates en:2026-07-09 (same version 2.2.0)",
    ]
    assert japanese.report["translates_reason"] == "same version 2.2.0"


def test_the_japanese_2_2_0_is_aligned_by_structure_with_the_english_2_2_0(lorcana):
    japanese = Edition.objects.get(game__slug="lorcana", language="ja")
    [pair] = [pair for pair in selectors.alignment_summary(japanese) if pair["kind"] == "translation"]
    assert (pair["source"], pair["target"]) == ("en:2026-07-09", "ja:2026-07-10")
    assert pair["counts"] == {"same_number": 500, "renumbered": 51, "added": 0, "removed": 15, "by_structure": 551}


def printed_under(name: str, number: str) -> str:
    """The text a layout-kept corpus file prints from the line that starts with ``number.`` to the next
    numbered line (wrapped lines joined), read without the parser."""
    lines = corpus_file(name).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(rf"^\s*{re.escape(number)}\.\s", line))
    stop = next(i for i in range(start + 1, len(lines)) if re.match(r"^\s*\d+(?:\.\d+)+\.\s", lines[i]))
    return " ".join(" ".join(lines[start:stop]).split())


def test_a_moved_rule_has_one_history_across_the_three_english_editions(lorcana):
    """The rule that a skipped step is nothing: 7.7.9 in the PDF of 2025-10-31 (a replacement effect),
    6.4.5 in 2.1.0 (a static effect), 6.4.3 in 2.2.0 (after the conditional static abilities 6.4.3–6.4.4
    moved to 6.1.15–6.1.16); and a rule 2.2.0 moved, added in 2.1.0."""
    # Printed alike in the three, whatever else changed (wrapped lines joined).
    skip = "If the effect skips a step or phase, no part of that step or phase happens."
    assert skip in printed_under("lorcana_cr_en_20260709_v2.2.0.txt", "6.4.3")
    assert skip in printed_under("lorcana_cr_en_20260430_v2.1.0.txt", "6.4.5")
    newest = Entry.objects.get(edition__language="en", edition__slug="2026-07-09", number="6.4.3")
    history = [(edition.slug, found.number if found else None) for edition, found in selectors.rule_history(newest)]
    assert history == [("2026-07-09", "6.4.3"), ("2026-04-30", "6.4.5"), ("2025-10-31", "7.7.9")]
    pdf_rule = Entry.objects.get(edition__language="en", edition__slug="2025-10-31", number="7.7.9")
    assert skip in pdf_rule.text
    moved = "Some conditional static abilities are written as “[Effect] if [Condition].”"
    assert moved in printed_under("lorcana_cr_en_20260430_v2.1.0.txt", "6.4.4.3")
    assert moved.replace("static abilities", "dependent effects") in printed_under(
        "lorcana_cr_en_20260709_v2.2.0.txt", "6.1.16.3"
    )
    newest = Entry.objects.get(edition__language="en", edition__slug="2026-07-09", number="6.1.16.3")
    history = [(edition.slug, found.number if found else None) for edition, found in selectors.rule_history(newest)]
    assert history == [("2026-07-09", "6.1.16.3"), ("2026-04-30", "6.4.4.3"), ("2025-10-31", None)]
    # A rule moved with its siblings in 2.1.0 (4.3.4.3–4.3.4.6 → 4.3.2.1–4.3.2.4), reworded too.
    announce = "the player announces how they intend to play the card, whether for its ink cost or an alternate cost."
    assert announce in printed_under("lorcana_cr_en_20260430_v2.1.0.txt", "4.3.2.2")
    assert announce in Entry.objects.get(edition__language="en", edition__slug="2025-10-31", number="4.3.4.4").text
    newest = Entry.objects.get(edition__language="en", edition__slug="2026-07-09", number="4.3.2.2")
    history = [(edition.slug, found.number if found else None) for edition, found in selectors.rule_history(newest)]
    assert history == [("2026-07-09", "4.3.2.2"), ("2026-04-30", "4.3.2.2"), ("2025-10-31", "4.3.4.4")]


def test_a_weak_link_of_a_translations_editions_does_not_join_two_subjects(lorcana):
    """German 1.8 of 2025 ("Karten des Spielers") and of 2026 ("Spielstatusprüfung") share a number, not a
    subject: the English section moved (1.9 → 1.8), and the concepts follow the English and the translations."""
    titles = {
        (entry.edition.language, entry.edition.slug, entry.number): (entry.title, entry.concept_id)
        for entry in Entry.objects.filter(
            edition__game__slug="lorcana", kind="section", number__in=["1.8", "1.9"]
        ).select_related("edition")
    }
    assert titles[("en", "2025-10-31", "1.8")][0] == "Players’ Cards"
    assert titles[("en", "2025-10-31", "1.9")][0] == "Game State Check"
    assert titles[("en", "2026-04-30", "1.8")][0] == "Game State Check"
    game_state_check = titles[("en", "2026-04-30", "1.8")][1]
    players_cards = titles[("en", "2025-10-31", "1.8")][1]
    assert [key for key, (_, concept) in sorted(titles.items()) if concept == game_state_check] == [
        ("de", "2025-10-31", "1.9"),
        ("de", "2026-04-30", "1.8"),
        ("en", "2025-10-31", "1.9"),
        ("en", "2026-04-30", "1.8"),
        ("en", "2026-07-09", "1.8"),
        ("ja", "2026-07-10", "1.8"),
    ]
    assert [key for key, (_, concept) in sorted(titles.items()) if concept == players_cards] == [
        ("de", "2025-10-31", "1.8"),
        ("en", "2025-10-31", "1.8"),
    ]


def test_a_translations_two_editions_pair_as_their_english_sources_do(lorcana):
    """German PDF 2025-10-31 → German 2.1.0: through the English pairs (1.9 → 1.8, Game State Check)."""
    pair = EditionAlignment.objects.get(
        game__slug="lorcana", source__language="de", source__slug="2025-10-31", target__slug="2026-04-30"
    )
    links = {
        (link.source.number, link.target.number): (link.method, link.relation)
        for link in pair.links.select_related("source", "target")
        if link.source.kind == "section"
    }
    assert links[("1.9", "1.8")] == ("source", "moved")
    assert not any(source == "1.8" for source, _ in links)
    english = EditionAlignment.objects.get(
        game__slug="lorcana", source__language="en", source__slug="2025-10-31", target__slug="2026-04-30"
    )
    # The English renumbered all but 22 numbered entries (5.1 among them, paired where its children went);
    # so did the German.
    assert pair.counts["same_number"] == english.counts["same_number"] == 22


def test_the_title_blocks_state_the_language_of_every_lorcana_file(corpus):
    """Read from the first lines (a PDF's first page) by the words of the date statement."""
    stated = {}
    for name in (
        "lorcana_cr_de_20251031.pdf",
        "lorcana_cr_fr_20251031.pdf",
        "lorcana_cr_en_20251031.pdf",
        "lorcana_cr_fr_20260430_v2.1.0.txt",
        "lorcana_cr_de_20260430_v2.1.0.txt",
        "lorcana_cr_ja_20260710_v2.2.0.txt",
    ):
        source = read_source(corpus(name))
        stated[name] = stated_language(source, detect_format(source))
    assert stated == {
        "lorcana_cr_de_20251031.pdf": "de",
        "lorcana_cr_fr_20251031.pdf": "fr",
        "lorcana_cr_en_20251031.pdf": "en",
        "lorcana_cr_fr_20260430_v2.1.0.txt": "fr",
        "lorcana_cr_de_20260430_v2.1.0.txt": "de",
        "lorcana_cr_ja_20260710_v2.2.0.txt": "ja",
    }


def test_a_translation_whose_version_has_no_original_imported_translates_the_original_of_its_date(lorcana, tmp_path):
    """A German 2.1.0 whose title block says 9.9.9: no English 9.9.9 is imported, so the English of its date."""
    text = corpus_file("lorcana_cr_de_20260430_v2.1.0.txt").read_text(encoding="utf-8")
    changed = tmp_path / "rulebook.txt"
    changed.write_text(text.replace("Version 2.1.0", "Version 9.9.9", 1), encoding="utf-8")
    report = services.edition_import(path=changed, game="lorcana", language="de", dry_run=True)
    assert (report.revision, report.translates, report.translates_reason) == ("9.9.9", "en:2026-04-30", "same date")


def test_a_translation_imported_before_the_original_of_its_version_is_linked_to_it_when_that_comes(corpus):
    """Imported by hand in the other order: the Japanese 2.2.0 first finds no English 2.2.0 and waits for
    the English of its own date; the English 2.2.0 then becomes its source."""
    # Without the module's Lorcana editions, if they are there (this test's transaction is rolled back).
    Edition.objects.filter(game__slug="lorcana").delete()
    japanese = services.edition_import(path=corpus("lorcana_cr_ja_20260710_v2.2.0.txt"), game="lorcana", language="ja")
    assert (japanese.translates, japanese.translates_reason) == ("en:2026-07-10", "same date")
    services.edition_import(path=corpus("lorcana_cr_en_20260709_v2.2.0.txt"), game="lorcana", language="en")
    edition = Edition.objects.get(game__slug="lorcana", language="ja")
    assert (edition.translates_key, edition.translates.slug, edition.report["translates_reason"]) == (
        "en:2026-07-09",
        "2026-07-09",
        "same version 2.2.0",
    )
    [pair] = [pair for pair in selectors.alignment_summary(edition) if pair["kind"] == "translation"]
    assert pair["counts"]["by_structure"] == 551
