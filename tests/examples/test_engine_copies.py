"""Copies and layer 1 (707, 613.2), faces (708, 710, 712), 613.7m: the engine alone, with exact values."""

from dataclasses import replace

import pytest

from rulesref.examples.engine import switches
from rulesref.examples.engine.definitions import Ability, AsEnters, CopyExceptions, Filter, Quantity
from rulesref.examples.engine.errors import IllegalAction
from rulesref.examples.engine.state import timestamp_label

from .helpers import bear, card, game, ids, put, static

CLONE = card(
    "Clone",
    "Creature — Shapeshifter",
    "0",
    "0",
    cost="{3}{U}",
    abilities=[
        Ability(
            key="clone",
            text="You may have Clone enter as a copy of any creature on the battlefield.",
            as_enters=AsEnters("copy", copy_filter=Filter(types=("Creature",))),
        )
    ],
)


def test_a_copy_keeps_the_values_it_copied_when_the_original_changes_later():
    """707.2b: once copied, changing the original's copiable values doesn't change the copy."""
    g = game()
    put(g, "bear", bear())
    put(g, "elf", card("Llanowar Elves", "Creature — Elf Druid", "1", "1", cost="{G}"))
    put(g, "clone", CLONE, zone="hand")
    g.enter("clone", choices={"copy": "bear"})
    g.become_copy("bear", "elf")
    assert (g.computed("bear").name, g.computed("clone").name) == ("Llanowar Elves", "Runeclaw Bear")
    assert (g.computed("clone").pt, g.computed("clone").mana_value, g.computed("clone").colors) == ("2/2", 2, ["G"])


def test_the_copied_object_must_match_the_ability_and_be_on_the_battlefield():
    g = game()
    put(g, "staff", card("Chimeric Staff", "Artifact", cost="{4}"))
    put(g, "gone", bear(), zone="graveyard")
    put(g, "clone", CLONE, zone="hand")
    with pytest.raises(IllegalAction, match="Chimeric Staff is not something Clone may copy"):
        g.enter("clone", choices={"copy": "staff"})
    with pytest.raises(IllegalAction, match="'gone' is not on the battlefield to be copied"):
        g.enter("clone", choices={"copy": "gone"})
    g.enter("clone")  # "you may": without a choice it enters as itself
    assert (g.computed("clone").name, g.computed("clone").pt) == ("Clone", "0/0")


def test_exceptions_keep_colors_set_pt_and_drop_the_copied_cda():
    """707.9b-d: a kept color and a given power/toughness; the copied CDA is not copied."""
    goyf = card(
        "Tarmogoyf",
        "Creature — Lhurgoyf",
        "*",
        "1+*",
        cost="{1}{G}",
        abilities=[Ability(key="cda", text="…", cda=(Quantity(3), Quantity(4)))],
    )
    g = game()
    put(g, "goyf", goyf)
    put(g, "blue", card("Blue Shapeshifter", "Creature — Shapeshifter", "0", "1", cost="{U}"))
    assert g.computed("goyf").pt == "3/4"
    g.become_copy("blue", "goyf", exceptions=CopyExceptions(keep=("colors",), set_pt=(7, 7), add_types=("Artifact",)))
    blue = g.computed("blue")
    assert (blue.name, blue.pt, blue.colors, blue.types) == ("Tarmogoyf", "7/7", ["U"], ["Artifact", "Creature"])
    assert [inst.key for inst in blue.abilities] == []
    assert [(a.layer, a.result) for a in blue.applied if a.layer == "1a"] == [("1a", "Tarmogoyf")]


def test_face_down_is_layer_1b_after_the_copy_and_its_values_are_what_a_clone_copies():
    """613.2b, 708.2a, 707.2: a Clone of a face-down creature is a face-up 2/2 with no name."""
    g = game()
    demon = put(g, "demon", card("Grinning Demon", "Creature — Demon", "6", "6", cost="{2}{B}{B}"))
    demon.face_down = True
    g.changed()
    put(g, "clone", CLONE, zone="hand")
    g.enter("clone", choices={"copy": "demon"})
    for oid in ("demon", "clone"):
        c = g.computed(oid)
        assert (c.name, c.pt, c.types, c.subtypes, c.colors, c.mana_value) == ("", "2/2", ["Creature"], [], [], 0)
    assert g.face_up_reasons("clone") == [("not-face-down", "702.37e")]
    assert g.face_up_reasons("demon") == [("no-morph", "702.37e")]
    g.turn_face_up("demon")
    assert (g.computed("demon").name, g.computed("demon").pt) == ("Grinning Demon", "6/6")
    with switches.switched_off("613.2b"):
        demon.face_down = True
        g.changed()
        assert g.computed("demon").name == "Grinning Demon"


def test_a_back_face_up_has_its_front_face_mana_value_and_a_copy_of_it_has_none():
    """712.8e, 202.3b; 701.28c: a permanent that isn't a transforming card doesn't transform."""
    back = card("Ravager of the Fells", "Legendary Creature — Werewolf", "4", "4", colors=["R", "G"])
    hunt = replace(card("Huntmaster of the Fells", "Legendary Creature — Human Werewolf", "2", "2", cost="{2}{R}{G}"))
    hunt = replace(hunt, back=back, transforming=True)
    g = game()
    put(g, "hunt", hunt)
    put(g, "clone", CLONE, zone="hand")
    assert g.transform("hunt") is True
    assert (g.computed("hunt").name, g.computed("hunt").mana_value, g.computed("hunt").colors) == (
        "Ravager of the Fells",
        4,
        ["R", "G"],
    )
    g.enter("clone", choices={"copy": "hunt"})
    assert (g.computed("clone").name, g.computed("clone").mana_value) == ("Ravager of the Fells", 0)
    g.take_events()
    assert g.transform("clone") is False
    assert [(e.code, e.rule) for e in g.take_events()] == [("transform-nothing", "701.28c")]


def test_a_token_copy_of_a_transforming_permanent_has_both_faces_and_the_same_face_up():
    """707.8a."""
    back = card("Werewolf Ransacker", "Creature — Werewolf", "5", "4", colors=["R"])
    deserter = replace(card("Afflicted Deserter", "Creature — Human Werewolf", "3", "2", cost="{3}{R}"), back=back)
    deserter = replace(deserter, transforming=True)
    g = game()
    put(g, "deserter", deserter).transformed = True
    g.changed()
    g.create_copy_token("token", "deserter", controller="you")
    token = g.get("token")
    assert (token.card.token, token.transformed, g.computed("token").name) == (True, True, "Werewolf Ransacker")
    g.transform("token")
    assert g.computed("token").name == "Afflicted Deserter"


def test_a_flipped_permanent_copying_a_flip_card_uses_its_flipped_half_and_keeps_its_status():
    """707.3, 710.1c, 110.5c."""
    nezumi = card("Nezumi Shortfang", "Creature — Rat Rogue", "1", "1", cost="{1}{B}")
    nezumi = replace(nezumi, flip=card("Stabwhisker the Odious", "Legendary Creature — Rat Shaman", "3", "3"))
    g = game()
    put(g, "nezumi", nezumi)
    put(g, "bear", bear())
    put(g, "shifter", card("Shifter", "Creature — Shapeshifter", "0", "1", cost="{U}"))
    g.take_events()
    assert g.flip("shifter") is False  # not a flip card
    g.become_copy("shifter", "nezumi")
    assert g.flip("shifter") is True
    c = g.computed("shifter")
    assert (c.name, c.pt, c.supertypes, c.colors, c.mana_value) == (
        "Stabwhisker the Odious",
        "3/3",
        ["Legendary"],
        ["B"],
        2,
    )
    g.become_copy("shifter", "bear")
    assert (g.get("shifter").flipped, g.computed("shifter").name) == (True, "Runeclaw Bear")


def test_objects_entering_together_get_timestamps_in_apnap_order():
    """613.7m: the active player's objects first, in the order given, then the other player's."""
    g = game()
    g.turn.active = "opponent"
    for oid, owner in (("mine-1", "you"), ("theirs", "opponent"), ("mine-2", "you")):
        put(g, oid, bear(), zone="hand", owner=owner)
    g.enter_together(["mine-1", "theirs", "mine-2"])
    stamps = {oid: timestamp_label(g.get(oid).timestamp) for oid in ("mine-1", "theirs", "mine-2")}
    assert stamps == {"theirs": "T4", "mine-1": "T5", "mine-2": "T6"}
    assert [g.controller_of(oid) for oid in ("mine-1", "theirs", "mine-2")] == ["you", "opponent", "you"]


def test_a_rules_effect_applies_and_grants_no_ability():
    """613.11, 113.12: "can't be blocked" is a restriction, not an ability."""
    g = game()
    put(g, "bear", bear())
    put(
        g,
        "aura",
        card(
            "Aura",
            "Enchantment — Aura",
            abilities=[static("u", "…", affects=ids("bear"), restrictions=("cant_be_blocked",))],
        ),
    )
    assert (g.computed("bear").restrictions, g.computed("bear").abilities) == (["cant_be_blocked"], [])
