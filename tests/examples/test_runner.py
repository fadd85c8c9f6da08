"""Running scenarios: every bundled one passes; a wrong expectation fails naming the step and
the values; parameters change the outcome; no parameters crash the runner."""

import json
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesref.examples.engine.budget import Budget
from rulesref.examples.runner import run
from rulesref.examples.scenarios import ParameterError, load_directory, load_scenario
from tests.conftest import ROOT

EXAMPLES_DIR = ROOT / "rules_data" / "examples"
SCENARIOS = load_directory(EXAMPLES_DIR)


@pytest.mark.parametrize("slug", sorted(SCENARIOS))
def test_every_scenario_runs_green(slug):
    trace = run(SCENARIOS[slug])
    assert trace.first_failure() == ""
    assert trace.passed
    assert trace.checks, "a scenario that checks nothing proves nothing"


def copy_with(tmp_path, slug, old, new):
    text = (EXAMPLES_DIR / f"{slug}.toml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / f"{slug}.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_scenario(path)


def test_a_wrong_expectation_fails_naming_the_step_and_the_values(tmp_path):
    scenario = copy_with(
        tmp_path, "veteran-motorist", 'pt = "${vehicle_power + 1}/${vehicle_toughness + 1}"', 'pt = "5/5"'
    )
    trace = run(scenario)
    assert trace.passed is False
    assert trace.first_failure() == (
        "step 4 (The crew ability resolves: the Vehicle becomes an artifact creature.): "
        "Vehicle: power/toughness: expected 5/5, got 4/4"
    )
    failed = [check for check in trace.checks if not check.ok]
    assert [(c.step, c.expected, c.actual) for c in failed] == [(3, "5/5", "4/4")]


def test_parameters_change_the_outcome():
    lost_order = run(SCENARIOS["lost-order-of-jarkeld"], {"opponent_creatures": "7"})
    assert lost_order.passed
    assert [c.actual for c in lost_order.checks if c.key == "pt"] == ["1/1", "1/1", "8/8", "9/9", "1/1"]
    motorist = run(SCENARIOS["veteran-motorist"], {"vehicle_power": "0", "vehicle_toughness": "20"})
    assert motorist.passed
    assert [c.actual for c in motorist.checks if c.key == "pt"] == ["none", "none", "1/21", "none"]
    mongrel = run(SCENARIOS["wild-mongrel"], {"color": "R"})
    assert [c.actual for c in mongrel.checks if c.key == "colors"] == [["G"], ["R"], ["G"]]


def test_parameters_out_of_bounds_are_refused_before_anything_runs():
    with pytest.raises(ParameterError) as error:
        run(SCENARIOS["lost-order-of-jarkeld"], {"opponent_creatures": "21"})
    assert str(error.value) == "parameter opponent_creatures: 21 is out of bounds (0–20)"


def test_a_run_over_its_budget_stops_with_a_message():
    trace = run(SCENARIOS["lost-order-of-jarkeld"], {"opponent_creatures": 20}, budget=Budget(operations=300))
    assert trace.passed is False
    assert trace.stopped == "the run was stopped after 300 operations (its budget)"
    assert trace.stopped_code == "budget-operations"
    assert trace.first_failure() == (
        "step 3 (It enters the battlefield; as it enters you choose your opponent.): "
        "the run was stopped after 300 operations (its budget)"
    )


def test_an_illegal_step_stops_the_run_and_says_why(tmp_path):
    scenario = copy_with(tmp_path, "veteran-motorist", "crew = 1\n", "crew = 5\n")
    trace = run(scenario)
    assert trace.stopped == (
        "step 2 (Veteran Motorist is tapped to pay the Vehicle’s crew cost; its trigger goes on the stack above "
        "the crew ability.): total power 3 is less than crew 5 (rule 702.122a)"
    )
    assert len(trace.steps) == 2
    assert trace.steps[-1].error_code == "crew-power"


def test_the_json_trace_has_the_documented_shape():
    data = json.loads(json.dumps(run(SCENARIOS["veteran-motorist"]).as_json()))
    assert {"slug", "passed", "params", "steps"} <= set(data)
    assert (data["slug"], data["passed"], data["params"]) == (
        "veteran-motorist",
        True,
        {"vehicle_power": 3, "vehicle_toughness": 3},
    )
    assert len(data["steps"]) == 5
    for step in data["steps"]:
        assert isinstance(step["action"], str) and step["action"]
        assert set(step["state"]) >= {"objects", "players", "turn", "stack"}
        for check in step["checks"]:
            assert set(check) == {"what", "expected", "actual", "ok"}
    fourth = data["steps"][3]
    vehicle = next(obj for obj in fourth["state"]["objects"] if obj["id"] == "vehicle")
    assert (vehicle["pt"], vehicle["types"]) == ("4/4", ["Artifact", "Creature"])
    # Power and toughness start from the printed values once layer 4 has made it a creature.
    assert [(entry["layer"], entry["result"]) for entry in vehicle["layers"]] == [
        ("4", "Artifact Creature"),
        ("printed", "3/3"),
        ("7c", "4/4"),
    ]
    assert fourth["checks"][2] == {"what": "Vehicle: power/toughness", "expected": "4/4", "actual": "4/4", "ok": True}


def raw_values():
    return st.one_of(
        st.integers(min_value=-(10**12), max_value=10**12),
        st.text(max_size=16),
        st.sampled_from(["", " 3 ", "+4", "-0", "20", "21", "W", "U", "yes", "1e9", "٣", "${n}", "0x10"]),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_parameters_never_crash_the_runner(data):
    scenario = SCENARIOS[data.draw(st.sampled_from(sorted(SCENARIOS)))]
    names = st.sampled_from(sorted(scenario.params) + ["bogus"])
    raw = data.draw(st.dictionaries(names, raw_values(), max_size=3))
    try:
        trace = run(scenario, raw, budget=Budget(operations=50_000))
    except ParameterError as error:
        assert str(error).startswith(f"parameter {error.name}: ")
        return
    assert isinstance(trace.passed, bool)
    json.dumps(trace.as_json())


def test_a_scenario_with_a_broken_card_fails_when_it_is_read(tmp_path):
    shutil.copy(EXAMPLES_DIR / "gray-ogre.toml", tmp_path / "gray-ogre.toml")
    text = (
        (tmp_path / "gray-ogre.toml")
        .read_text(encoding="utf-8")
        .replace('mana_cost = "{2}{R}"', 'mana_cost = "{2}{Q}"')
    )
    (tmp_path / "gray-ogre.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as error:
        load_scenario(tmp_path / "gray-ogre.toml")
    assert (
        str(error.value)
        == f"{tmp_path / 'gray-ogre.toml'}:17: cards.ogre.mana_cost: unknown mana symbol {{Q}} in '{{2}}{{Q}}'"
    )
