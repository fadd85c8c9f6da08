"""The layer system (rule 613) and power/toughness (rule 208), with the values the rules give."""

import pytest

from rulesref.examples.engine.definitions import Ability, AsEnters, EffectSpec, Filter, Quantity, Selector
from rulesref.examples.engine.errors import IllegalAction

from .helpers import bear, card, every, game, ids, put, static

LOST_ORDER = card(
    "Lost Order of Jarkeld",
    "Creature — Human Knight",
    "1+*",
    "1+*",
    cost="{2}{W}{W}",
    abilities=[
        Ability("choose", "As Lost Order of Jarkeld enters, choose an opponent.", as_enters=AsEnters("opponent")),
        Ability(
            "pt",
            "power and toughness are each equal to 1 plus the number of creatures the chosen player controls",
            cda=(Quantity(1, Filter(types=("Creature",), controller="chosen_player")),) * 2,
        ),
    ],
)
VEHICLE = card("Vehicle", "Artifact — Vehicle", "3", "3", cost="{2}", abilities=[Ability("crew", "Crew 1", crew=1)])


# -- rule 208 ------------------------------------------------------------------------------


def test_a_characteristic_defining_ability_works_in_every_zone_and_an_unknown_number_is_0():
    """208.2a: 1 + 0 in the library and the hand; 1 + N once a player is chosen."""
    g = game()
    put(g, "bear-1", bear(), owner="opponent")
    put(g, "bear-2", bear(), owner="opponent")
    put(g, "lost-order", LOST_ORDER, zone="library")
    assert g.computed("lost-order").pt == "1/1"
    g.draw("you")
    assert g.get("lost-order").zone == "hand"
    assert g.computed("lost-order").pt == "1/1"
    g.enter("lost-order", choices={"opponent": "opponent"})
    assert g.computed("lost-order").pt == "3/3"
    assert [a.layer for a in g.computed("lost-order").applied] == ["printed", "7a"]


def test_the_7a_result_off_the_battlefield_carries_why_the_count_is_0():
    """The trace can say why: off the battlefield there is no chosen player (208.2a)."""
    g = game()
    put(g, "bear", bear(), owner="opponent")
    put(g, "lost-order", LOST_ORDER, zone="hand")
    [cda] = [a for a in g.computed("lost-order").applied if a.layer == "7a"]
    assert (cda.result, cda.note) == ("1/1", "no-chosen-player")
    g.enter("lost-order", choices={"opponent": "opponent"})
    [cda] = [a for a in g.computed("lost-order").applied if a.layer == "7a"]
    assert (cda.result, cda.note) == ("2/2", "")


def test_lost_order_on_the_battlefield_without_a_chosen_player_is_1_1():
    g = game()
    put(g, "bear", bear(), owner="opponent")
    put(g, "lost-order", LOST_ORDER)  # put there by the test, no choice made
    assert g.computed("lost-order").pt == "1/1"


def test_an_as_enters_choice_of_power_and_toughness_is_copiable_and_0_off_the_battlefield():
    """208.2b and 613.2a: the chosen values apply in layer 1a; elsewhere the card is 0/0."""
    shifter = card(
        "Shifter",
        "Artifact Creature — Shapeshifter",
        "*",
        "*",
        abilities=[
            Ability(
                "choice",
                "As Shifter enters, it becomes your choice of 3/3 or 1/6.",
                as_enters=AsEnters("pt", ((3, 3), (1, 6))),
            )
        ],
    )
    g = game()
    put(g, "shifter", shifter, zone="hand")
    assert g.computed("shifter").pt == "0/0"
    with pytest.raises(IllegalAction) as missing:
        g.enter("shifter")
    assert missing.value.code == "choice-missing"
    with pytest.raises(IllegalAction) as wrong:
        g.enter("shifter", choices={"pt": (5, 5)})
    assert str(wrong.value) == "5/5 is not one of 3/3, 1/6 (rule 208.2b)"
    g.enter("shifter", choices={"pt": (1, 6)})
    computed = g.computed("shifter")
    assert computed.pt == "1/6"
    assert [(a.layer, a.result) for a in computed.applied if a.layer != "printed"] == [("1a", "1/6")]


def test_a_noncreature_permanent_has_no_power_or_toughness_but_a_card_in_hand_has_its_printed_ones():
    """208.3: the Vehicle is 3/3 in the hand and has no power/toughness on the battlefield."""
    g = game()
    put(g, "vehicle", VEHICLE, zone="hand")
    assert g.computed("vehicle").pt == "3/3"
    g.enter("vehicle")
    assert g.computed("vehicle").pt is None
    assert g.computed("vehicle").power is None


def test_an_effect_on_a_noncreature_permanent_waits_until_it_is_a_creature():
    """208.3a: the +1/+1 exists while the Vehicle is not a creature and applies once it is."""
    g = game()
    put(g, "vehicle", VEHICLE)
    g.create_effect("bonus", "+1/+1", EffectSpec(affects=ids("vehicle"), modify_pt=(1, 1)), controller="you")
    computed = g.computed("vehicle")
    assert computed.pt is None
    assert [(a.layer, a.effect, a.waiting) for a in computed.applied] == [("7c", "bonus", True)]
    g.create_effect(
        "crewed",
        "becomes an artifact creature",
        EffectSpec(affects=ids("vehicle"), add_types=("Creature",)),
        controller="you",
    )
    assert g.computed("vehicle").pt == "4/4"


def test_base_power_and_toughness_ignore_modifications():
    """208.4b: base values are after 7a and 7b, before 7c."""
    g = game()
    put(g, "ogre", card("Gray Ogre", "Creature — Ogre", "2", "2", cost="{2}{R}"))
    g.add_counters("ogre", "+1/+1", 1)
    g.create_effect("pump", "+4/+4", EffectSpec(affects=ids("ogre"), modify_pt=(4, 4)), controller="you")
    g.create_effect(
        "set", "becomes 0/1", EffectSpec(affects=ids("ogre"), set_pt=(Quantity(0), Quantity(1))), controller="you"
    )
    computed = g.computed("ogre")
    assert computed.base_pt == "0/1"
    assert computed.pt == "5/6"


def test_a_creature_with_no_printed_values_is_0_0_and_dies():
    """208.5 with 704.5f: an artifact with nothing printed becomes a creature with toughness 0."""
    g = game()
    put(g, "mine", card("Howling Mine", "Artifact", cost="{2}"))
    g.create_effect(
        "animate", "becomes a creature", EffectSpec(affects=ids("mine"), add_types=("Creature",)), controller="you"
    )
    assert g.computed("mine").pt == "0/0"
    g.settle()
    assert g.get("mine").zone == "graveyard"
    assert [e.rule for e in g.events if e.code == "sba-toughness"] == ["704.5f"]


# -- rule 613 -------------------------------------------------------------------------------


def test_within_a_layer_the_later_timestamp_wins():
    g = game()
    put(g, "bear", bear())
    g.create_effect(
        "first", "becomes 1/1", EffectSpec(affects=ids("bear"), set_pt=(Quantity(1), Quantity(1))), controller="you"
    )
    g.create_effect(
        "second", "becomes 5/5", EffectSpec(affects=ids("bear"), set_pt=(Quantity(5), Quantity(5))), controller="you"
    )
    assert g.computed("bear").pt == "5/5"
    assert g.computed("bear").order_in_layer("7b") == ["first", "second"]


def test_switching_applies_after_every_modification_whatever_the_timestamps():
    """613.4d: +0/+1, switch, then +5/+0 on a 1/3: unswitched 6/4, actual 4/6."""
    g = game()
    put(g, "creature", card("Creature", "Creature", "1", "3"))
    g.create_effect("a", "+0/+1", EffectSpec(affects=ids("creature"), modify_pt=(0, 1)), controller="you")
    g.create_effect("switch", "switch", EffectSpec(affects=ids("creature"), switch_pt=True), controller="you")
    assert g.computed("creature").pt == "4/1"
    g.create_effect("b", "+5/+0", EffectSpec(affects=ids("creature"), modify_pt=(5, 0)), controller="you")
    assert g.computed("creature").pt == "4/6"


def test_a_dependency_overrides_timestamp_order():
    """613.8a: "noncreature artifacts are 2/2 artifact creatures" (earlier) depends on "all
    permanents are artifacts" (later), which changes what it applies to; so it waits."""
    g = game()
    put(
        g,
        "march",
        card(
            "March",
            "Enchantment",
            abilities=[
                static(
                    "animate",
                    "Noncreature artifacts are 2/2 artifact creatures.",
                    affects=every(types=("Artifact",), not_types=("Creature",)),
                    add_types=("Artifact", "Creature"),
                    set_pt=(Quantity(2), Quantity(2)),
                )
            ],
        ),
    )
    put(
        g,
        "lattice",
        card(
            "Lattice",
            "Artifact",
            abilities=[static("artifacts", "All permanents are artifacts.", affects=every(), add_types=("Artifact",))],
        ),
    )
    put(g, "shrine", card("Shrine", "Enchantment"))
    computed = g.computed("shrine")
    assert computed.types == ["Artifact", "Enchantment", "Creature"]
    assert computed.pt == "2/2"
    assert computed.order_in_layer("4") == ["lattice:artifacts", "march:animate"]


def test_a_dependency_loop_is_applied_in_timestamp_order():
    """613.8b: each removes the other's abilities; the earlier applies and the later is gone."""
    ability = static(
        "silence", "All other permanents lose all abilities.", affects=every(other=True), remove_all_abilities=True
    )
    g = game()
    put(g, "first", card("First", "Enchantment", abilities=[ability]))
    put(g, "second", card("Second", "Enchantment", abilities=[ability]))
    assert [inst.ability.key for inst in g.computed("first").abilities] == ["silence"]
    assert g.computed("second").abilities == []
    assert g.computed("second").order_in_layer("6") == ["first:silence"]


def test_an_effect_that_started_keeps_its_objects_in_later_layers():
    """613.6: the layer-7b part of a static ability applies to the artifacts its layer-4
    part made creatures, though they are no longer noncreature artifacts by then."""
    g = game()
    put(
        g,
        "source",
        card(
            "Source",
            "Enchantment",
            abilities=[
                static(
                    "animate",
                    "Noncreature artifacts are 2/2 artifact creatures.",
                    affects=every(types=("Artifact",), not_types=("Creature",)),
                    add_types=("Creature",),
                    set_pt=(Quantity(2), Quantity(2)),
                )
            ],
        ),
    )
    put(g, "mine", card("Howling Mine", "Artifact"))
    assert g.computed("mine").pt == "2/2"
    assert g.computed("mine").layers_of("source:animate") == ["4", "7b"]


def test_a_granted_static_ability_takes_the_later_timestamp_and_keeps_its_order_when_restamped():
    """613.7a with 613.7e: Rune of Flight on Colossus Hammer."""
    flying = Ability("flying", "", keyword="flying")
    hammer = card(
        "Colossus Hammer",
        "Artifact — Equipment",
        abilities=[
            static(
                "hammer",
                "Equipped creature gets +10/+10 and loses flying.",
                affects=Selector("attached"),
                modify_pt=(10, 10),
                remove_abilities=("flying",),
            )
        ],
    )
    granted = Ability(
        "equipped-flying",
        "Equipped creature has flying.",
        static=EffectSpec(affects=Selector("attached"), add_abilities=(flying,)),
    )
    rune = card(
        "Rune of Flight",
        "Enchantment — Aura",
        abilities=[static("grant", "it has …", affects=Selector("attached"), add_abilities=(granted,))],
    )
    g = game()
    put(g, "hammer", hammer)
    put(g, "bear", bear())
    put(g, "rune", rune, zone="hand")
    g.enter("rune", attached_to="hammer")
    stamps = {a.key: a.timestamp for a in g.effects_now()}
    assert stamps["hammer:rune:grant>equipped-flying"] == g.get("rune").timestamp
    assert stamps["hammer:hammer"] < stamps["hammer:rune:grant>equipped-flying"]
    g.attach("hammer", "bear")
    stamps = {a.key: a.timestamp for a in g.effects_now()}
    new = g.get("hammer").timestamp
    assert stamps["hammer:hammer"] == new
    assert stamps["hammer:rune:grant>equipped-flying"] == (new[0], 1)
    bear_now = g.computed("bear")
    assert bear_now.pt == "12/12"
    assert bear_now.has_keyword("flying")


def test_a_new_counter_gives_every_counter_of_its_kind_a_new_timestamp():
    """613.7c."""
    g = game()
    put(g, "bear", bear())
    g.add_counters("bear", "+1/+1", 1)
    first = g.get("bear").counters["+1/+1"].timestamp
    g.add_counters("bear", "+1/+1", 2)
    counter = g.get("bear").counters["+1/+1"]
    assert counter.count == 3
    assert counter.timestamp > first
    assert g.computed("bear").pt == "5/5"


def test_honor_of_the_pure_follows_the_colour_set_in_layer_5():
    """613.5: white → 3/3, red → 2/2."""
    g = game()
    put(
        g,
        "honor",
        card(
            "Honor of the Pure",
            "Enchantment",
            abilities=[
                static(
                    "anthem",
                    "White creatures you control get +1/+1.",
                    affects=every(types=("Creature",), colors=("W",), controller="you"),
                    modify_pt=(1, 1),
                )
            ],
        ),
    )
    put(g, "creature", card("Creature", "Creature", "2", "2", colors=["B"]))
    assert g.computed("creature").pt == "2/2"
    g.create_effect("white", "white", EffectSpec(affects=ids("creature"), set_colors=("W",)), controller="you")
    assert g.computed("creature").pt == "3/3"
    g.create_effect("red", "red", EffectSpec(affects=ids("creature"), set_colors=("R",)), controller="you")
    assert g.computed("creature").pt == "2/2"
    assert g.computed("creature").colors == ["R"]
