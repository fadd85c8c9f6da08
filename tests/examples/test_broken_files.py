"""One broken file in rules_data/examples takes only itself down: it is reported in one line (file,
line, reason) by the system check, the coverage page and run_example, and every other scenario, rule
page and example page keeps working."""

import io
import re
import shutil

import pytest
from django.core.management import call_command

from rulesref.examples import registry
from rulesref.examples.checks import check_scenario_files
from rulesref.examples.runner import run
from rulesref.examples.scenarios import load_scenario
from rulesref.rules.services import edition_import
from tests.conftest import ROOT, SOURCES, rolled_back

EXAMPLES_DIR = ROOT / "rules_data" / "examples"
SCENARIOS = 147


@pytest.fixture(scope="module")
def english(django_db_setup, django_db_blocker):
    """The English CR 2024-09-20, imported once for the module (the rule pages and the coverage page)."""
    with rolled_back(django_db_blocker):
        edition_import(path=SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz", game="mtg", language="en")
        yield


def line_of(text: str, fragment: str) -> int:
    """The line (1-based) where ``fragment`` is written in the file."""
    return text[: text.index(fragment)].count("\n") + 1


def broken_copy(tmp_path, settings, name: str, old: str | None, new: str) -> tuple[str, int]:
    """The bundled folder with one file broken (``old`` replaced by ``new`` in ``name``, or ``name``
    written anew when ``old`` is None); returns the broken file's path and the changed line."""
    directory = tmp_path / "rules_data" / "examples"
    shutil.copytree(EXAMPLES_DIR, directory)
    path = directory / name
    if old is None:
        text = new
        line = 0
    else:
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1
        line = line_of(text, old)
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    settings.RULES_DATA_DIR = tmp_path / "rules_data"
    return str(path), line


BROKEN = [
    pytest.param(
        "typo.toml",
        None,
        'slug = "typo"\n[title\nen = "A typo"\n',
        "typo.toml:2: not valid TOML: Expected ']' at the end of a table declaration (column 7)",
        SCENARIOS,
        id="toml-syntax",
    ),
    pytest.param(
        "gray-ogre.toml",
        'do = "enter"',
        'do = "summon"',
        "gray-ogre.toml:67: steps[3].do: 'summon' is not an action; actions: setup, move, enter, create, draw, "
        "discard, crew, resolve, apply, end_effect, counters, damage, lose_life, attach, tap, untap, gain_control, "
        "give_ability, destroy, destroy_all, mill, end_turn, go_to, begin_resolution, end_resolution, attempt, "
        "become_copy, create_copy, transform, flip, turn_face_up, enter_together, put_sticker, cast, activate, "
        "add_mana, change_targets, gain_life, declare_attackers, declare_blockers, combat_damage, put_blocking, "
        "end_combat, leave_game, prevent, damage_each",
        SCENARIOS - 1,
        id="unknown-step",
    ),
    pytest.param(
        "gray-ogre.toml",
        'pt = "7/9"',
        "pt = 79",
        "gray-ogre.toml:73: steps[3].expect[0].pt: "
        'expected a string such as "4/4", or "none" for no power and toughness',
        SCENARIOS - 1,
        id="bad-expected-value",
    ),
    pytest.param(
        "lost-order-of-jarkeld.toml",
        '{ card = "lost-order", zone = "library" }',
        '{ card = "lost-orders", zone = "library" }',
        "lost-order-of-jarkeld.toml:63: steps[0].place[0].card: no card 'lost-orders' in [cards]",
        SCENARIOS - 1,
        id="unknown-card",
    ),
    pytest.param(
        "lost-order-of-jarkeld.toml",
        'count = "${opponent_creatures}"',
        'count = "${opponent_creatures - 4}"',
        "lost-order-of-jarkeld.toml:64: steps[0].place[1].count: ${opponent_creatures - 4} is -1 with the "
        "parameters' defaults; it must be between 0 and 100",
        SCENARIOS - 1,
        id="negative-count",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "old", "new", "reported", "left"), BROKEN)
def test_a_broken_file_takes_only_itself_down(client, english, settings, tmp_path, name, old, new, reported, left):
    path, line = broken_copy(tmp_path, settings, name, old, new)
    if line:
        assert f"{name}:{line}:" in reported
    # One line: file, line, reason; for the system check with the file's full path.
    full = path + reported.removeprefix(name)
    assert [str(error) for error in registry.problems()] == [full]
    warnings = check_scenario_files(None)
    assert [(w.id, w.obj, w.msg, w.level) for w in warnings] == [("rulesref.examples.W001", path, reported, 30)]
    # Every other scenario still runs.
    assert len(registry.scenarios()) == left
    assert all(run(scenario).passed for scenario in registry.scenarios().values())
    out = io.StringIO()
    call_command("run_example", "veteran-motorist", stdout=out)
    assert out.getvalue().endswith("Every expectation holds (12 checks).\n")
    # The pages: a rule page with an example, the index, a scenario, the coverage page that lists it.
    rule = client.get("/rules/mtg/en/2024-09-20/208.3a/")
    assert rule.status_code == 200
    assert re.findall(r'<a class="example-run" href="([^"]+)">', rule.content.decode()) == [
        "/examples/veteran-motorist/?lang=en"
    ]
    index = client.get("/examples/")
    assert index.status_code == 200
    assert index.content.decode().split("<main", 1)[1].count('href="/examples/') == left + 1
    assert client.get("/examples/veteran-motorist/").status_code == 200
    assert client.get(f"/examples/{name.removesuffix('.toml')}/").status_code == 404
    coverage = client.get("/examples/coverage/")
    assert coverage.status_code == 200
    html = coverage.content.decode()
    assert "<h2>Scenario files with errors</h2>" in html
    assert re.findall(r"<li><code>([^<]+)</code></li>", html) == [
        reported.replace("'", "&#x27;").replace('"', "&quot;")
    ]
    assert str(tmp_path) not in html  # the page names the file, not the server's folders


@pytest.mark.django_db
def test_a_broken_coverage_file_leaves_every_scenario_running(client, english, settings, tmp_path):
    path, line = broken_copy(tmp_path, settings, "coverage.toml", "[needs.stack]", "[needs.stack")
    assert [str(error) for error in registry.problems()] == [
        f"{path}:{line}: not valid TOML: Expected ']' at the end of a table declaration (column 13)"
    ]
    assert len(registry.scenarios()) == SCENARIOS
    assert client.get("/rules/mtg/en/2024-09-20/208.3a/").status_code == 200
    # Without reasons an example only says it is not executable yet, instead of the page failing.
    html = client.get("/rules/mtg/en/2024-09-20/601.3a/").content.decode()
    assert re.findall(r'<span class="example-not-run">([^<]+)</span>', html) == ["not executable yet"]
    assert client.get("/examples/coverage/").status_code == 200


def test_a_count_the_parameters_make_negative_names_file_line_and_reason(tmp_path):
    text = (EXAMPLES_DIR / "lost-order-of-jarkeld.toml").read_text(encoding="utf-8")
    old = 'count = "${opponent_creatures}"'
    path = tmp_path / "lost-order-of-jarkeld.toml"
    path.write_text(text.replace(old, 'count = "${opponent_creatures - 1}"'), encoding="utf-8")
    trace = run(load_scenario(path), {"opponent_creatures": "0"})
    where = f"{line_of(text, old)}: steps[0].place[1].count"
    reason = "${opponent_creatures - 1} is -1 with these parameters; it must be between 0 and 100"
    assert trace.stopped == f"lost-order-of-jarkeld.toml:{where}: {reason}"
    assert trace.first_failure() == (
        "step 1 (Lost Order of Jarkeld is on top of your library; your opponent controls some creatures.): "
        f"lost-order-of-jarkeld.toml:{where}: {reason}"
    )
    assert trace.passed is False
    for value, bears in (("1", []), ("3", ["bear-1", "bear-2"])):
        trace = run(load_scenario(path), {"opponent_creatures": value})
        assert trace.stopped == ""
        assert [obj["id"] for obj in trace.steps[0].state["objects"] if obj["id"].startswith("bear")] == bears


@pytest.mark.django_db
def test_a_card_the_parameters_make_invalid_stops_the_run_and_the_page_says_why(client, settings, tmp_path):
    path, line = broken_copy(
        tmp_path, settings, "veteran-motorist.toml", 'mana_cost = "{2}"', 'mana_cost = "{${vehicle_power - 3}}"'
    )
    assert registry.problems() == []  # with the defaults (power 3) the card is fine
    reason = f"veteran-motorist.toml:{line}: cards.vehicle.mana_cost: unknown mana symbol {{-2}} in '{{-2}}'"
    trace = run(registry.scenarios()["veteran-motorist"], {"vehicle_power": "1"})
    assert (trace.passed, trace.stopped, trace.stopped_code, trace.steps) == (False, reason, "scenario", [])
    response = client.get("/examples/veteran-motorist/?vehicle_power=1")
    assert response.status_code == 200
    assert reason.replace("'", "&#x27;") in response.content.decode()


@pytest.mark.django_db
def test_a_folder_or_a_broken_link_named_like_a_scenario_is_reported_too(client, settings, tmp_path):
    directory = tmp_path / "rules_data" / "examples"
    shutil.copytree(EXAMPLES_DIR, directory)
    settings.RULES_DATA_DIR = tmp_path / "rules_data"
    (directory / "a-folder.toml").mkdir()
    (directory / "a-link.toml").symlink_to(directory / "nowhere.toml")
    assert [error.short() for error in registry.problems()] == [
        "a-folder.toml: cannot be read (Is a directory)",
        "a-link.toml: no such file",
    ]
    assert len(registry.scenarios()) == SCENARIOS
    assert client.get("/examples/").status_code == 200
