"""The game: entering the battlefield (614), state-based actions (704), the stack, turns."""

import pytest

from rulesref.examples.engine import legality
from rulesref.examples.engine.budget import Budget
from rulesref.examples.engine.definitions import (
    Ability,
    AsEnters,
    EffectSpec,
    Filter,
    Quantity,
    Selector,
    Trigger,
)
from rulesref.examples.engine.errors import BudgetExceeded, IllegalAction
from rulesref.examples.engine.keywords import UNDYING
from rulesref.examples.engine.spells import Amount, Condition, Instruction, Replacement

from .helpers import EMPTY_HAND, bear, card, every, game, ids, put, static


def codes(g):
    return [(event.code, event.rule) for event in g.take_events()]


def test_an_as_enters_choice_must_name_an_opponent():
    """614.1c, 614.12a: the choice is made before it enters, and it must be legal."""
    chooser = card(
        "Chooser",
        "Creature",
        "1",
        "1",
        abilities=[Ability("c", "As it enters, choose an opponent.", as_enters=AsEnters("opponent"))],
    )
    g = game()
    put(g, "chooser", chooser, zone="hand")
    with pytest.raises(IllegalAction) as error:
        g.enter("chooser", choices={"opponent": "you"})
    assert str(error.value) == "'you' is not an opponent of 'you' (rule 614.12a)"
    assert g.get("chooser").zone == "hand"
    g.enter("chooser", choices={"opponent": "opponent"})
    assert g.get("chooser").choices == {"opponent": "opponent"}


def test_enters_tapped_is_read_from_the_permanent_as_it_would_exist_on_the_battlefield():
    """614.12: Yixlid Jailer strips abilities in graveyards, not on the battlefield."""
    g = game()
    jail = static(
        "jail",
        "Cards in graveyards lose all abilities.",
        affects=every(zone="graveyard", cards=True),
        remove_all_abilities=True,
    )
    put(g, "jailer", card("Yixlid Jailer", "Creature — Zombie Wizard", "2", "1", abilities=[jail]))
    put(
        g,
        "treefolk",
        card(
            "Scarwood Treefolk",
            "Creature — Treefolk",
            "3",
            "5",
            abilities=[Ability("tapped", "Scarwood Treefolk enters tapped.", enters_tapped=True)],
        ),
        zone="graveyard",
    )
    assert g.computed("treefolk").abilities == []
    g.enter("treefolk")
    assert g.get("treefolk").tapped is True


def test_permanents_enter_tapped_does_not_affect_its_own_source():
    g = game()
    orb = card(
        "Orb of Dreams",
        "Artifact",
        abilities=[Ability("orb", "Permanents enter tapped.", permanents_enter_tapped=True)],
    )
    put(g, "orb", orb, zone="hand")
    put(g, "bear", bear(), zone="hand")
    g.enter("orb")
    g.enter("bear")
    assert (g.get("orb").tapped, g.get("bear").tapped) == (False, True)
    g.create_token(
        "saproling",
        card("Saproling", "Creature — Saproling", "1", "1", colors=["G"], token=True),
        controller="opponent",
    )
    assert (g.get("saproling").zone, g.get("saproling").tapped, g.controller_of("saproling")) == (
        "battlefield",
        True,
        "opponent",
    )


def test_lethal_damage_destroys_at_the_next_check_and_damage_wears_off_in_cleanup():
    """704.5g and 514.2: 3 damage on a 2/2 destroys it; 1 damage on a 2/2 is gone next turn."""
    g = game()
    put(g, "doomed", bear())
    put(g, "survivor", bear("Grizzly Bears"))
    g.damage("bolt", "doomed", 3, source_label="Lightning Bolt")
    g.damage("bolt", "survivor", 1, source_label="Lightning Bolt")
    assert g.get("doomed").zone == "battlefield"
    g.settle()
    assert g.get("doomed").zone == "graveyard"
    assert ("sba-lethal", "704.5g") in codes(g)
    assert g.get("survivor").damage == 1
    g.end_turn()
    assert g.get("survivor").damage == 0
    assert g.get("survivor").zone == "battlefield"


def test_indestructible_ignores_lethal_damage_but_not_toughness_0():
    """702.12b and 704.5f."""
    g = game()
    put(g, "wall", card("Wall", "Creature — Wall", "0", "2", abilities=[Ability("i", "", keyword="indestructible")]))
    g.damage("bolt", "wall", 5, source_label="a spell")
    g.settle()
    assert g.get("wall").zone == "battlefield"
    g.create_effect("shrink", "-0/-2", EffectSpec(affects=ids("wall"), modify_pt=(0, -2)), controller="you")
    g.settle()
    assert g.get("wall").zone == "graveyard"


def test_plus_and_minus_counters_annihilate():
    """704.5q: two +1/+1 and one -1/-1 leave one +1/+1."""
    g = game()
    put(g, "bear", bear())
    g.add_counters("bear", "+1/+1", 2)
    g.add_counters("bear", "-1/-1", 1)
    g.settle()
    assert {k: c.count for k, c in g.get("bear").counters.items()} == {"+1/+1": 1}
    assert g.computed("bear").pt == "3/3"


def test_undying_looks_at_last_known_counters():
    """704.8 and 702.93: no +1/+1 counter when it died, so it returns with one."""
    g = game()
    undying = Ability("undying", "Undying", keyword="undying", trigger=UNDYING)
    wolf = card("Young Wolf", "Creature — Wolf", "1", "1", abilities=[undying])
    put(g, "wolf", wolf)
    g.add_counters("wolf", "-1/-1", 1)
    g.settle()
    assert g.get("wolf").zone == "graveyard"
    assert [item.label for item in g.stack] == ["Young Wolf: Undying"]
    g.resolve()
    assert g.get("wolf").zone == "battlefield"
    assert {k: c.count for k, c in g.get("wolf").counters.items()} == {"+1/+1": 1}
    assert g.computed("wolf").pt == "2/2"


def test_undying_with_a_counter_does_not_trigger_and_its_card_returns_only_from_the_graveyard():
    """702.93a: its intervening "if" (603.4) reads the counters it last had; the return is of that card only."""
    g = game()
    undying = Ability("undying", "Undying", keyword="undying", trigger=UNDYING)
    put(g, "wolf", card("Young Wolf", "Creature — Wolf", "1", "1", abilities=[undying]))
    g.add_counters("wolf", "+1/+1", 1)
    g.add_counters("wolf", "-1/-1", 3)
    g.settle()
    assert (g.get("wolf").zone, g.stack, g.pending_triggers) == ("graveyard", [], [])
    assert ("condition-false", "603.4") in codes(g)
    put(g, "pup", card("Pup", "Creature — Wolf", "1", "1", abilities=[undying]))
    g.destroy("pup")
    g.settle()
    g.move("pup", "exile")  # gone before the ability resolves: nothing returns (400.7)
    g.resolve()
    assert g.get("pup").zone == "exile"


def test_a_state_trigger_reads_any_count_of_objects():
    """603.8 with a condition: "whenever an opponent controls no creatures" triggers once, as the last dies."""
    g = game()
    lonely = Condition(count=Filter(types=("Creature",), controller="opponent"), at_most=0)
    watcher = card(
        "Watcher",
        "Enchantment",
        abilities=[Ability("w", "Whenever …", trigger=Trigger("state", draw=1, condition=lonely))],
    )
    put(g, "watcher", watcher)
    put(g, "theirs", bear(), owner="opponent")
    put(g, "top", card("A card", "Instant"), zone="library")
    g.check_state_triggers()
    assert g.pending_triggers == []
    g.destroy("theirs")
    g.check_state_triggers()
    assert [item.label for item in g.pending_triggers] == ["Watcher: Whenever …"]


def test_a_crews_trigger_of_another_creature_needs_a_filter_not_self():
    """702.122b: "whenever [this] crews" is its own event only (subject self)."""
    g = game()
    vehicle = card("Vehicle", "Artifact — Vehicle", "3", "3", abilities=[Ability("crew", "Crew 1", crew=1)])
    own = Trigger("crews", subject="self", effect=EffectSpec(affects=Selector("crewed"), modify_pt=(1, 1)))
    put(g, "vehicle", vehicle)
    put(
        g, "motorist", card("Motorist", "Creature — Dwarf", "3", "1", abilities=[Ability("m", "Motorist", trigger=own)])
    )
    put(g, "pilot", card("Pilot", "Creature — Human", "1", "1"))
    g.crew("vehicle", ["pilot"])
    assert [item.label for item in g.pending_triggers] == []
    g.untap("pilot")
    g.crew("vehicle", ["motorist"])
    assert [item.label for item in g.pending_triggers] == ["Motorist: Motorist"]
    g.put_triggers_on_stack()
    g.resolve()
    g.resolve()
    assert g.computed("vehicle").pt == "4/4"


def test_two_loss_conditions_are_replaced_once():
    """704.5a, 704.5b and 704.7 with Lich's Mirror."""
    g = game()
    mirror = card(
        "Lich’s Mirror",
        "Artifact",
        abilities=[
            Ability(
                "m",
                "If you would lose the game, instead …",
                replacement=Replacement(
                    "lose_game",
                    instead=(
                        Instruction("shuffle_into_library"),
                        Instruction("draw", amount=Amount(7)),
                        Instruction("set_life", amount=Amount(20)),
                    ),
                ),
            )
        ],
    )
    put(g, "mirror", mirror)
    for n in range(8):
        put(g, f"card-{n}", card("A card", "Instant"), zone="hand")
    g.players["you"].life = 0
    g.players["you"].drew_from_empty = True
    g.settle()
    events = codes(g)
    assert ("sba-life", "704.5a") in events and ("sba-draw", "704.5b") in events
    assert [code for code, _ in events].count("loss-replaced") == 1
    assert (g.players["you"].lost, g.players["you"].life, len(g.in_zone("hand", "you"))) == (False, 20, 7)


def test_without_a_replacement_a_player_at_0_life_loses():
    g = game()
    g.lose_life("opponent", 20)
    g.settle()
    assert g.players["opponent"].lost is True


def test_each_damage_doubler_applies_once():
    """614.5: two doublers turn 2 damage into 8; an opponent's creature is not doubled."""
    doubler = card(
        "Gratuitous Violence",
        "Enchantment",
        abilities=[
            Ability(
                "double",
                "If a creature you control would deal damage …",
                replacement=Replacement("damage", source=Filter(types=("Creature",), controller="you"), multiply=2),
            )
        ],
    )
    g = game()
    put(g, "a", doubler)
    put(g, "b", doubler)
    put(g, "bear", bear())
    put(g, "their-bear", bear(), owner="opponent")
    assert g.damage("bear", "opponent", 2) == 8
    assert g.damage("their-bear", "you", 2) == 2
    assert (g.players["opponent"].life, g.players["you"].life) == (12, 18)


def test_until_end_of_turn_effects_end_in_cleanup_and_others_stay():
    """514.2."""
    g = game()
    put(g, "bear", bear())
    g.create_effect(
        "short", "+1/+1", EffectSpec(affects=ids("bear"), modify_pt=(1, 1)), controller="you", duration="end_of_turn"
    )
    g.create_effect("long", "+0/+2", EffectSpec(affects=ids("bear"), modify_pt=(0, 2)), controller="you")
    assert g.computed("bear").pt == "3/5"
    g.end_turn()
    assert g.computed("bear").pt == "2/4"
    assert (g.turn.number, g.turn.active, g.turn.step) == (4, "opponent", "untap")


def test_crew_needs_enough_power_from_untapped_creatures():
    """702.122a."""
    vehicle = card("Vehicle", "Artifact — Vehicle", "3", "3", abilities=[Ability("crew", "Crew 3", crew=3)])
    g = game()
    put(g, "vehicle", vehicle)
    put(g, "bear", bear())
    with pytest.raises(IllegalAction) as error:
        g.crew("vehicle", ["bear"])
    assert str(error.value) == "total power 2 is less than crew 3 (rule 702.122a)"
    assert g.get("bear").tapped is False


def test_a_vehicle_that_is_a_creature_cannot_crew_itself_nor_count_a_creature_twice():
    """702.122a: crewing taps any number of *other* untapped creatures; each is tapped once."""
    vehicle = card("Vehicle", "Artifact — Vehicle", "3", "3", abilities=[Ability("crew", "Crew 3", crew=3)])
    g = game()
    put(g, "vehicle", vehicle)
    put(g, "bear", bear())
    g.create_effect(
        "animate",
        "the Vehicle is a creature",
        EffectSpec(affects=ids("vehicle"), add_types=("Creature",)),
        controller="you",
    )
    assert g.computed("vehicle").is_creature is True
    with pytest.raises(IllegalAction) as error:
        g.crew("vehicle", ["vehicle"])
    assert (str(error.value), error.value.code) == (
        "Vehicle cannot crew itself: crewing taps other untapped creatures (rule 702.122a)",
        "crew-self",
    )
    with pytest.raises(IllegalAction) as error:
        g.crew("vehicle", ["bear", "bear"])
    assert (str(error.value), error.value.code) == (
        "Runeclaw Bear is named twice: each creature taps once to crew (rule 702.122a)",
        "crew-twice",
    )
    assert (g.get("vehicle").tapped, g.get("bear").tapped, g.stack) == (False, False, [])


def test_a_state_trigger_triggers_once_until_it_leaves_the_stack():
    """603.8: an empty hand triggers "draw a card" once."""
    g = game()
    watcher = card(
        "Watcher",
        "Enchantment",
        abilities=[
            Ability(
                "w",
                "Whenever you have no cards in hand, draw a card.",
                trigger=Trigger("state", draw=1, condition=EMPTY_HAND),
            )
        ],
    )
    put(g, "watcher", watcher)
    put(g, "card", card("A card", "Instant"), zone="hand")
    put(g, "top", card("Top card", "Instant"), zone="library")
    g.discard("you")
    g.check_state_triggers()
    assert len(g.pending_triggers) == 1
    g.settle()
    assert [item.label for item in g.stack] == ["Watcher: Whenever you have no cards in hand, draw a card."]
    g.resolve()
    assert [obj.id for obj in g.in_zone("hand", "you")] == ["top"]


def test_a_creature_that_came_under_your_control_this_turn_attacks_only_with_haste():
    """302.6."""
    g = game()
    put(g, "old", bear())
    put(g, "new", bear(), zone="hand")
    g.enter("new")
    assert legality.check(g, "attack", "old").legal is True
    verdict = legality.check(g, "attack", "new")
    assert (verdict.legal, verdict.reasons) == (False, [("summoning-sick", "302.6")])
    g.create_effect(
        "haste",
        "gains haste",
        EffectSpec(affects=ids("new"), add_abilities=(Ability("haste", "", keyword="haste"),)),
        controller="you",
    )
    assert legality.check(g, "attack", "new").legal is True


def test_a_runaway_run_stops_at_its_budget():
    g = game(budget=Budget(operations=50))
    with pytest.raises(BudgetExceeded) as error:
        for n in range(100):
            put(g, f"bear-{n}", bear())
            g.view()
    assert str(error.value) == "the run was stopped after 50 operations (its budget)"


def test_the_time_budget_stops_a_run():
    ticks = iter(range(0, 10_000, 1))
    g = game(budget=Budget(operations=10**9, seconds=5, clock=lambda: next(ticks)))
    with pytest.raises(BudgetExceeded) as error:
        for n in range(100):
            put(g, f"bear-{n}", bear())
            g.view()
    assert error.value.code == "budget-time"
    assert str(error.value) == "the run was stopped after 5 s (its time budget)"


def test_destroy_all_black_creatures_includes_multicolored_ones():
    """608.2j."""
    g = game()
    put(g, "orzhov", card("Orzhov", "Creature", "2", "2", cost="{W}{B}"))
    put(g, "bear", bear())
    assert g.destroy_all(Filter(types=("Creature",), not_colors=("B",)), controller="you") == ["bear"]
    assert g.destroy_all(Filter(types=("Creature",), colors=("B",)), controller="you") == ["orzhov"]


def test_discard_and_mill_do_as_much_as_possible():
    """609.3."""
    g = game()
    put(g, "held", card("A card", "Instant"), zone="hand")
    put(g, "one", card("A card", "Instant"), zone="library")
    g.discard("you", 2)
    assert g.mill("you", 3) == 1
    assert len(g.in_zone("graveyard", "you")) == 2


def test_a_quantity_counts_cards_in_a_graveyard_as_it_changes():
    """613.6 (Svogthos): a setting effect with a number that follows the game."""
    g = game()
    put(g, "land", card("Svogthos, the Restless Tomb", "Land"))
    for n in range(3):
        put(g, f"dead-{n}", bear(), zone="graveyard")
    count = Quantity(0, Filter(zone="graveyard", types=("Creature",), owner="you"))
    g.create_effect(
        "svogthos",
        "…",
        EffectSpec(affects=ids("land"), add_types=("Creature",), set_pt=(count, count)),
        controller="you",
    )
    assert g.computed("land").pt == "3/3"
    g.move("dead-0", "exile")
    assert g.computed("land").pt == "2/2"
