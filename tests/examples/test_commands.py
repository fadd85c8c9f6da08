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
    assert out.startswith(
        "veteran-motorist: Veteran Motorist crews a Vehicle\nmtg: 208.3a, example 1\n"
        "vehicle_power=3, vehicle_toughness=3\n\n"
        "Step 1: Veteran Motorist and an uncrewed Vehicle are on the battlefield.\n"
    )
    assert "  Vehicle [battlefield, You] Artifact Creature — Vehicle: 4/4 (printed 3/3)\n" in out
    assert (
        "      layer 7c: modifying power/toughness: Veteran Motorist’s trigger: +1/+1 until end of turn T3 → 4/4\n"
        in out
    )
    assert "  ✔ pass — Vehicle: power/toughness: expected 4/4, got 4/4\n" in out
    assert out.endswith("\nEvery expectation holds (12 checks).\n")


def test_step_3_of_veteran_motorist_shows_the_waiting_effect_exists():
    """Rule 208.3a: the +1/+1 is created while the Vehicle is not a creature; it waits, and step 3 says so."""
    out = run("veteran-motorist")
    step_3 = out.split("\nStep 3: ")[1].split("\nStep 4: ")[0]
    assert "  · Effect created: Veteran Motorist’s trigger: +1/+1 until end of turn (rule 611.2c)\n" in step_3
    assert (
        "      layer 7c: modifying power/toughness: Veteran Motorist’s trigger: +1/+1 until end of turn T3: "
        "no effect yet: not a creature (rule 208.3a)\n"
    ) in step_3
    assert (
        "  ✔ pass — Vehicle: effects that exist but do nothing to it yet: expected Veteran Motorist’s trigger: "
        "+1/+1 until end of turn, got Veteran Motorist’s trigger: +1/+1 until end of turn\n"
    ) in step_3


def test_set_changes_a_parameter():
    out = run("lost-order-of-jarkeld", "--set", "opponent_creatures=5")
    assert "\nopponent_creatures=5\n" in out
    assert "  ✔ pass — Lost Order of Jarkeld: power/toughness: expected 6/6, got 6/6\n" in out


def test_the_trace_reads_as_sentences_with_names_not_codes():
    out = run("lost-order-of-jarkeld")
    assert "  · Lost Order of Jarkeld entered the battlefield (controller: You)\n" in out
    assert "You’s" not in out
    # Off the battlefield its 7a line says why the count is 0.
    assert (
        "layer 7a: characteristic-defining: Lost Order of Jarkeld: Lost Order of Jarkeld’s power and toughness are "
        "each equal to 1 plus the number of creatures the chosen player controls. T1 → 1/1: it is not on the "
        "battlefield, so there is no chosen player: a number that can’t be determined is 0 (rule 208.2a)\n"
    ) in out
    on_the_battlefield = out.split("\nStep 3: ")[1].split("\nStep 5: ")[0]
    assert "T6 → 4/4\n" in on_the_battlefield
    assert "no chosen player" not in on_the_battlefield
    treason = run("act-of-treason")
    assert ". T2 → You\n" in treason  # layer 2's result is a player's name, not the id "you"
    assert "  ✔ pass — Runeclaw Bear: controller: expected You, got You\n" in treason


def test_berserk_creatures_have_no_magic_power_and_toughness_and_reasons_are_sentences():
    out = run("berserk-elf-rider-first-turn")
    assert "  Эльф-всадник [battlefield, Opponent] Существо\n" in out
    assert "power/toughness" not in out
    assert "first-turn-weakness" not in out
    assert (
        "  ✔ pass — why it is illegal: expected first-turn weakness: it came under its controller’s control this "
        "turn and has no Рывок, got first-turn weakness: it came under its controller’s control this turn and has "
        "no Рывок\n"
    ) in out
    assert "  Эльф-всадник [battlefield, You] Существо; closed\n" in out


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "it",
            [
                "veteran-motorist: Il Manovratore Veterano manovra un Veicolo\n",
                "\nPasso 1: Il Manovratore Veterano e un Veicolo non manovrato sono sul campo di battaglia.\n",
                "  · Manovratore Veterano viene TAPpato\n",
                "  Manovratore Veterano [campo di battaglia, Tu] Creature — Dwarf Pilot: 3/1 (stampata 3/1); TAPpato\n",
                "  ✔ superata — Manovratore Veterano: TAPpato: atteso sì, ottenuto sì\n",
                "\nTutte le aspettative sono soddisfatte (12 verifiche).\n",
            ],
        ),
        (
            "ja",
            [
                "veteran-motorist: 経験豊富な操縦者が機体に搭乗する\n",
                # A step the scenario has only in English says so, as the page does.
                "\n手順1: Veteran Motorist and an uncrewed Vehicle are on the battlefield. （英語）\n",
                "  · 経験豊富な操縦者がタップされた\n",
                "  ✔ 合格 — 経験豊富な操縦者: タップ状態: 期待値：はい、実際：はい\n",
            ],
        ),
        (
            "ru",
            [
                "veteran-motorist: Водитель-Ветеран управляет Машиной\n",
                "  · Водитель-Ветеран поворачивается (закрывается)\n",
                "  ✔ пройдена — Водитель-Ветеран: повёрнут (закрыт): ожидалось да, получено да\n",
            ],
        ),
    ],
)
def test_the_trace_speaks_the_language_asked_for_with_the_printed_card_names(language, lines):
    out = run("veteran-motorist", "--language", language)
    for line in lines:
        assert line in out
    assert "Veteran Motorist became tapped" not in out


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
    assert "  ✘ fail — Gray Ogre: power/toughness: expected 7/8, got 7/9\n" in out.getvalue()
    with pytest.raises(CommandError) as error:
        call_command("run_example", "--all", stdout=io.StringIO())
    assert error.value.returncode == 1
    assert str(error.value).startswith("gray-ogre: step 4 (")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("no-such",),
            "no scenario 'no-such'; scenarios: act-of-treason, act-of-treason-leaves-the-game, "
            "activation-cost, adaptive-automaton-clone",
        ),
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
    assert out.getvalue().endswith(f"BROKEN {broken}\n147 of 147 scenarios passed; 1 file does not read\n")
    with pytest.raises(CommandError) as error:
        run("broken")
    assert (error.value.returncode, str(error.value)) == (2, broken)
    assert run("veteran-motorist").endswith("Every expectation holds (12 checks).\n")


def test_all_prints_a_summary_and_json_lists_every_scenario():
    out = run("--all")
    assert "PASS veteran-motorist (mtg 208.3a#0): 12/12 checks\n" in out
    assert out.endswith("147 of 147 scenarios passed\n")
    data = json.loads(run("--all", "--json"))
    assert len(data) == 147
    by_slug = {item["slug"]: item for item in data}
    assert (by_slug["lost-order-of-jarkeld"]["rule"], by_slug["lost-order-of-jarkeld"]["example"]) == ("208.2a", 0)
    assert by_slug["mana-costs"]["examples"][:2] == [{"rule": "202.2a", "example": 0}, {"rule": "202.3", "example": 0}]
    assert all(
        item["passed"] and {"slug", "passed", "params", "steps", "rule", "example"} <= set(item) for item in data
    )


def test_coverage_counts_per_chapter(english_edition):
    out = run("--coverage")
    assert out.startswith("mtg en 2024-09-20: 158 of 279 examples are executable\n")
    assert "\n6. Spells, Abilities, and Effects: 48 executable, 26 not (of 74)\n" in out
    assert "  613.4d example 1: runs as pt-switch-then-pump\n" in out
    needs = "needs triggered abilities the engine does not know yet (reflexive, haunt, combat and copy triggers)"
    assert f"  113.6k example 1: {needs}\n" in out
    data = json.loads(run("--coverage", "--json"))
    assert (data["examples"], data["executable"]) == (279, 158)
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


def test_checks_name_events_and_abilities_by_their_sentences_not_their_codes():
    bolt = run("lightning-bolt")
    assert (
        "  ✔ pass — what happened in this step: expected Runeclaw Bear was destroyed: 3 damage marked, toughness 2 "
        "(rule 704.5g), got It finished resolving (rule 608.2n); Runeclaw Bear was destroyed: 3 damage marked, "
        "toughness 2 (rule 704.5g); Runeclaw Bear moved from the battlefield to the graveyard\n"
    ) in bolt
    assert "sba-lethal" not in bolt
    # An ability the object lacks is named by its card's text.
    jailer = run("yixlid-jailer")
    assert "  ✔ pass — Scarwood Treefolk: lacks: expected Scarwood Treefolk enters tapped., got —\n" in jailer


def test_coverage_on_a_database_never_migrated_says_so_in_one_line(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "RULESREF_DATA_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "run_example", "--coverage"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "CommandError: the edition mtg en 2024-09-20 is not imported: run “python manage.py quickstart --no-serve”"
    ]
