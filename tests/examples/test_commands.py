"""python manage.py run_example: traces, exit status, JSON, --all, --coverage."""

import io
import json
import shutil

import pytest
from django.core.management import call_command, load_command_class
from django.core.management.base import CommandError

from tests.conftest import ROOT

EXAMPLES_DIR = ROOT / "rules_data" / "examples"


def run(*args):
    out = io.StringIO()
    call_command("run_example", *args, stdout=out)
    return out.getvalue()


def test_a_passing_scenario_prints_its_trace_and_exits_0():
    out = run("veteran-motorist")
    assert out.startswith("veteran-motorist: Veteran Motorist crews a Vehicle\nruns: mtg 208.3a example 1\n")
    assert "  Vehicle [battlefield] Artifact Creature: 4/4\n" in out
    assert "      layer 7c T3: Veteran Motorist’s trigger: +1/+1 until end of turn → 4/4\n" in out
    assert "  PASS Vehicle: power/toughness: expected 4/4, got 4/4\n" in out
    assert out.endswith("passed: 11/11 checks\n")


def test_set_changes_a_parameter():
    out = run("lost-order-of-jarkeld", "--set", "opponent_creatures=5")
    assert "parameters: opponent_creatures=5\n" in out
    assert "  PASS Lost Order of Jarkeld: power/toughness: expected 6/6, got 6/6\n" in out


def test_json_prints_one_object_of_the_documented_shape():
    data = json.loads(run("veteran-motorist", "--json", "--set", "vehicle_power=4"))
    assert {"slug", "passed", "params", "steps"} <= set(data)
    assert (data["slug"], data["passed"], data["params"]) == (
        "veteran-motorist",
        True,
        {"vehicle_power": 4, "vehicle_toughness": 3},
    )
    assert [step["action"] for step in data["steps"]][
        3
    ] == "The crew ability resolves: the Vehicle becomes an artifact creature."
    assert data["steps"][3]["checks"][2] == {
        "what": "Vehicle: power/toughness",
        "expected": "5/4",
        "actual": "5/4",
        "ok": True,
    }


def test_a_failing_expectation_exits_1_with_the_first_failure(settings, tmp_path):
    directory = tmp_path / "rules_data" / "examples"
    shutil.copytree(EXAMPLES_DIR, directory)
    path = directory / "gray-ogre.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('pt = "7/9"', 'pt = "7/8"'), encoding="utf-8")
    settings.RULES_DATA_DIR = tmp_path / "rules_data"
    out = io.StringIO()
    with pytest.raises(CommandError) as error:
        call_command("run_example", "gray-ogre", stdout=out)
    assert error.value.returncode == 1
    assert str(error.value) == (
        "step 4 (An enchantment that says “Creatures you control get +0/+2” enters the battlefield (layer 7c).): "
        "Gray Ogre: power/toughness: expected 7/8, got 7/9"
    )
    assert "  FAIL Gray Ogre: power/toughness: expected 7/8, got 7/9\n" in out.getvalue()
    with pytest.raises(CommandError) as error:
        call_command("run_example", "--all", stdout=io.StringIO())
    assert error.value.returncode == 1
    assert str(error.value).startswith("gray-ogre: step 4 (")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("no-such",), "no scenario 'no-such'; scenarios: act-of-treason, all-artifacts-creatures"),
        (
            ("lost-order-of-jarkeld", "--set", "opponent_creatures=21"),
            "parameter opponent_creatures: 21 is out of bounds (0–20)",
        ),
        (("lost-order-of-jarkeld", "--set", "opponent_creatures"), "--set 'opponent_creatures': write NAME=VALUE"),
        (
            ("lost-order-of-jarkeld", "--set", "colour=W"),
            "parameter colour: unknown parameter (known: opponent_creatures)",
        ),
        ((), "give exactly one of: a scenario slug, --all, --coverage"),
        (("veteran-motorist", "--all"), "give exactly one of: a scenario slug, --all, --coverage"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, message):
    with pytest.raises(CommandError) as error:
        run(*args)
    assert error.value.returncode == 2
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_an_invalid_scenario_file_is_named_and_the_others_still_run(settings, tmp_path):
    directory = tmp_path / "rules_data" / "examples"
    shutil.copytree(EXAMPLES_DIR, directory)
    (directory / "broken.toml").write_text('slug = "broken"\ngame = "chess"\n', encoding="utf-8")
    settings.RULES_DATA_DIR = tmp_path / "rules_data"
    broken = f"{directory / 'broken.toml'}:2: game: 'chess' is not one of mtg, berserk, lorcana"
    out = io.StringIO()
    with pytest.raises(CommandError) as error:
        call_command("run_example", "--all", stdout=out)
    assert (error.value.returncode, str(error.value)) == (2, broken)
    assert out.getvalue().endswith(f"BROKEN {broken}\n31 of 31 scenarios passed; 1 file does not read\n")
    with pytest.raises(CommandError) as error:
        run("broken")
    assert (error.value.returncode, str(error.value)) == (2, broken)
    assert run("veteran-motorist").endswith("passed: 11/11 checks\n")


def test_all_prints_a_summary_and_json_lists_every_scenario():
    out = run("--all")
    assert "PASS veteran-motorist (mtg 208.3a#0): 11/11 checks\n" in out
    assert out.endswith("31 of 31 scenarios passed\n")
    data = json.loads(run("--all", "--json"))
    assert len(data) == 31
    by_slug = {item["slug"]: item for item in data}
    assert (by_slug["lost-order-of-jarkeld"]["rule"], by_slug["lost-order-of-jarkeld"]["example"]) == ("208.2a", 0)
    assert by_slug["mana-costs"]["examples"][:2] == [{"rule": "202.2a", "example": 0}, {"rule": "202.3", "example": 0}]
    assert all(
        item["passed"] and {"slug", "passed", "params", "steps", "rule", "example"} <= set(item) for item in data
    )


def test_coverage_counts_per_chapter(english_edition):
    out = run("--coverage")
    assert out.startswith("mtg en 2024-09-20: 38 of 279 examples are executable\n")
    assert "\n6. Spells, Abilities, and Effects: 20 executable, 54 not (of 74)\n" in out
    assert "  613.4d example 1: runs as pt-switch-then-pump\n" in out
    needs = "needs triggered abilities beyond the few the engine knows (crewing, an empty hand, undying)"
    assert f"  603.8 example 1: {needs}\n" in out
    data = json.loads(run("--coverage", "--json"))
    assert (data["examples"], data["executable"]) == (279, 38)
    assert [c["chapter"] for c in data["chapters"]] == list("123456789")


@pytest.mark.django_db
def test_coverage_without_the_edition_says_how_to_import_it():
    with pytest.raises(CommandError) as error:
        run("--coverage")
    assert error.value.returncode == 2
    assert str(error.value) == (
        "the edition mtg en 2024-09-20 is not imported: run “python manage.py quickstart --no-serve”"
    )


def test_the_command_has_help():
    command = load_command_class("rulesref.examples", "run_example")
    assert "Exit status 0 when every expectation holds" in command.help
    parser = command.create_parser("manage.py", "run_example")
    text = parser.format_help()
    for option in ("--set", "--all", "--coverage", "--json"):
        assert option in text
