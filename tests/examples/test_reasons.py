"""coverage.toml: every English example has a scenario or a recorded reason, never both."""

import pytest

from rulesref.examples.reasons import load_reasons, pattern_matches
from rulesref.examples.scenarios import ScenarioError, load_directory
from rulesref.rules.parsers import parse_file
from tests.conftest import ROOT, SEED_BERSERK, SOURCES

EXAMPLES_DIR = ROOT / "rules_data" / "examples"


def all_examples(path, game):
    return [
        (game, entry.number, position) for entry in parse_file(path).entries for position in range(len(entry.examples))
    ]


@pytest.mark.parametrize(
    ("pattern", "rule", "position", "expected"),
    [
        ("603.8", "603.8", 0, True),
        ("603", "603.10a", 0, True),
        ("603", "60.3", 0, False),
        ("701.19", "701.19b", 2, True),
        ("701.19", "701.190", 0, False),
        ("107.1b#1", "107.1b", 1, True),
        ("107.1b#1", "107.1b", 2, False),
        ("702.1b", "702.1c", 0, False),
        ("800-811", "807.4j", 0, True),
        ("800-811", "812.1", 0, False),
        ("(unnumbered)", "", 0, True),
        ("(unnumbered)", "101.1", 0, False),
    ],
)
def test_patterns(pattern, rule, position, expected):
    assert pattern_matches(pattern, rule, position) is expected


def test_every_example_runs_or_says_why_never_both():
    reasons = load_reasons(EXAMPLES_DIR / "coverage.toml")
    bound = {(b.game, b.rule, b.position) for s in load_directory(EXAMPLES_DIR).values() for b in s.bindings}
    examples = all_examples(SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz", "mtg") + all_examples(
        SEED_BERSERK, "berserk"
    )
    assert len(examples) == 282
    unexplained = [key for key in examples if key not in bound and reasons.reason_for(*key) is None]
    assert unexplained == []
    contradicted = [key for key in examples if key in bound and reasons.reason_for(*key) is not None]
    assert contradicted == []
    assert len([key for key in examples if key in bound]) == 160
    for reason in reasons.reasons:
        assert any(reason.names(*key) for key in examples), f"{reason.patterns} names no example"


def test_reasons_read_in_every_language():
    reasons = load_reasons(EXAMPLES_DIR / "coverage.toml")
    reason = reasons.reason_for("mtg", "801.5b", 0)
    assert reason.needs == ("choices", "multiplayer")
    multiplayer = (
        "the range of influence in what a spell or ability counts and in choices of options (rules 801.5b, 801.11)"
    )
    assert reasons.text(reason, "en") == (
        "choices the engine does not model (card names, creature types, piles, options); " + multiplayer
    )
    assert reasons.text(reason, "it").endswith(
        "il raggio d’influenza in ciò che una magia o abilità conta e nelle scelte tra opzioni (regole 801.5b, 801.11)"
    )
    assert reasons.text(reason, "zh-hans").endswith("; " + multiplayer)
    for need in reasons.needs.values():
        assert set(need.labels) == {"en", "it", "ja", "ru"}, need.key


def test_a_reason_with_an_unknown_need_names_file_and_field(tmp_path):
    path = tmp_path / "coverage.toml"
    path.write_text(
        '[needs.stack]\nen = "the stack"\n[[reason]]\ngame = "mtg"\nexamples = ["601.2c"]\nneeds = ["stak"]\n'
    )
    with pytest.raises(ScenarioError) as error:
        load_reasons(path)
    assert str(error.value) == f"{path}:6: reason[0].needs: 'stak' is not a [needs.stak] of this file"
    path.write_text(
        '[needs.stack]\nen = "the stack"\n[[reason]]\ngame = "mtg"\nexamples = ["rule 601"]\nneeds = ["stack"]\n'
    )
    with pytest.raises(ScenarioError) as error:
        load_reasons(path)
    assert str(error.value) == (
        f"{path}:5: reason[0].examples: 'rule 601' is not 603.8, 107.1b#1, 800-811 or (unnumbered)"
    )
