"""The engine's stack, triggers and casting (engine/casting.py, engine/stack.py), rule by rule, without
scenario files: exact stacks, pools, life totals and zones."""

import pytest

from rulesref.examples.engine import switches
from rulesref.examples.engine.definitions import Ability, EffectSpec, Filter, Trigger
from rulesref.examples.engine.errors import IllegalAction
from rulesref.examples.engine.mana import ManaCost
from rulesref.examples.engine.spells import (
    Amount,
    Condition,
    Cost,
    CostChange,
    Instruction,
    Program,
    TargetSpec,
)
from rulesref.examples.engine.state import StackItem
from tests.examples.helpers import EMPTY_HAND, bear, card, game, ids, put

CREATURE = Filter(types=("Creature",))


def spell(name, cost, text, *instructions, targets=(), type_line="Instant", **program):
    ability = Ability(
        key="spell",
        text=text,
        spell=True,
        program=Program(instructions=tuple(instructions), targets=tuple(targets), **program),
    )
    return card(name, type_line, cost=cost, abilities=[ability])


def thirst():
    return spell(
        "Sorin’s Thirst",
        "{B}{B}",
        "Sorin’s Thirst deals 2 damage to target creature and you gain 2 life.",
        Instruction("damage", what="creature", amount=Amount(2)),
        Instruction("gain_life"),
        targets=[TargetSpec("creature", CREATURE)],
    )


def trigger(key, text, on, *instructions, **fields):
    return Ability(key=key, text=text, trigger=Trigger(on=on, program=Program(tuple(instructions)), **fields))


def test_casting_moves_the_card_pays_and_stacks_it():
    g = game()
    put(g, "bear", bear(), owner="opponent")
    put(g, "thirst", thirst(), zone="hand")
    g.add_mana("you", "{B}{B}{G}")
    g.cast("thirst", targets={"creature": ["bear"]})
    assert [item.label for item in g.stack] == ["Sorin’s Thirst"]
    assert g.get("thirst").zone == "stack"
    assert [m.type for m in g.pool("you")] == ["G"]
    assert g.stack[0].targets == {"creature": [("object", "bear", 0)]}


def test_an_illegal_cast_is_undone_and_nothing_is_paid():
    """Rule 601.2c: one word "target" can't choose the same object twice; 732.1: the cast is reversed."""
    g = game()
    tap_two = spell(
        "Tap Two",
        "{U}",
        "Tap two target creatures.",
        Instruction("tap", what="creatures"),
        targets=[TargetSpec("creatures", CREATURE, count=2)],
    )
    put(g, "bear", bear(), owner="opponent")
    put(g, "tap", tap_two, zone="hand")
    g.add_mana("you", "{U}")
    with pytest.raises(IllegalAction) as error:
        g.cast("tap", targets={"creatures": ["bear", "bear"]})
    assert (error.value.code, error.value.rule) == ("target-twice", "601.2c")
    assert g.get("tap").zone == "hand"
    assert g.stack == []
    assert [m.type for m in g.pool("you")] == ["U"]


def test_every_target_illegal_the_spell_does_not_resolve():
    """Rule 608.2b: no damage, no life, the spell goes to the graveyard."""
    g = game()
    put(g, "bear", bear(), owner="opponent")
    put(g, "thirst", thirst(), zone="hand")
    g.add_mana("you", "{B}{B}")
    g.cast("thirst", targets={"creature": ["bear"]})
    g.move("bear", "hand")
    g.resolve()
    assert g.players["you"].life == 20
    assert g.get("thirst").zone == "graveyard"
    assert [e.code for e in g.take_events()][-3:] == ["target-illegal", "fizzled", "moved"]


def test_a_legal_target_keeps_the_spell_and_its_other_effects():
    g = game()
    put(g, "bear", bear(), owner="opponent")
    put(g, "thirst", thirst(), zone="hand")
    g.add_mana("you", "{B}{B}")
    g.cast("thirst", targets={"creature": ["bear"]})
    g.resolve()
    assert (g.get("bear").damage, g.players["you"].life) == (2, 21)


def test_the_part_for_an_illegal_target_does_nothing():
    """Rule 608.2b (Plague Spores): the creature part skips a target that turned black, the land part
    still destroys it."""
    g = game()
    spores = spell(
        "Plague Spores",
        "{B}",
        "Destroy target nonblack creature and target land.",
        Instruction("destroy", what="creature"),
        Instruction("destroy", what="land"),
        targets=[
            TargetSpec("creature", Filter(types=("Creature",), not_colors=("B",))),
            TargetSpec("land", Filter(types=("Land",))),
        ],
        type_line="Sorcery",
    )
    arbor = card("Dryad Arbor", "Land Creature — Forest Dryad", "1", "1", colors="G")
    put(g, "arbor", arbor, owner="opponent")
    put(g, "spores", spores, zone="hand")
    g.add_mana("you", "{B}")
    g.cast("spores", targets={"creature": ["arbor"], "land": ["arbor"]})
    g.create_effect("black", "black", EffectSpec(affects=ids("arbor"), set_colors=("B",)), controller="you")
    g.resolve()
    codes = [e.code for e in g.take_events()]
    assert codes.count("target-illegal") == 1 and "fizzled" not in codes
    assert g.get("arbor").zone == "graveyard"


def test_the_total_cost_is_locked_in_before_a_sacrifice_pays_it():
    """Rules 601.2f and 601.2h: the Familiar's {1} reduction holds though it is sacrificed to pay."""
    g = game()
    reap = spell(
        "Altar’s Reap",
        "{1}{B}",
        "As an additional cost to cast this spell, sacrifice a creature. Draw two cards.",
        Instruction("draw", amount=Amount(2)),
        additional=Cost(sacrifice=CREATURE),
    )
    familiar = card(
        "Thunderscape Familiar",
        "Creature — Kavu",
        "1",
        "1",
        cost="{1}{R}",
        abilities=[
            Ability(
                key="reduce",
                text="Black spells and red spells you cast cost {1} less to cast.",
                cost_change=CostChange(Filter(zone="stack", colors=("B", "R")), generic=-1),
            )
        ],
    )
    put(g, "familiar", familiar)
    put(g, "reap", reap, zone="hand")
    g.add_mana("you", "{B}{B}")
    g.cast("reap", sacrifice=("familiar",))
    assert [m.type for m in g.pool("you")] == ["B"]
    assert g.get("familiar").zone == "graveyard"
    assert g.stack[0].sacrificed["pt"] == "1/1"


def test_hybrid_and_phyrexian_symbols_take_mana_first_then_life():
    """Rules 107.4e and 107.4f."""
    g = game()
    g.add_mana("you", "{W}")
    assert g.pay_mana("you", ManaCost.parse("{W/P}{W/P}")) == 1
    assert g.players["you"].life == 18
    g.add_mana("you", "{G}{W}")
    assert g.payable("you", ManaCost.parse("{G/W}{G/W}")) is not None
    assert g.payable("you", ManaCost.parse("{G/W}{G/W}{G/W}")) is None
    g.add_mana("you", "{C}{C}")
    used, life = g.payable("you", ManaCost.parse("{2/B}"))
    assert ([m.type for m in used], life) == (["G", "W"], 0)


def test_restricted_mana_pays_only_what_it_may():
    """Rule 106.6: mana for creature spells pays neither an ability nor an instant."""
    g = game()
    g.add_mana("you", "{R}", only_for=Filter(zone="stack", types=("Creature",)))
    with pytest.raises(IllegalAction) as error:
        g.pay_mana("you", ManaCost.parse("{1}"))
    assert str(error.value) == "You cannot pay {1} with {R} (rule 601.2h)"
    put(g, "bear", bear(), zone="hand")
    g.add_mana("you", "{G}")
    g.cast("bear")
    assert g.pool("you") == []


def test_waiting_triggers_go_on_the_stack_in_apnap_order():
    """Rule 603.3b: the active player's first, so the nonactive player's resolves first."""
    g = game()
    watch = trigger(
        "watch", "Whenever a creature dies, you gain 1 life.", "dies", Instruction("gain_life"), filter=CREATURE
    )
    put(g, "mine", card("My Tally", "Artifact", abilities=[watch]))
    put(g, "theirs", card("Their Tally", "Artifact", abilities=[watch]), owner="opponent")
    put(g, "bear", bear())
    g.destroy("bear")
    assert g.stack == []
    g.settle()
    assert [item.label for item in g.stack] == [
        "My Tally: Whenever a creature dies, you gain 1 life.",
        "Their Tally: Whenever a creature dies, you gain 1 life.",
    ]
    g.resolve()
    assert (g.players["you"].life, g.players["opponent"].life) == (20, 21)


def test_leaves_the_battlefield_triggers_look_back_in_time():
    """Rule 603.10a: destroyed together with two creatures, the artifact still sees both die."""
    g = game()
    watch = trigger(
        "watch", "Whenever a creature dies, you gain 1 life.", "dies", Instruction("gain_life"), filter=CREATURE
    )
    put(g, "tally", card("Soul Tally", "Artifact", abilities=[watch]))
    put(g, "a", bear())
    put(g, "b", bear())
    g.put_into_graveyard([g.get("tally"), g.get("a"), g.get("b")])
    assert len(g.pending_triggers) == 2


def test_an_intervening_if_is_checked_twice():
    """Rule 603.4: false as the event happens, no trigger; false on resolution, nothing."""
    g = game()
    g.turn.step = "untap"
    sovereign = trigger(
        "win",
        "At the beginning of your upkeep, if you have 40 or more life, you win the game.",
        "step",
        Instruction("win"),
        step="upkeep",
        condition=Condition(life_at_least=40),
    )
    put(g, "sovereign", card("Felidar Sovereign", "Creature — Cat Beast", "4", "6", abilities=[sovereign]))
    g.go_to("upkeep")
    assert g.pending_triggers == []
    g.players["you"].life = 40
    g.turn.step = "untap"
    g.go_to("upkeep")
    g.settle()
    g.lose_life("you", 1)
    g.resolve()
    assert (g.players["you"].won, g.players["opponent"].lost) == (False, False)
    g.players["you"].life = 40
    g.turn.step = "untap"
    g.go_to("upkeep")
    g.settle()
    g.resolve()
    assert (g.players["you"].won, g.players["opponent"].lost) == (True, True)


def test_a_delayed_trigger_about_a_creature_that_left_never_triggers():
    """Rules 603.7a and 400.7: created after the creature left, it waits for an object that is gone."""
    g = game()
    watch = Ability(
        key="watch",
        text="{0}: When this creature leaves the battlefield, you gain 3 life.",
        cost=Cost(),
        program=Program(
            (
                Instruction(
                    "delayed",
                    what="self",
                    trigger=Trigger(on="leaves", program=Program((Instruction("gain_life", amount=Amount(3)),))),
                ),
            )
        ),
    )
    put(g, "guard", card("Guard", "Creature — Soldier", "2", "2", abilities=[watch]))
    g.activate("guard", "watch")
    g.destroy("guard")
    g.resolve()
    assert len(g.delayed) == 1
    g.enter("guard")
    g.destroy("guard")
    g.settle()
    assert (g.stack, g.players["you"].life) == ([], 20)
    # Activated while it stays, the same ability triggers when it leaves.
    g.enter("guard")
    g.activate("guard", "watch")
    g.resolve()
    g.destroy("guard")
    g.settle()
    g.resolve()
    assert g.players["you"].life == 23


def test_a_delayed_trigger_does_nothing_to_an_object_that_left_its_zone():
    """Rule 603.7c: "exile this creature at the beginning of the next end step" after it was bounced and
    replayed does nothing."""
    g = game()
    fleet = Ability(
        key="fleet",
        text="{0}: Exile this creature at the beginning of the next end step.",
        cost=Cost(),
        program=Program(
            (
                Instruction(
                    "delayed",
                    what="self",
                    trigger=Trigger(on="step", step="end", program=Program((Instruction("exile", what="subject"),))),
                ),
            )
        ),
    )
    put(g, "elemental", card("Fleeting Elemental", "Creature — Elemental", "3", "1", abilities=[fleet]))
    g.activate("elemental", "fleet")
    g.resolve()
    g.move("elemental", "hand")
    g.enter("elemental")
    g.go_to("end")
    g.settle()
    g.resolve()
    assert g.get("elemental").zone == "battlefield"


def test_a_triggered_mana_ability_resolves_at_once():
    """Rule 605.4a: the extra mana is there before anything else happens; nothing goes on the stack."""
    g = game()
    forest = card(
        "Forest",
        "Basic Land — Forest",
        abilities=[
            Ability(
                key="mana",
                text="{T}: Add {G}.",
                cost=Cost(tap=True),
                mana_ability=True,
                program=Program((Instruction("add_mana", mana="{G}"),)),
            )
        ],
    )
    echo = trigger(
        "echo",
        "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
        "tapped_for_mana",
        Instruction("copy_mana"),
        whose="each",
        filter=Filter(types=("Land",)),
    )
    put(g, "forest", forest)
    put(g, "echo", card("Verdant Echo", "Enchantment", abilities=[echo]), owner="opponent")
    g.activate("forest", "mana")
    assert [m.type for m in g.pool("you")] == ["G", "G"]
    assert (g.stack, g.pending_triggers) == ([], [])


def test_countering_puts_the_spell_into_its_owners_graveyard():
    """Rule 701.5a."""
    g = game()
    cancel = spell(
        "Cancel",
        "{U}",
        "Counter target spell.",
        Instruction("counter", what="spell"),
        targets=[TargetSpec("spell", Filter(zone="stack"))],
    )
    put(g, "bear", bear(), zone="hand", owner="opponent")
    put(g, "cancel", cancel, zone="hand")
    g.add_mana("opponent", "{G}{G}")
    g.add_mana("you", "{U}")
    g.turn.active = "opponent"  # its main phase (117.1a)
    g.cast("bear", player="opponent")
    g.cast("cancel", targets={"spell": ["bear"]})
    g.resolve()
    assert g.stack == []
    assert (g.get("bear").zone, g.get("cancel").zone) == ("graveyard", "graveyard")


def test_an_effect_on_a_permanent_spell_follows_it_onto_the_battlefield():
    """Rule 112.4."""
    g = game()
    knight = card("Dread Knight", "Creature — Zombie Knight", "2", "2", cost="{B}{B}")
    put(g, "knight", knight, zone="hand")
    g.add_mana("you", "{B}{B}")
    g.cast("knight")
    g.create_effect("white", "white", EffectSpec(affects=ids("knight"), set_colors=("W",)), controller="you")
    g.resolve()
    assert (g.get("knight").zone, g.computed("knight").colors) == ("battlefield", ["W"])


def test_a_negative_amount_counts_as_zero():
    """Rule 107.1b: +X/+X with X = -2 is +0/+0; mana equal to a power of -1 is none."""
    g = game()
    pump = Ability(
        key="pump",
        text="{0}: gets +X/+X, where X is its power.",
        cost=Cost(),
        program=Program((Instruction("gets", what="self", amount=Amount(0, "power")),)),
    )
    put(g, "colossus", card("Chameleon Colossus", "Creature — Shapeshifter", "4", "4", abilities=[pump]))
    g.create_effect("shrink", "-6/-0", EffectSpec(affects=ids("colossus"), modify_pt=(-6, 0)), controller="you")
    g.activate("colossus", "pump")
    g.resolve()
    assert g.computed("colossus").pt == "-2/4"


def test_changing_targets_checks_only_the_final_set():
    """Rule 115.7e: swapping "any target" and "another target" is legal."""
    g = game()
    arc = spell(
        "Arc Trail",
        "{R}",
        "Arc Trail deals 2 damage to any target and 1 damage to another target.",
        Instruction("damage", what="first", amount=Amount(2)),
        Instruction("damage", what="second", amount=Amount(1)),
        targets=[
            TargetSpec("first", CREATURE, players=True),
            TargetSpec("second", CREATURE, players=True, different_from="first"),
        ],
        type_line="Sorcery",
    )
    put(g, "bear", bear())
    put(g, "elves", card("Llanowar Elves", "Creature — Elf Druid", "1", "1"))
    put(g, "arc", arc, zone="hand", owner="opponent")
    g.add_mana("opponent", "{R}")
    g.turn.active = "opponent"  # its main phase (117.1a)
    g.cast("arc", player="opponent", targets={"first": ["bear"], "second": ["elves"]})
    with pytest.raises(IllegalAction) as error:
        g.change_targets("arc", {"first": ["elves"]})
    assert error.value.code == "target-not-another"
    g.change_targets("arc", {"first": ["elves"], "second": ["bear"]})
    g.resolve()
    assert (g.get("elves").damage, g.get("bear").damage) == (2, 1)


def test_kicker_allows_any_number_of_modes():
    """Rule 601.4."""
    g = game()
    inscription = spell(
        "Inscription of Abundance",
        "{G}",
        "Kicker {1}. Choose one. If this spell was kicked, choose any number instead.",
        Instruction("gain_life", mode="life"),
        Instruction("counters", what="creature", kind="+1/+1", amount=Amount(2), mode="counters"),
        modes=("counters", "life"),
        kicked_modes=True,
        kicker=Cost(mana=ManaCost.parse("{1}")),
        targets=[TargetSpec("creature", CREATURE, mode="counters")],
    )
    put(g, "bear", bear())
    put(g, "inscription", inscription, zone="hand")
    g.add_mana("you", "{G}{G}")
    with pytest.raises(IllegalAction) as error:
        g.cast("inscription", modes=("counters", "life"), targets={"creature": ["bear"]})
    assert error.value.code == "mode-count"
    g.cast("inscription", modes=("counters", "life"), kicked=True, targets={"creature": ["bear"]})
    g.resolve()
    assert (g.computed("bear").pt, g.players["you"].life, g.pool("you")) == ("4/4", 21, [])


def test_loyalty_costs_combine():
    """Rule 606.5: [+1] with "an additional [+1]" puts two counters; [−4] removes three."""
    g = game()
    carth = card(
        "Carth the Lion",
        "Legendary Creature — Human Warrior",
        "3",
        "5",
        abilities=[Ability(key="extra", text="…", cost_change=CostChange(Filter(zone="stack"), loyalty=1))],
    )
    walker = card(
        "Planeswalker",
        "Planeswalker",
        abilities=[
            Ability(key="plus", text="[+1]", cost=Cost(counters=(("loyalty", 1),)), program=Program()),
            Ability(key="minus", text="[−4]", cost=Cost(counters=(("loyalty", -4),)), program=Program()),
        ],
    )
    put(g, "carth", carth)
    put(g, "walker", walker)
    g.add_counters("walker", "loyalty", 3)
    g.activate("walker", "plus")
    assert g.get("walker").counters["loyalty"].count == 5
    g.activate("walker", "minus")
    assert g.get("walker").counters["loyalty"].count == 2


def test_an_ability_works_only_in_its_zone():
    """Rule 113.6m."""
    g = game()
    back = Ability(
        key="return",
        text="{0}: Return this from your graveyard to the battlefield.",
        zone="graveyard",
        cost=Cost(),
        program=Program((Instruction("put_onto_battlefield", what="self"),)),
    )
    put(g, "skeleton", card("Reassembling Skeleton", "Creature — Skeleton", "1", "1", abilities=[back]))
    with pytest.raises(IllegalAction) as error:
        g.activate("skeleton", "return")
    assert (error.value.code, error.value.rule) == ("wrong-zone", "113.6m")
    g.destroy("skeleton")
    g.activate("skeleton", "return")
    g.resolve()
    assert g.get("skeleton").zone == "battlefield"


def test_a_state_trigger_sees_the_hand_a_cast_empties():
    """Rule 603.8: casting the last card triggers "whenever you have no cards in hand" once."""
    g = game()
    charm = Ability(
        key="draw",
        text="Whenever you have no cards in hand, draw a card.",
        trigger=Trigger("state", draw=1, condition=EMPTY_HAND),
    )
    put(g, "charm", card("Charm", "Enchantment", abilities=[charm]))
    put(g, "knight", card("Dread Knight", "Creature — Zombie Knight", "2", "2", cost="{B}"), zone="hand")
    g.add_mana("you", "{B}")
    g.cast("knight")
    g.settle()
    g.check_state_triggers()
    assert [item.label for item in g.stack] == [
        "Dread Knight",
        "Charm: Whenever you have no cards in hand, draw a card.",
    ]


def test_convoke_taps_creatures_for_part_of_the_locked_in_cost():
    """Rule 702.51: each tapped creature pays {1} or one mana of its colour; the rest is mana."""
    g = game()
    convoke = Ability(key="convoke", keyword="convoke", text="Convoke")
    wurm = card("Siege Wurm", "Creature — Wurm", "5", "5", cost="{3}{G}{G}", abilities=[convoke])
    put(g, "wurm", wurm, zone="hand")
    put(g, "elves", card("Llanowar Elves", "Creature — Elf Druid", "1", "1", cost="{G}"))
    put(g, "knight", card("White Knight", "Creature — Knight", "2", "2", cost="{W}{W}"))
    put(g, "idle", card("Idle Knight", "Creature — Knight", "2", "2", cost="{W}"))
    g.add_mana("you", "{G}{B}{B}")
    g.cast("wurm", convoke=("elves", "knight"))
    assert [(oid, g.get(oid).tapped) for oid in ("elves", "knight", "idle")] == [
        ("elves", True),
        ("knight", True),
        ("idle", False),
    ]
    assert g.pool("you") == []


def test_an_illegal_convoke_leaves_no_creature_mana_behind():
    g = game()
    wurm = card(
        "Siege Wurm",
        "Creature — Wurm",
        "5",
        "5",
        cost="{5}{G}{G}",
        abilities=[Ability(key="c", keyword="convoke", text="Convoke")],
    )
    put(g, "wurm", wurm, zone="hand")
    put(g, "elves", card("Llanowar Elves", "Creature — Elf Druid", "1", "1", cost="{G}"))
    with pytest.raises(IllegalAction) as error:
        g.cast("wurm", convoke=("elves",))
    assert error.value.code == "unpaid"
    assert (g.pool("you"), g.get("elves").tapped, g.get("wurm").zone) == ([], False, "hand")


def test_without_paying_its_mana_cost_increases_still_apply():
    """Rules 118.9 and 601.2f: a free spell under "cost {1} more" costs {1}."""
    g = game()
    golem = card(
        "Lodestone Golem",
        "Artifact Creature — Golem",
        "5",
        "3",
        abilities=[
            Ability(
                key="tax",
                text="Nonartifact spells cost {1} more to cast.",
                cost_change=CostChange(Filter(zone="stack", not_types=("Artifact",)), generic=1, caster="any"),
            )
        ],
    )
    put(g, "golem", golem, owner="opponent")
    put(g, "rift", card("Rift", "Sorcery", cost="{3}{R}"), zone="exile")
    with pytest.raises(IllegalAction):
        g.cast("rift", free=True)
    assert g.get("rift").zone == "exile"
    g.add_mana("you", "{C}")
    g.cast("rift", free=True)
    assert (g.pool("you"), g.get("rift").zone) == ([], "stack")


def test_for_as_long_as_you_control_it():
    """Rule 611.2b: over before it began, the effect does nothing; it ends when control is lost."""
    g = game()
    steal = Program(
        (Instruction("gain_control", what="artifact", duration="while_you_control_source"),),
        targets=(TargetSpec("artifact", Filter(types=("Artifact",))),),
    )
    thief = card(
        "Master Thief",
        "Creature — Human Rogue",
        "1",
        "2",
        abilities=[Ability(key="steal", text="…", trigger=Trigger(on="enters", subject="self", program=steal))],
    )
    put(g, "cube", card("Doubling Cube", "Artifact"), owner="opponent")
    put(g, "thief", thief, zone="hand")
    g.enter("thief")
    g.settle()
    g.gain_control("thief", "opponent")
    g.resolve()
    assert g.computed("cube").controller == "opponent"
    g.move("thief", "hand")
    g.enter("thief")
    g.settle()
    g.resolve()
    assert g.computed("cube").controller == "you"
    g.gain_control("thief", "opponent")
    g.settle()
    assert g.computed("cube").controller == "opponent"


def test_each_player_chooses_in_apnap_order_then_all_are_sacrificed_at_once():
    """Rule 101.4: the active player's creature that watches deaths sees the other player's die with it."""
    g = game()
    edict = spell(
        "Barter in Blood",
        "{B}",
        "Each player sacrifices a creature.",
        Instruction("sacrifice", what="each", who="each_player", each=(CREATURE,)),
        type_line="Sorcery",
    )
    watch = trigger(
        "drain", "Whenever a creature dies, you gain 1 life.", "dies", Instruction("gain_life"), filter=CREATURE
    )
    put(g, "artist", card("Blood Artist", "Creature — Vampire", "0", "1", abilities=[watch]))
    put(g, "theirs", bear(), owner="opponent")
    put(g, "edict", edict, zone="hand")
    g.add_mana("you", "{B}")
    g.cast("edict")
    g.resolve()
    events = [(e.code, e.values.get("player")) for e in g.take_events() if e.code == "sacrifice-chosen"]
    assert events == [("sacrifice-chosen", "You"), ("sacrifice-chosen", "Opponent")]
    assert len(g.pending_triggers) == 2


def test_an_amount_can_count_permanents_and_a_cost_can_be_the_cards_mana_cost():
    """Rules 605.2 (no creatures, no mana, still no stack) and 702.1a (scavenge cost = mana cost)."""
    g = game()
    grove = card(
        "Verdant Grove",
        "Land",
        abilities=[
            Ability(
                key="mana",
                text="{T}: Add {G} for each creature you control.",
                cost=Cost(tap=True),
                mana_ability=True,
                program=Program(
                    (
                        Instruction(
                            "add_mana",
                            mana="{G}",
                            amount=Amount(0, "count", count=Filter(types=("Creature",), controller="you")),
                        ),
                    )
                ),
            )
        ],
    )
    put(g, "grove", grove)
    g.activate("grove", "mana")
    assert (g.pool("you"), g.stack) == ([], [])
    scavenge = Ability(
        key="scavenge",
        text="Scavenge",
        zone="graveyard",
        cost=Cost(mana_of_card=True, exile_self=True),
        program=Program((Instruction("gain_life"),)),
    )
    put(
        g, "ogre", card("Gray Ogre", "Creature — Ogre", "2", "2", cost="{2}{R}", abilities=[scavenge]), zone="graveyard"
    )
    g.add_mana("you", "{R}{R}{R}{G}")
    g.activate("ogre", "scavenge")
    assert ([m.type for m in g.pool("you")], g.get("ogre").zone) == (["G"], "exile")


def test_a_reflexive_trigger_comes_only_from_its_own_resolution():
    """Rule 603.12: "you may sacrifice another creature. When you do, …" with the step's choices."""
    g = game()
    reflexive = Trigger(
        on="reflexive",
        program=Program(
            (Instruction("damage", what="target", amount=Amount(0, "power", "sacrificed")),),
            targets=(TargetSpec("target", CREATURE, players=True),),
        ),
    )
    enters = trigger(
        "enters",
        "When this enters, you may sacrifice another creature. When you do, …",
        "enters",
        Instruction(
            "sacrifice",
            what="chosen",
            each=(Filter(types=("Creature",), other=True),),
            then=(Instruction("reflexive", trigger=reflexive),),
        ),
        subject="self",
    )
    put(g, "bear", bear())
    put(g, "manticore", card("Manticore", "Creature — Manticore", "4", "3", abilities=[enters]), zone="hand")
    g.enter("manticore")
    g.settle()
    g.decisions = {"pay": False, "choose": {"you": "bear"}}
    g.resolve()
    assert (g.pending_triggers, g.get("bear").zone) == ([], "battlefield")
    g.move("manticore", "hand")
    g.enter("manticore")
    g.settle()
    g.decisions = {"choose": {"you": "bear"}, "targets": {"target": ["opponent"]}}
    g.resolve()
    g.decisions = {}
    g.settle()
    g.resolve()
    assert (g.get("bear").zone, g.players["opponent"].life) == ("graveyard", 18)


def test_sunburst_counts_colours_spent_and_modular_reads_the_counters_it_left_with():
    """Rules 702.44a and 608.2h."""
    g = game()
    modular = Ability(
        key="modular",
        text="When this dies, put its +1/+1 counters on target artifact creature.",
        trigger=Trigger(
            on="dies",
            subject="self",
            program=Program(
                (Instruction("counters", what="creature", kind="+1/+1", amount=Amount(0, "counters", kind="+1/+1")),),
                targets=(TargetSpec("creature", Filter(types=("Artifact", "Creature"))),),
            ),
        ),
    )
    sunburst = Ability(key="sunburst", keyword="sunburst", text="Sunburst")
    put(
        g,
        "wanderer",
        card("Wanderer", "Artifact Creature — Golem", "0", "0", cost="{4}", abilities=[sunburst, modular]),
        zone="hand",
    )
    put(g, "golem", card("Bronze Golem", "Artifact Creature — Golem", "3", "3", cost="{3}"))
    g.add_mana("you", "{W}{W}{U}{C}")
    g.cast("wanderer")
    g.resolve()
    assert g.get("wanderer").counters["+1/+1"].count == 2
    g.destroy("wanderer")
    g.settle()
    g.resolve()
    assert g.computed("golem").pt == "5/5"


def test_a_regeneration_shield_replaces_the_next_destruction_this_turn_only():
    """Rules 614.8 and 701.15: tapped, damage removed, the shield used; the next destroy destroys."""
    g = game()
    put(g, "skeletons", card("Drudge Skeletons", "Creature — Skeleton", "1", "1"))
    g.get("skeletons").damage = 1
    item = StackItem("x", "Regenerate", "you", "skeletons", "ability", program=Program())
    g.run_instruction(item, Instruction("regenerate", what="self"), {"illegal": set()})
    assert g.destroy("skeletons") is False
    obj = g.get("skeletons")
    assert (obj.zone, obj.tapped, obj.damage, g.shields) == ("battlefield", True, 0, [])
    assert g.destroy("skeletons") is True
    assert g.get("skeletons").zone == "graveyard"


# -- the stack with combat and multiplayer (both merged into the engine) ---------------------------------


def test_waiting_triggers_of_three_players_go_on_in_turn_order_from_the_active_player():
    """Rules 603.3b and 101.4: the active player's first, then each other player's in turn order; the
    last player's is on top and resolves first."""
    g = game()
    g.add_player("carissa", "Carissa")
    g.turn.active = "opponent"
    watch = trigger(
        "watch", "Whenever a creature dies, you gain 1 life.", "dies", Instruction("gain_life"), filter=CREATURE
    )
    for oid, name, owner in (("mine", "My Tally", "you"), ("hers", "Her Tally", "carissa")):
        put(g, oid, card(name, "Artifact", abilities=[watch]), owner=owner)
    put(g, "theirs", card("Their Tally", "Artifact", abilities=[watch]), owner="opponent")
    put(g, "bear", bear())
    g.destroy("bear")
    g.settle()
    assert [item.label.split(":")[0] for item in g.stack] == ["Their Tally", "Her Tally", "My Tally"]
    g.resolve()
    assert [p.life for p in g.players.values()] == [21, 20, 20]


def test_lifelink_gains_are_life_gain_events_that_trigger_once_per_source():
    """Rules 702.15e and 603.2: two sources with lifelink dealing damage at once are two life gain events."""
    g = game()
    lifelink = Ability(key="lifelink", text="", keyword="lifelink")
    put(g, "a", card("Lifer", "Creature — Cat", "2", "2", abilities=[lifelink]))
    put(g, "b", card("Lifer", "Creature — Cat", "1", "1", abilities=[lifelink]))
    ajani = trigger("pride", "Whenever you gain life, you draw a card.", "gain_life", Instruction("draw"))
    put(g, "pridemate", card("Pridemate", "Enchantment", abilities=[ajani]))
    g.deal_damage_at_once([("a", "opponent", 2), ("b", "opponent", 1)])
    assert (g.players["you"].life, len(g.pending_triggers)) == (23, 2)


def test_a_spell_leaves_the_game_with_its_owner():
    """Rule 800.4a: a spell its owner cast leaves with them; nothing stays on the stack to resolve."""
    g = game()
    g.add_player("carissa", "Carissa")
    put(g, "bear", bear())
    put(g, "thirst", thirst(), zone="hand", owner="opponent")
    g.add_mana("opponent", "{B}{B}")
    g.cast("thirst", targets={"creature": ["bear"]}, player="opponent")
    g.leave_game("opponent")
    assert (g.stack, "thirst" in g.objects, g.get("bear").zone) == ([], False, "battlefield")


def test_mana_empties_from_the_pools_at_the_end_of_each_step():
    """Rule 500.4: mana left in a pool is gone when the step ends."""
    g = game()
    g.add_mana("you", "{G}")
    g.add_mana("opponent", "{R}")
    g.go_to("beginning_of_combat")
    assert (g.pool("you"), g.pool("opponent")) == ([], [])


def test_a_delayed_trigger_triggers_only_once():
    """Rule 603.7b: "at the beginning of the next end step" triggers at one end step, not the one after."""
    g = game()
    later = Ability(
        key="later",
        text="{0}: At the beginning of the next end step, you gain 1 life.",
        cost=Cost(),
        program=Program(
            (
                Instruction(
                    "delayed",
                    what="self",
                    trigger=Trigger(on="step", step="end", program=Program((Instruction("gain_life"),))),
                ),
            )
        ),
    )
    put(g, "idol", card("Idol", "Artifact", abilities=[later]))
    g.activate("idol", "later")
    g.resolve()
    for _ in range(2):
        g.go_to("end")
        g.settle()
        while g.stack:
            g.resolve()
        g.end_turn()
    assert g.players["you"].life == 21


def test_a_player_who_left_is_no_opponent_player_or_target():
    """Rule 800.4a: "each opponent" and "each player" count only the players still in the game, and a player
    who left can't be targeted."""
    g = game()
    g.add_player("carissa", "Carissa")
    drain = spell(
        "Drain",
        "{B}",
        "Each opponent loses 1 life. Each player gains 1 life. Target player loses 2 life.",
        Instruction("lose_life", who="each_opponent", amount=Amount(1)),
        Instruction("gain_life", who="each_player", amount=Amount(1)),
        Instruction("lose_life", who="player", amount=Amount(2)),
        targets=[TargetSpec("player", None, players=True)],
    )
    put(g, "drain", drain, zone="hand")
    g.leave_game("carissa")
    g.add_mana("you", "{B}")
    with pytest.raises(IllegalAction):
        g.cast("drain", targets={"player": ["carissa"]})
    g.cast("drain", targets={"player": ["opponent"]})
    g.resolve()
    assert [p.life for p in g.players.values()] == [21, 18, 20]


# -- timing (117.1a) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("type_line", "keyword", "active", "step", "on_stack", "legal"),
    [
        ("Sorcery", "", "you", "main1", False, True),
        ("Sorcery", "", "you", "main2", False, True),
        ("Sorcery", "", "opponent", "main1", False, False),
        ("Sorcery", "", "you", "declare_attackers", False, False),
        ("Creature — Bear", "", "you", "main1", True, False),
        ("Creature — Bear", "flash", "opponent", "end", True, True),
        ("Instant", "", "opponent", "upkeep", True, True),
    ],
)
def test_a_noninstant_spell_waits_for_its_casters_main_phase_and_an_empty_stack(
    type_line, keyword, active, step, on_stack, legal
):
    g = game()
    g.turn.active, g.turn.step = active, step
    abilities = [Ability("flash", "Flash", keyword="flash")] if keyword else []
    put(g, "spell", card("Spell", type_line, "2", "2", abilities=abilities), zone="hand")
    if on_stack:
        put(g, "other", card("Other", "Instant"), zone="hand")
        g.cast("other", player="opponent") if active == "opponent" else g.cast("other")
    stack = list(g.stack)
    if legal:
        g.cast("spell")
        assert [item.label for item in g.stack] == [item.label for item in stack] + ["Spell"]
    else:
        with pytest.raises(IllegalAction) as error:
            g.cast("spell")
        assert (error.value.code, error.value.rule) == ("sorcery-timing", "117.1a")
        assert (g.get("spell").zone, g.stack) == ("hand", stack)


def test_a_spell_cast_while_another_resolves_is_cast_as_it_instructs():
    """608.2g: "you may cast it" during a resolution is not held to 117.1a; with the rule off, any time."""
    g = game()
    g.turn.step = "end"
    put(g, "spell", card("Spell", "Sorcery"), zone="hand")
    g.begin_resolution("Cast a sorcery from your hand")
    g.cast("spell")
    g.end_resolution()
    put(g, "later", card("Later", "Sorcery"), zone="hand")
    with switches.switched_off("117.1a"):
        g.cast("later")
    assert [item.label for item in g.stack] == ["Spell", "Later"]
