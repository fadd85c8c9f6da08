"""Scenario files: every bundled one is valid and quotes its example; invalid ones are
refused with the file, the field and the reason."""

import pytest

from rulesref.examples.scenarios import ParameterError, ScenarioError, load_directory, load_scenario
from rulesref.rules.markup import to_plain
from rulesref.rules.parsers import parse_file
from tests.conftest import ROOT, SEED_BERSERK, SOURCES

EXAMPLES_DIR = ROOT / "rules_data" / "examples"
ENGLISH_CR = SOURCES / "mtg_cr_en_20240917_duskmourn.txt.gz"

VALID = """
slug = "@SLUG@"
game = "mtg"
[title]
en = "A test"
it = "Una prova"
ja = "テスト"
ru = "Тест"
[[example]]
rule = "208.3a"
position = 0
[params.n]
label = { en = "n" }
default = 2
min = 0
max = 20
[cards.bear]
name = "Runeclaw Bear"
type_line = "Creature — Bear"
power = "2"
toughness = "2"
[[steps]]
do = "setup"
text = { en = "A Bear." }
place = [{ card = "bear", zone = "battlefield" }]
[[steps.expect]]
object = "bear"
pt = "2/2"
"""


def examples_by_key(path, game):
    found = {}
    for entry in parse_file(path).entries:
        for position, example in enumerate(entry.examples):
            found.setdefault((game, entry.number, position), []).append(example.text)
    return found


def write(tmp_path, text, slug="bad"):
    path = tmp_path / f"{slug}.toml"
    path.write_text(text.replace("@SLUG@", slug), encoding="utf-8")
    return path


def test_every_bundled_scenario_is_valid():
    scenarios = load_directory(EXAMPLES_DIR)
    assert len(scenarios) == 147
    assert {"lost-order-of-jarkeld", "veteran-motorist", "berserk-elf-rider-first-turn"} <= set(scenarios)
    rule_613 = sorted((b.rule, b.position) for s in scenarios.values() for b in s.bindings if b.rule.startswith("613."))
    assert rule_613 == [
        ("613.4d", 0),
        ("613.4d", 1),
        ("613.4d", 2),
        ("613.5", 0),
        ("613.5", 1),
        ("613.6", 0),
        ("613.6", 1),
        ("613.6", 2),
        ("613.6", 3),
        ("613.7a", 0),
        ("613.9", 0),
        ("613.9", 1),
    ]
    for scenario in scenarios.values():
        assert set(scenario.titles) >= {"en", "it", "ja", "ru"}, scenario.slug


def test_every_expectation_quotes_the_example_it_checks():
    """A `says` is the example's own words: verbatim in the English (or Russian) text."""
    texts = examples_by_key(ENGLISH_CR, "mtg") | examples_by_key(SEED_BERSERK, "berserk")
    quoted = 0
    for scenario in load_directory(EXAMPLES_DIR).values():
        own = [text for b in scenario.bindings for text in texts.get((b.game, b.rule, b.position), [])]
        assert own, f"{scenario.slug}: its examples are not in the bundled sources"
        for step in scenario.steps:
            for expectation in step.expects:
                if expectation.says:
                    quoted += 1
                    assert any(expectation.says in text for text in own), (scenario.slug, expectation.says)
    assert quoted >= 80


def test_the_berserk_scenario_quotes_the_heroes_rules_too(corpus):
    heroes = examples_by_key(corpus("berserk_heroes_full_rules_ru_ed15_20240531.noimages.md"), "berserk")
    scenario = load_scenario(EXAMPLES_DIR / "berserk-elf-rider-first-turn.toml")
    # The Heroes text marks the card name as emphasis (*Эльфа-всадника*); the quote is the words.
    first, second = (to_plain(heroes[("berserk", "108.5", position)][0]) for position in (0, 1))
    assert (
        first
        == "Вы взяли под контроль Эльфа-всадника, но не можете ни атаковать им ударом, ни использовать его выстрел."
    )
    assert "Теперь вы можете сразу либо атаковать ударом, либо сделать выстрел." in second
    assert {(b.rule, b.position) for b in scenario.bindings} >= {("108.5", 0), ("108.5", 1)}


def test_a_valid_minimal_file_loads(tmp_path):
    scenario = load_scenario(write(tmp_path, VALID, "minimal"))
    assert (scenario.slug, scenario.title("ja"), scenario.title("zh-hans")) == ("minimal", "テスト", "A test")
    assert scenario.defaults() == {"n": 2}


@pytest.mark.parametrize(
    ("change", "line", "where", "reason"),
    [
        (
            ('rule = "208.3a"', 'rule = "208.3 a"'),
            10,
            "example[0].rule",
            "'208.3 a' is not a rule number such as 208.2a",
        ),
        (("default = 2", "default = 30"), 14, "params.n.default", "30 is outside 0–20"),
        (
            ('pt = "2/2"', 'pt = "2-2"'),
            28,
            "steps[0].expect[0].pt",
            'expected a string such as "4/4", or "none" for no power and toughness',
        ),
        (('pt = "2/2"', 'pt = "${m}/2"'), 28, "steps[0].expect[0].pt", "unknown parameter 'm'"),
        (
            ('pt = "2/2"', 'pt = "2/2"\ncolour = ["W"]'),
            29,
            "steps[0].expect[0].colour",
            "cannot check 'colour' here (checks: assignment_order, attacking, base_pt, blocked, blocking, can, colors, "
            "controller, counters, creature, damage, every_creature_type, exists, face_down, has, lacks, "
            "last_known_counters, layers, legal_assignments, mana_cost, mana_value, name, order_in_layer, owner, "
            "power, pt, pt_after_layer, restrictions, subtypes, supertypes, tapped, texts, toughness, transformed, "
            "types, waiting_effects, zone)",
        ),
        (
            ('type_line = "Creature — Bear"', 'type_line = "Creature - Bear"'),
            19,
            "cards.bear.type_line",
            "type line 'Creature - Bear': separate subtypes with an em dash (—), not a hyphen",
        ),
        (('power = "2"', 'power = "two"'), 20, "cards.bear.power", "'two' is not a printed value such as 3, * or 1+*"),
        (
            ('do = "setup"', 'do = "summon"'),
            23,
            "steps[0].do",
            "'summon' is not an action; actions: setup, move, enter, create, draw, discard, crew, resolve, apply, "
            "end_effect, counters, damage, lose_life, attach, tap, untap, gain_control, give_ability, destroy, "
            "destroy_all, mill, end_turn, go_to, begin_resolution, end_resolution, attempt, become_copy, create_copy, "
            "transform, flip, turn_face_up, enter_together, put_sticker, cast, activate, add_mana, change_targets, "
            "gain_life, declare_attackers, declare_blockers, combat_damage, put_blocking, end_combat, leave_game, "
            "prevent, damage_each",
        ),
        (('object = "bear"', 'object = "ghost"'), 27, "steps[0].expect[0].object", "no object 'ghost'"),
        (
            ('zone = "battlefield" }', 'zone = "sideboard" }'),
            25,
            "steps[0].place[0].zone",
            "'sideboard' is not a zone (library, hand, battlefield, graveyard, stack, exile, command)",
        ),
        (('ru = "Тест"', ""), 4, "title.ru", "is required"),
        (('game = "mtg"', 'game = "poker"'), 3, "game", "'poker' is not one of mtg, berserk, lorcana"),
        (
            ("[params.n]", "[params.lang]"),
            12,
            "params.lang",
            "'lang' is reserved: the page reads the rule's language from ?lang=",
        ),
    ],
)
def test_an_invalid_scenario_names_file_line_field_and_reason(tmp_path, change, line, where, reason):
    old, new = change
    assert old in VALID
    path = write(tmp_path, VALID.replace(old, new, 1))
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert str(error.value) == f"{path}:{line}: {where}: {reason}"
    assert (error.value.line, error.value.where, error.value.reason) == (line, where, reason)


def test_a_misnamed_or_broken_file_is_refused(tmp_path):
    path = write(tmp_path, VALID, "other")
    renamed = path.rename(tmp_path / "renamed.toml")
    with pytest.raises(ScenarioError) as error:
        load_scenario(renamed)
    assert str(error.value) == f"{renamed}:2: slug: must match the file name ('renamed')"
    broken = tmp_path / "broken.toml"
    broken.write_text('slug = "broken"\n[title\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as error:
        load_scenario(broken)
    assert str(error.value) == f"{broken}:2: not valid TOML: Expected ']' at the end of a table declaration (column 7)"


def test_a_reference_to_a_later_object_is_refused(tmp_path):
    text = VALID + '[[steps]]\ndo = "tap"\ntext = { en = "Tap it." }\nobject = "wolf"\n'
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert str(error.value) == f"{path}:32: steps[1].object: no object 'wolf' at this point (objects: bear)"


@pytest.mark.parametrize(
    ("raw", "message", "code"),
    [
        ({"n": "21"}, "parameter n: 21 is out of bounds (0–20)", "out-of-bounds"),
        ({"n": "-1"}, "parameter n: -1 is out of bounds (0–20)", "out-of-bounds"),
        ({"n": "two"}, "parameter n: 'two' is not a whole number", "not-a-number"),
        ({"n": "1e3"}, "parameter n: '1e3' is not a whole number", "not-a-number"),
        ({"x": "1"}, "parameter x: unknown parameter (known: n)", "unknown"),
    ],
)
def test_parameters_are_checked(tmp_path, raw, message, code):
    scenario = load_scenario(write(tmp_path, VALID, "params"))
    with pytest.raises(ParameterError) as error:
        scenario.parse_params(raw)
    assert (str(error.value), error.value.code) == (message, code)
    assert scenario.parse_params({"n": " 7 "}) == {"n": 7}


@pytest.mark.parametrize(
    ("change", "where", "reason"),
    [
        (
            (
                'toughness = "2"',
                'toughness = "2"\nflip = { name = "X", type_line = "Creature" }\n'
                'back = { name = "Y", type_line = "Land" }',
            ),
            "cards.bear.flip",
            "a card is a flip card or a double-faced card, not both",
        ),
        (
            ('toughness = "2"', 'toughness = "2"\ntransforming = true'),
            "cards.bear.transforming",
            "a transforming double-faced card needs its back face (back = {…})",
        ),
        (
            (
                'toughness = "2"',
                'toughness = "2"\nabilities = [{ key = "c", text = "…", '
                'as_enters = { choose = "color", copy_of = {} } }]',
            ),
            "cards.bear.abilities[0].as_enters.copy_of",
            'copy_of and except belong to choose = "copy" (enter as a copy, 707.5)',
        ),
        (
            (
                'toughness = "2"',
                'toughness = "2"\nabilities = [{ key = "c", text = "…", '
                'as_enters = { choose = "copy", except = { keep = ["power"] } } }]',
            ),
            "cards.bear.abilities[0].as_enters.except.keep",
            "'power' is not one of name, colors, pt",
        ),
        (
            (
                '[[steps.expect]]\nobject = "bear"',
                '[[steps]]\ndo = "transform"\ntext = { en = "…" }\n\n[[steps.expect]]\nobject = "bear"',
            ),
            "steps[1].all",
            "name the object, or all = {filter} for every matching permanent (one of the two)",
        ),
        (
            (
                '[[steps.expect]]\nobject = "bear"',
                '[[steps]]\ndo = "become_copy"\ntext = { en = "…" }\nobject = "bear"\nof = "ghost"\n'
                '\n[[steps.expect]]\nobject = "bear"',
            ),
            "steps[1].of",
            "no object 'ghost' at this point (objects: bear)",
        ),
    ],
)
def test_an_invalid_copy_or_face_names_its_field_and_reason(tmp_path, change, where, reason):
    old, new = change
    assert old in VALID
    path = write(tmp_path, VALID.replace(old, new, 1))
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert (error.value.where, error.value.reason) == (where, reason)
