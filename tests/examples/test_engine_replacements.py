"""Replacement effects (614, 616) as data: one replacement step for damage, life gained, drawing, zone changes
and losing the game; each effect once per event (614.5); the affected player's order (616.1)."""

import pytest

from rulesref.examples.engine import switches
from rulesref.examples.engine.definitions import Ability, Filter
from rulesref.examples.engine.spells import Amount, Condition, Instruction, Replacement
from rulesref.examples.runner import run
from rulesref.examples.scenarios import ScenarioError, load_scenario
from tests.conftest import ROOT

from .helpers import bear, card, game, put


def enchantment(name, replacement, key="r"):
    return card(name, "Enchantment", abilities=[Ability(key, name, replacement=replacement)])


DOUBLER = Replacement("damage", source=Filter(types=("Creature",), controller="you"), multiply=2)
PLUS_ONE = Replacement("damage", recipient="opponent", plus=1)  # "… that much damage plus 1 instead"
GAIN_DRAWS = Replacement("gain_life", instead=(Instruction("draw", amount=Amount(of="that_much")),))
DRAW_RETURNS = Replacement("draw", instead=(Instruction("return_to_hand"),))
EXILE_CARDS = Replacement("zone_change", what=Filter(zone="any", cards=True), to_zone="graveyard", zone="exile")
DIE_SHUFFLES = Replacement("zone_change", self_only=True, from_zone="battlefield", to_zone="graveyard", zone="library")


def codes(g):
    return [event.code for event in g.take_events()]


@pytest.mark.parametrize(("order", "dealt"), [(["doubler"], 5), (["plus"], 6), ([], 5)])
def test_the_affected_player_orders_two_replacements_of_one_damage_event(order, dealt):
    """616.1: doubled then plus 1 is 5, plus 1 then doubled is 6; without a choice, the battlefield's order."""
    g = game()
    put(g, "doubler", enchantment("Doubler", DOUBLER))
    put(g, "plus", enchantment("Plus One", PLUS_ONE))
    put(g, "bear", bear())
    g.decisions = {"replacements": order}
    assert g.damage("bear", "opponent", 2) == dealt
    assert g.players["opponent"].life == 20 - dealt
    events = g.take_events()
    chosen = [e.values for e in events if e.code == "replacement-chosen"]
    first = "Plus One: Plus One" if order == ["plus"] else "Doubler: Doubler"
    assert chosen == [{"player": "Opponent", "label": first, "count": 2}]


def test_a_damage_replacement_modifies_combat_damage_too():
    """Gratuitous Violence doubles combat damage (510.2 goes through the same replacement step)."""
    g = game()
    put(g, "doubler", enchantment("Doubler", DOUBLER))
    put(g, "bear", bear())
    g.turn.step = "declare_attackers"
    g.declare_attackers({"bear": "opponent"})
    g.combat_damage()
    assert g.players["opponent"].life == 16


def test_a_recipient_limits_the_damage_it_replaces():
    g = game()
    put(g, "plus", enchantment("Plus One", PLUS_ONE))
    put(g, "bear", bear())
    put(g, "their-bear", bear(), owner="opponent")
    assert g.damage("bear", "their-bear", 1) == 1
    assert g.damage("bear", "you", 1) == 1
    assert g.damage("bear", "opponent", 1) == 2


def test_each_replacement_applies_once_to_an_event_and_the_events_replacing_it():
    """614.5: gain life → draw instead → gain life instead: the first effect can't apply again, so the life
    is gained and no card is drawn; nothing loops."""
    g = game()
    put(g, "gain-draws", enchantment("Gain Draws", GAIN_DRAWS))
    draw_gains = Replacement("draw", instead=(Instruction("gain_life", amount=Amount(1)),))
    put(g, "draw-gains", enchantment("Draw Gains", draw_gains))
    put(g, "top", card("Library card", "Instant"), zone="library")
    g.gain_life("you", 1)
    assert (g.players["you"].life, len(g.in_zone("hand", "you")), len(g.in_zone("library", "you"))) == (21, 0, 1)
    assert codes(g).count("event-replaced") == 2


def test_a_replacement_can_apply_to_the_event_another_made():
    """616.2: "gain life → draw that many instead" and "draw → return a card from your graveyard instead":
    gaining 1 life puts a card from the graveyard into the hand; the library and the life total stay."""
    g = game()
    put(g, "gain-draws", enchantment("Gain Draws", GAIN_DRAWS))
    put(g, "draw-returns", enchantment("Draw Returns", DRAW_RETURNS))
    put(g, "top", card("Library card", "Instant"), zone="library")
    put(g, "old", card("Graveyard card", "Sorcery"), zone="graveyard")
    g.gain_life("you", 1)
    assert g.players["you"].life == 20
    assert [obj.id for obj in g.in_zone("hand", "you")] == ["old"]
    assert [obj.id for obj in g.in_zone("library", "you")] == ["top"]


@pytest.mark.parametrize(("order", "zone"), [(["rest"], "exile"), (["creature"], "library")])
def test_the_controller_chooses_which_zone_change_replacement_applies_and_the_other_does_nothing(order, zone):
    """616.1f: exile instead of the graveyard, or shuffled into the library instead of dying; once one
    applies the event is no longer one the other applies to."""
    g = game()
    put(g, "rest", enchantment("Rest", EXILE_CARDS))
    creature = card(
        "Shuffler", "Creature — Spirit", "1", "1", abilities=[Ability("s", "Shuffler", replacement=DIE_SHUFFLES)]
    )
    put(g, "creature", creature)
    g.decisions = {"replacements": order}
    assert g.destroy("creature") is True
    assert g.get("creature").zone == zone
    assert codes(g).count("zone-replaced") == 1


def test_a_card_that_would_go_to_a_graveyard_from_anywhere_is_exiled():
    g = game()
    put(g, "rest", enchantment("Rest", EXILE_CARDS))
    put(g, "a", card("A card", "Instant"), zone="hand")
    put(g, "b", card("B card", "Instant"), zone="library")
    g.discard("you")
    g.mill("you", 1)
    assert (g.get("a").zone, g.get("b").zone, g.in_zone("graveyard", "you")) == ("exile", "exile", [])


def test_a_replacement_with_a_condition_applies_only_while_it_holds():
    """ "If you control a creature, …" (614.1a): checked as the event would happen."""
    guarded = Replacement("gain_life", multiply=2, condition=Condition(controls=Filter(types=("Creature",))))
    g = game()
    put(g, "boon", enchantment("Boon", guarded))
    g.gain_life("you", 3)
    put(g, "bear", bear())
    g.gain_life("you", 3)
    assert g.players["you"].life == 29


def test_an_opponents_loss_replacement_does_not_save_you():
    g = game()
    mirror = Replacement("lose_game", instead=(Instruction("set_life", amount=Amount(20)),))
    put(g, "mirror", enchantment("Mirror", mirror), owner="opponent")
    g.players["you"].life = 0
    g.players["opponent"].life = 0
    g.settle()
    assert (g.players["you"].lost, g.players["opponent"].lost, g.players["opponent"].life) == (True, False, 20)


def test_with_the_replacement_step_switched_off_nothing_is_replaced():
    g = game()
    put(g, "doubler", enchantment("Doubler", DOUBLER))
    put(g, "bear", bear())
    with switches.switched_off("614.1"):
        assert g.damage("bear", "opponent", 2) == 2
    assert g.damage("bear", "opponent", 2) == 4


# -- in scenario files (scenarios/cards.py) -----------------------------------------------------------

DOUBLE = (ROOT / "rules_data" / "examples" / "double-damage.toml").read_text(encoding="utf-8")
DOUBLER_LINE = 'replacement = { event = "damage", source = { types = ["Creature"], controller = "you" }, multiply = 2 }'
STATE = (ROOT / "rules_data" / "examples" / "no-cards-in-hand.toml").read_text(encoding="utf-8")
STATE_LINE = (
    'trigger = { on = "state", condition = { count = { zone = "hand", owner = "you" }, at_most = 0 }, draw = 1 }'
)


@pytest.mark.parametrize(
    ("text", "line", "where", "reason"),
    [
        (
            (DOUBLE, DOUBLER_LINE, 'replacement = { event = "explode", multiply = 2 }'),
            23,
            "cards.violence.abilities[0].replacement.event",
            "'explode' is not one of damage, gain_life, draw, lose_game, zone_change",
        ),
        (
            (DOUBLE, DOUBLER_LINE, 'replacement = { event = "damage" }'),
            23,
            "cards.violence.abilities[0].replacement",
            "say what happens instead: multiply/plus, zone, or instead = [instructions]",
        ),
        (
            (DOUBLE, DOUBLER_LINE, 'replacement = { event = "draw", multiply = 2 }'),
            23,
            "cards.violence.abilities[0].replacement.multiply",
            "only an amount of damage or life gained is multiplied",
        ),
        (
            (DOUBLE, DOUBLER_LINE, 'replacement = { event = "zone_change", zone = "exile" }'),
            23,
            "cards.violence.abilities[0].replacement.what",
            'event = "zone_change" says what moves (what) or where to (to_zone), and only it',
        ),
        (
            (DOUBLE, DOUBLER_LINE, 'replacement = { event = "gain_life", player = "them", multiply = 2 }'),
            23,
            "cards.violence.abilities[0].replacement.player",
            "you, opponent or any",
        ),
        (
            (STATE, STATE_LINE, 'trigger = { on = "state", draw = 1 }'),
            23,
            "cards.library.abilities[0].trigger.condition",
            "a state trigger (603.8) triggers whenever its condition is true: give it",
        ),
        (
            (STATE, STATE_LINE, 'trigger = { on = "state", condition = { count = { zone = "hand" } }, draw = 1 }'),
            23,
            "cards.library.abilities[0].trigger.condition.at_least",
            "count and counters go with at_least or at_most",
        ),
        (
            (STATE, STATE_LINE, 'trigger = { on = "hand_empty", draw = 1 }'),
            23,
            "cards.library.abilities[0].trigger.on",
            "'hand_empty' is not one of state, enters, dies, leaves, tapped, untapped, cast, step, gain_life, "
            "cycled, expend, tapped_for_mana, crews, reflexive",
        ),
    ],
)
def test_a_mistake_in_a_replacement_or_a_condition_names_file_line_field_and_reason(
    tmp_path, text, line, where, reason
):
    source, old, new = text
    path = tmp_path / ("double-damage.toml" if source is DOUBLE else "no-cards-in-hand.toml")
    path.write_text(source.replace(old, new), encoding="utf-8")
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert str(error.value) == f"{path}:{line}: {where}: {reason}"


def test_the_replacement_order_of_a_step_names_objects_placed_before_it(tmp_path):
    path = tmp_path / "double-damage.toml"
    path.write_text(
        DOUBLE.replace("amount = 2\n", 'amount = 2\nreplacement_order = ["violence-c"]\n', 1), encoding="utf-8"
    )
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert str(error.value).endswith(": steps[1].replacement_order: no object 'violence-c'")
    path.write_text(
        DOUBLE.replace("amount = 2\n", 'amount = 2\nreplacement_order = ["violence-b"]\n', 1), encoding="utf-8"
    )
    trace = run(load_scenario(path))
    assert trace.passed
    chosen = [e.values["count"] for step in trace.steps for e in step.events if e.code == "replacement-chosen"]
    assert chosen == [2]
