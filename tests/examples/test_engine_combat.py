"""Combat (506–511), the state-based actions added with it (704.5c, h, i, j, m, n), prevention (615) and
multiplayer (800.4a, 801.2, 801.10, 801.13b), rule by rule, on games built in code."""

import pytest

from rulesref.examples.engine import legality
from rulesref.examples.engine.definitions import Ability, Filter, LifeReplacement
from rulesref.examples.engine.errors import IllegalAction
from rulesref.examples.engine.spells import Instruction, Program, Replacement
from rulesref.examples.engine.state import StackItem
from rulesref.examples.runner import run
from rulesref.examples.scenarios import ScenarioError, load_scenario
from tests.conftest import ROOT
from tests.examples.helpers import card, game, put

EXAMPLES_DIR = ROOT / "rules_data" / "examples"


def creature(name, power, toughness, *keywords, combat="", colors=None, cost=None):
    abilities = [Ability(key=k.replace(" ", "-"), text="", keyword=k) for k in keywords]
    if combat:
        abilities.append(Ability(key=combat, text=combat, combat=combat))
    return card(name, "Creature — Beast", str(power), str(toughness), abilities=abilities, colors=colors, cost=cost)


def fight(attackers, blockers, *, orders=None):
    """A game with ``attackers`` (yours) and ``blockers`` (the opponent's); every creature named."""
    g = game()
    for oid, spec in attackers.items():
        put(g, oid, spec)
    for oid, spec in blockers.items():
        put(g, oid, spec, owner="opponent")
    return g


# -- declaring attackers (508.1) -------------------------------------------------------------------------


def test_an_attacker_taps_unless_it_has_vigilance_and_attacks_the_opponent():
    g = fight({"bear": creature("Bear", 2, 2), "angel": creature("Angel", 4, 4, "vigilance")}, {})
    verdict = g.declare_attackers({"bear": "opponent", "angel": "opponent"})
    assert verdict.legal and verdict.reasons == []
    assert (g.get("bear").tapped, g.get("angel").tapped) == (True, False)
    assert g.attacking() == {"bear": "opponent", "angel": "opponent"}
    assert g.turn.step == "declare_attackers"


def test_summoning_sickness_defender_tapped_and_attacking_yourself_are_refused_with_their_rules():
    g = game()
    put(g, "new", creature("New", 2, 2), earlier=False)
    put(g, "wall", creature("Wall", 0, 4, "defender"))
    put(g, "tired", creature("Tired", 2, 2))
    g.get("tired").tapped = True
    put(g, "quick", creature("Quick", 1, 1, "haste"), earlier=False)
    verdict = g.declare_attackers({"new": "opponent", "wall": "opponent", "tired": "you", "quick": "opponent"})
    assert not verdict.legal
    assert verdict.reasons == [
        ("summoning-sick", "302.6"),
        ("defender", "702.3b"),
        ("tapped", "508.1a"),
        ("bad-defender", "508.1b"),
    ]
    assert g.attacking() == {} and not g.get("quick").tapped  # an illegal declaration changes nothing
    assert g.declare_attackers({"quick": "opponent"}).legal


def test_a_creature_with_defender_cannot_attack_by_the_attempt_check_either():
    g = game()
    put(g, "wall", creature("Wall", 0, 4, "defender"))
    verdict = legality.check(g, "attack", "wall")
    assert (verdict.legal, verdict.reasons) == (False, [("defender", "702.3b")])


def test_cant_attack_alone_and_attacks_if_able_against_one_attacker_at_most():
    g = game()
    put(g, "must", creature("Must", 1, 1, combat="attacks_if_able"))
    put(g, "other", creature("Other", 2, 2))
    put(g, "limit", card("Limit", "Enchantment", abilities=[Ability(key="l", text="l", combat="one_attacker")]))
    assert g.check_attackers({"other": "opponent"}).reason_codes == ["requirement"]
    assert g.check_attackers({}).reasons == [("requirement", "508.1d")]
    assert g.check_attackers({"must": "opponent", "other": "opponent"}).reason_codes == ["one-attacker"]
    assert g.check_attackers({"must": "opponent"}).legal
    h = game()
    put(h, "a", creature("A", 3, 3, combat="cant_attack_alone"))
    put(h, "b", creature("B", 3, 3, combat="cant_attack_alone"))
    assert h.check_attackers({"a": "opponent"}).reasons == [("cant-attack-alone", "508.1c")]
    assert h.check_attackers({"a": "opponent", "b": "opponent"}).legal


# -- declaring blockers (509.1) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "blocker", "reasons"),
    [
        (creature("Bird", 1, 1, "flying"), creature("Bear", 2, 2), [("flying", "702.9b")]),
        (creature("Bird", 1, 1, "flying"), creature("Spider", 2, 4, "reach"), []),
        (creature("Shade", 1, 1, "flying", "shadow"), creature("Angel", 4, 4, "flying"), [("shadow", "702.28b")]),
        (creature("Bear", 2, 2), creature("Shade", 1, 1, "shadow"), [("shadow", "702.28b")]),
        (creature("Wurm", 6, 6, colors=["G"]), creature("Elf", 1, 1, "protection from green"), []),
        (
            creature("Knight", 2, 2, "protection from green"),
            creature("Elf", 1, 1, colors=["G"]),
            [("protection", "702.16b")],
        ),
        (creature("Bear", 2, 2), creature("Coward", 1, 1, combat="cant_block"), [("cant-block", "509.1b")]),
        (creature("Rogue", 2, 2, combat="cant_be_blocked"), creature("Bear", 2, 2), [("cant-be-blocked", "509.1b")]),
    ],
)
def test_evasion_and_block_restrictions(attacker, blocker, reasons):
    g = fight({"a": attacker}, {"b": blocker})
    g.declare_attackers({"a": "opponent"})
    assert g.check_blockers({"b": ["a"]}).reasons == reasons


def test_landwalk_looks_at_the_defending_players_lands_only():
    g = fight({"walker": creature("Walker", 2, 2, "snow forestwalk")}, {"bear": creature("Bear", 2, 2)})
    put(g, "forest", card("Forest", "Basic Land — Forest"), owner="opponent")
    g.declare_attackers({"walker": "opponent"})
    assert g.check_blockers({"bear": ["walker"]}).legal  # a Forest, but not a snow one
    put(g, "snowy", card("Snow-Covered Forest", "Basic Snow Land — Forest"), owner="you")
    assert g.check_blockers({"bear": ["walker"]}).legal  # the attacking player's snow Forest does not count
    put(g, "theirs", card("Snow-Covered Forest", "Basic Snow Land — Forest"), owner="opponent")
    assert g.check_blockers({"bear": ["walker"]}).reasons == [("landwalk", "702.14c")]


def test_menace_blocking_requirements_and_blocking_an_additional_creature():
    g = fight(
        {"brute": creature("Brute", 3, 2, "menace"), "bear": creature("Bear", 2, 2)},
        {"dog": creature("Dog", 1, 2, combat="blocks_if_able"), "wall": creature("Wall", 0, 4)},
    )
    g.declare_attackers({"brute": "opponent", "bear": "opponent"})
    assert g.check_blockers({"dog": ["brute"]}).reason_codes == ["menace"]
    assert g.check_blockers({"wall": ["brute"]}).reason_codes == ["menace", "requirement"]
    assert g.check_blockers({}).reason_codes == ["requirement"]
    assert g.check_blockers({"dog": ["bear"]}).legal
    assert g.check_blockers({"wall": ["brute", "bear"]}).reasons == [
        ("block-limit", "509.1a"),
        ("menace", "702.111b"),
        ("requirement", "509.1c"),
    ]


def test_a_blocker_blocks_only_creatures_attacking_its_controller():
    g = game()
    g.add_player("third", "Third")
    put(g, "bear", creature("Bear", 2, 2))
    put(g, "theirs", creature("Theirs", 2, 2), owner="third")
    g.declare_attackers({"bear": "opponent"})
    assert g.check_blockers({"theirs": ["bear"]}).reasons == [("not-defending", "509.1a")]


def test_blocking_a_band_blocks_every_creature_in_it():
    g = fight(
        {"flyer": creature("Flyer", 1, 1, "flying", "banding"), "walker": creature("Walker", 3, 3, "swampwalk")},
        {"angel": creature("Angel", 4, 4, "flying")},
    )
    assert g.declare_attackers({"flyer": "opponent"}, [["flyer", "walker"]]).reasons == [("band", "702.22c")]
    assert g.declare_attackers({"flyer": "opponent", "walker": "opponent"}, [["flyer", "walker"]]).legal
    g.declare_blockers({"angel": ["flyer"]})
    assert g.blocking() == {"angel": ["flyer", "walker"]}
    assert g.combat.blocked == {"flyer", "walker"}


# -- damage assignment order and combat damage (509.2, 510) ----------------------------------------------


def gorger_blocked(order=("guardian", "elves")):
    g = fight(
        {"gorger": creature("Gorger", 5, 6)}, {"guardian": creature("Guardian", 0, 3), "elves": creature("Elves", 1, 1)}
    )
    g.declare_attackers({"gorger": "opponent"})
    g.declare_blockers({"guardian": ["gorger"], "elves": ["gorger"]}, {"gorger": list(order)})
    return g


def test_the_damage_assignment_order_is_announced_and_must_name_exactly_the_blockers():
    g = gorger_blocked(("elves", "guardian"))
    assert g.blockers_of("gorger") == ["elves", "guardian"]
    h = fight(
        {"gorger": creature("Gorger", 5, 6)}, {"guardian": creature("Guardian", 0, 3), "elves": creature("Elves", 1, 1)}
    )
    h.declare_attackers({"gorger": "opponent"})
    with pytest.raises(IllegalAction) as error:
        h.declare_blockers({"guardian": ["gorger"], "elves": ["gorger"]}, {"gorger": ["guardian"]})
    assert (error.value.code, error.value.rule) == ("bad-order", "509.2")


def test_lethal_damage_in_order_gives_exactly_three_legal_assignments():
    g = gorger_blocked()
    assert g.legal_assignments("gorger") == [{"guardian": 5}, {"guardian": 4, "elves": 1}, {"guardian": 3, "elves": 2}]
    g.damage("earlier", "guardian", 1)
    assert g.legal_assignments("gorger")[-1] == {"guardian": 2, "elves": 3}  # damage already marked counts (510.1c)


def test_an_assignment_out_of_order_is_refused_and_changes_nothing():
    g = gorger_blocked()
    verdict = g.combat_damage({"gorger": {"guardian": 2, "elves": 3}})
    assert verdict.reasons == [("assignment-order", "510.1c")]
    assert (g.get("guardian").damage, g.get("elves").damage, g.combat.damage_steps) == (0, 0, 0)
    assert g.combat_damage({"gorger": {"guardian": 4}}).reasons == [("assignment-total", "510.1a")]
    assert g.combat_damage({"gorger": {"guardian": 3, "opponent": 2}}).reason_codes == ["assignment-target"]


def test_combat_damage_is_dealt_at_once_and_lethal_damage_destroys_by_state_based_action():
    g = gorger_blocked()
    assert g.combat_damage({"gorger": {"guardian": 3, "elves": 2}}).legal
    assert (g.get("guardian").damage, g.get("elves").damage, g.get("gorger").damage) == (3, 2, 1)
    g.settle()
    assert (g.get("guardian").zone, g.get("elves").zone, g.get("gorger").zone) == (
        "graveyard",
        "graveyard",
        "battlefield",
    )
    with pytest.raises(IllegalAction) as error:
        g.combat_damage()
    assert error.value.rule == "510.4"


def test_first_strike_and_double_strike_get_their_own_step():
    g = fight(
        {"knight": creature("Knight", 2, 2, "first strike"), "double": creature("Double", 1, 1, "double strike")},
        {"bear": creature("Bear", 2, 2), "elf": creature("Elf", 1, 1)},
    )
    g.declare_attackers({"knight": "opponent", "double": "opponent"})
    g.declare_blockers({"bear": ["knight"]})
    g.combat_damage()
    assert (g.turn.step, g.get("bear").damage, g.get("knight").damage, g.players["opponent"].life) == (
        "first_strike_damage",
        2,
        0,
        19,
    )
    g.settle()  # the Bear dies before it can strike back
    g.combat_damage()
    assert (g.turn.step, g.get("knight").damage, g.players["opponent"].life) == ("combat_damage", 0, 18)


def test_trample_and_deathtouch_make_one_damage_lethal():
    g = fight({"snake": creature("Snake", 3, 3, "trample", "deathtouch")}, {"giant": creature("Giant", 5, 5)})
    g.declare_attackers({"snake": "opponent"})
    g.declare_blockers({"giant": ["snake"]})
    assert g.legal_assignments("snake") == [
        {"giant": 3},
        {"giant": 2, "opponent": 1},
        {"giant": 1, "opponent": 2},
    ]
    assert g.combat_damage({"snake": {"opponent": 3}}).reasons == [("assignment-order", "702.19b")]
    g.combat_damage({"snake": {"giant": 1, "opponent": 2}})
    assert g.players["opponent"].life == 18
    g.settle()
    assert g.get("giant").zone == "graveyard"  # 704.5h: 1 damage from a deathtouch source
    assert any(e.code == "sba-deathtouch" and e.rule == "704.5h" for e in g.take_events())


def test_protection_prevents_damage_wither_and_infect_give_counters_lifelink_gains_per_source():
    g = fight(
        {
            "wurm": creature("Wurm", 6, 6, "trample", colors=["G"]),
            "witherer": creature("Witherer", 2, 2, "wither"),
            "infector": creature("Infector", 3, 3, "infect"),
            "lifer": creature("Lifer", 2, 2, "lifelink"),
            "lifer2": creature("Lifer", 1, 1, "lifelink"),
        },
        {"knight": creature("Knight", 2, 2, "protection from green"), "bear": creature("Bear", 3, 3)},
    )
    g.declare_attackers({oid: "opponent" for oid in ("wurm", "witherer", "infector", "lifer", "lifer2")})
    g.declare_blockers({"knight": ["wurm"], "bear": ["witherer"]})
    g.take_events()
    g.combat_damage({"wurm": {"knight": 2, "opponent": 4}})
    assert g.get("knight").damage == 0
    assert g.get("bear").counters["-1/-1"].count == 2 and g.get("bear").damage == 0
    assert (g.players["opponent"].poison, g.players["opponent"].life) == (3, 20 - 4 - 2 - 1)
    assert g.players["you"].life == 23
    gains = [e.values["amount"] for e in g.take_events() if e.code == "life-gained"]
    assert gains == [2, 1]  # one life gain event per source (702.15e)
    # The Wurm's 2 to the Knight was prevented: no event; the blockers' damage comes last.
    assert [entry["amount"] for entry in g.combat.damage_log] == [4, 2, 3, 2, 1, 2, 3]


def test_a_blocked_creature_whose_blocker_left_deals_no_damage_unless_it_tramples():
    g = fight(
        {"piker": creature("Piker", 2, 1), "rhino": creature("Rhino", 4, 4, "trample")},
        {"a": creature("A", 1, 1), "b": creature("B", 1, 1)},
    )
    g.declare_attackers({"piker": "opponent", "rhino": "opponent"})
    g.declare_blockers({"a": ["piker"], "b": ["rhino"]})
    g.move("a", "graveyard")
    g.move("b", "graveyard")
    assert g.blocking() == {}
    g.combat_damage()
    assert g.players["opponent"].life == 16  # the Rhino's 4 (702.19e); the Piker assigns none (510.1c)
    assert g.get("piker").damage == 0


def test_trample_over_planeswalkers_counts_loyalty_and_others_damage():
    g = fight({"eel": creature("Eel", 1, 1), "bronto": creature("Bronto", 7, 7, "trample over planeswalkers")}, {})
    put(g, "jace", card("Jace", "Legendary Planeswalker — Jace"), owner="opponent")
    g.add_counters("jace", "loyalty", 3)
    g.declare_attackers({"eel": "jace", "bronto": "jace"})
    assert g.recipients("bronto") == ["jace", "opponent"]
    bad = g.combat_damage({"eel": {"jace": 1}, "bronto": {"jace": 1, "opponent": 6}})
    assert bad.reasons == [("assignment-order", "702.19c")]
    assert g.combat_damage({"eel": {"jace": 1}, "bronto": {"jace": 2, "opponent": 5}}).legal
    assert (g.players["opponent"].life, "loyalty" in g.get("jace").counters) == (15, False)
    g.settle()
    assert g.get("jace").zone == "graveyard"  # 704.5i


def test_a_creature_put_onto_the_battlefield_blocking_takes_the_place_given():
    g = fight({"spider": creature("Spider", 2, 4, "reach")}, {"minotaur": creature("Minotaur", 3, 3)})
    g.declare_attackers({"spider": "opponent"})
    g.declare_blockers({"minotaur": ["spider"]})
    g.create_token("saproling", card("Saproling", "Creature — Saproling", "1", "1", token=True), controller="opponent")
    g.take_events()
    g.put_blocking("saproling", "spider", 0)
    assert g.blockers_of("spider") == ["saproling", "minotaur"]
    assert [e.code for e in g.take_events()] == ["assignment-order"]  # blocking, but it never "blocked" (509.7)


def test_the_end_of_combat_removes_everything_from_combat():
    g = gorger_blocked()
    g.end_combat()
    assert (g.attacking(), g.blocking(), g.turn.step) == ({}, {}, "end_of_combat")
    g.go_to("main2")
    assert g.combat is None


# -- state-based actions (704.5) ----------------------------------------------------------------------


def test_ten_poison_counters_lose_the_game():
    g = game()
    g.players["opponent"].poison = 9
    assert not g.check_state_based_actions()
    g.players["opponent"].poison = 10
    assert g.check_state_based_actions()
    assert g.players["opponent"].lost
    assert [(e.code, e.rule) for e in g.take_events()] == [("sba-poison", "704.5c"), ("lost", "704.5c")]


def test_the_legend_rule_keeps_the_newest_of_one_name_per_controller():
    g = game()
    legend = card("Isamaru", "Legendary Creature — Dog Samurai", "2", "1")
    put(g, "old", legend)
    put(g, "theirs", legend, owner="opponent")
    put(g, "new", legend)
    g.settle()
    assert (g.get("old").zone, g.get("new").zone, g.get("theirs").zone) == ("graveyard", "battlefield", "battlefield")


def test_an_aura_attached_to_nothing_goes_and_equipment_on_a_noncreature_falls_off():
    g = game()
    put(g, "bear", creature("Bear", 2, 2))
    put(g, "land", card("Forest", "Basic Land — Forest"))
    put(g, "aura", card("Aura", "Enchantment — Aura"))
    put(g, "sword", card("Sword", "Artifact — Equipment"))
    g.get("aura").attached_to = "bear"
    g.get("sword").attached_to = "land"
    g.settle()
    assert (g.get("aura").zone, g.get("sword").attached_to) == ("battlefield", None)
    g.move("bear", "graveyard")
    g.settle()
    assert g.get("aura").zone == "graveyard"
    assert [e.rule for e in g.take_events() if e.code.startswith("sba-")] == ["704.5n", "704.5m"]


def test_counters_still_annihilate():
    g = game()
    put(g, "bear", creature("Bear", 2, 2))
    g.add_counters("bear", "+1/+1", 2)
    g.add_counters("bear", "-1/-1", 3)
    g.settle()
    assert {k: c.count for k, c in g.get("bear").counters.items()} == {"-1/-1": 1}
    assert g.computed("bear").pt == "1/1"


# -- prevention (615) and multiplayer (800, 801) --------------------------------------------------------


def test_a_prevention_shield_prevents_the_next_damage_and_wears_out():
    g = game()
    put(g, "bear", creature("Bear", 2, 2))
    g.prevent("Mending Hands", controller="you", target="bear", amount=4, combat_only=False)
    assert g.damage("bolt", "bear", 3) == 0
    assert g.damage("bolt", "bear", 3) == 2
    assert g.get("bear").damage == 2 and g.shields == []


def test_life_gain_is_doubled_by_each_replacement_of_its_player():
    g = game()
    boon = card(
        "Boon Reflection",
        "Enchantment",
        abilities=[Ability(key="b", text="b", replacement=Replacement("gain_life", multiply=2))],
    )
    put(g, "boon", boon)
    put(g, "theirs", boon, owner="opponent")
    g.gain_life("you", 3)
    assert (g.players["you"].life, g.players["opponent"].life) == (26, 20)


def test_worship_looks_at_the_whole_damage_event_prevention_gains_included():
    g = game()
    worship = card(
        "Worship",
        "Enchantment",
        abilities=[
            Ability(key="w", text="w", life=LifeReplacement(floor=1, while_you_control=Filter(types=("Creature",))))
        ],
    )
    put(g, "worship", worship, owner="opponent")
    put(g, "wall", creature("Wall", 0, 8), owner="opponent")
    put(g, "a", creature("A", 5, 5))
    put(g, "b", creature("B", 5, 5))
    g.players["opponent"].life = 2
    g.declare_attackers({"a": "opponent", "b": "opponent"})
    g.prevent("Awe Strike", controller="opponent", target=None, amount=None, combat_only=False, source="a", gain=True)
    g.combat_damage()
    assert (g.players["opponent"].life, g.shields) == (2, [])
    assert [e.code for e in g.take_events()].count("life-floor") == 0
    g.move("wall", "graveyard")  # no creature: Worship does nothing
    g.deal_damage_at_once([("b", "opponent", 5)])
    assert g.players["opponent"].life == -3


def three_players(ranges=None):
    g = game()
    g.add_player("carissa", "Carissa")
    for pid, reach in (ranges or {}).items():
        g.players[pid].range = reach
    return g


def test_a_player_who_leaves_takes_what_they_own_and_their_control_effects_end():
    g = three_players()
    put(g, "griffin", creature("Griffin", 3, 2), owner="opponent")
    put(g, "angel", creature("Angel", 4, 4), owner="opponent", controller="you")
    put(g, "mine", creature("Mine", 1, 1))
    g.gain_control("griffin", "you")
    g.leave_game("you")
    assert "mine" not in g.objects  # owned: it leaves the game
    assert g.controller_of("griffin") == "opponent"  # the effect giving control ended
    assert g.get("angel").zone == "exile"  # owned by another, controlled: exiled
    assert (g.in_game(), g.next_player("opponent")) == (["opponent", "carissa"], "carissa")


def test_in_a_multiplayer_game_a_loser_leaves_and_the_turn_passes_them_by():
    g = three_players()
    put(g, "bear", creature("Bear", 2, 2), owner="opponent")
    g.players["opponent"].life = 0
    g.settle()
    assert (g.players["opponent"].left, "bear" in g.objects) == (True, False)
    g.end_turn()
    assert g.turn.active == "carissa"


def test_ranges_of_influence_are_seats_each_way_and_fixed_as_the_turn_begins():
    g = game()
    for pid in ("c", "d", "e"):
        g.add_player(pid, pid.upper())
    for pid in g.players:
        g.players[pid].range = 1
    assert g.in_range_of("you") == ["you", "opponent", "e"]
    g.leave_game("opponent")
    assert g.in_range_of("you") == ["you", "e"]
    g.end_turn()
    assert g.in_range_of("you") == ["you", "c", "e"]


def test_redirected_damage_goes_only_where_the_sources_controller_can_reach():
    g = game()
    for pid in ("c", "d"):
        g.add_player(pid, pid.upper())
    for pid in g.players:
        g.players[pid].range = 1
    put(g, "axe", card("Lava Axe", "Sorcery"), zone="stack")
    g.prevent("to c", controller="opponent", target="opponent", amount=3, combat_only=False, redirect_to="c")
    assert g.damage("axe", "opponent", 5) == 2
    assert (g.players["opponent"].life, g.players["c"].life) == (18, 20)
    g.prevent("to d", controller="opponent", target="opponent", amount=3, combat_only=False, redirect_to="d")
    g.damage("axe", "opponent", 5)
    assert (g.players["opponent"].life, g.players["d"].life) == (16, 17)


def test_a_choice_for_another_players_spell_stays_within_both_ranges():
    g = game()
    for pid in ("c", "d"):
        g.add_player(pid, pid.upper())
    for pid in g.players:
        g.players[pid].range = 1
        put(g, f"{pid}-bear", creature("Bear", 2, 2), owner=pid)
    assert g.choosable("opponent", "you") == ["you", "opponent", "you-bear", "opponent-bear"]
    # Seated two apart at a table of four: only the two players between them are in both ranges.
    assert g.choosable("c", "you") == ["opponent", "d", "opponent-bear", "d-bear"]


def test_damage_to_each_creature_and_prevention_stop_at_the_range_of_influence():
    g = game()
    for pid in ("c", "d"):
        g.add_player(pid, pid.upper())
    for pid in g.players:
        g.players[pid].range = 1
    for pid in g.players:
        put(g, f"{pid}-bear", creature("Bear", 2, 2), owner=pid)
    assert g.damage_each("you-bear", Filter(types=("Creature",)), 1, controller="you") == [
        "you-bear",
        "opponent-bear",
        "d-bear",
    ]
    assert g.get("c-bear").damage == 0
    g.prevent("Fog", controller="you", target=None, amount=None, combat_only=False)
    assert g.damage("opponent-bear", "you-bear", 1) == 0  # source and recipient in range: prevented
    assert g.damage("c-bear", "opponent-bear", 1) == 1  # a source out of range: not (801.13b)


# -- scenarios' "if, instead" branches ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "params", "checks"),
    [
        ("mind-control-leaves-the-game", {"who_leaves": "bianca"}, 5),
        ("bribery-leaves-the-game", {"who_leaves": "alex"}, 4),
        ("mogg-fanatic-sacrificed", {"sacrifice": "false"}, 4),
        ("mountainwalk-defending-player", {"carissa_mountain": "true"}, 2),
        ("worship-and-awe-strike", {"awe_strike": "false"}, 3),
    ],
)
def test_the_other_branch_of_an_example_runs_green_too(slug, params, checks):
    trace = run(load_scenario(EXAMPLES_DIR / f"{slug}.toml"), params)
    assert trace.passed, trace.first_failure()
    assert len(trace.checks) == checks


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        (
            'combat = "cant_attack_alone"',
            'combat = "cant_attack_solo"',
            "abilities[0].combat: 'cant_attack_solo' is not",
        ),
        (
            'attackers = ["goblin-1"]',
            'attackers = ["ghost"]',
            "steps[1].attackers: no object 'ghost' at this point",
        ),
        ('attackers = ["goblin-1"]', 'attackers = "goblin-1"', "steps[1].attackers: name the attacking creatures"),
        (
            'do = "declare_attackers"',
            'do = "declare_attackers"\nwhen = { n = 1 }',
            "steps[1].when.n: 'n' is not a parameter",
        ),
    ],
)
def test_a_combat_step_with_a_mistake_names_its_field(tmp_path, old, new, reason):
    text = (EXAMPLES_DIR / "cant-attack-alone.toml").read_text(encoding="utf-8").replace(old, new, 1)
    path = tmp_path / "cant-attack-alone.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert reason in str(error.value) and str(error.value).startswith(f"{path}:")


def test_a_check_on_an_object_that_left_the_game_names_it_as_it_was():
    from django.utils import translation

    from rulesref.examples.display import trace_context

    scenario = load_scenario(EXAMPLES_DIR / "mind-control-leaves-the-game.toml")
    with translation.override("en"):
        context = trace_context(run(scenario), scenario, "en")
    rows = [row for step in context["steps"] for row in step["checks"]]
    assert [row["what"] for row in rows if row["label"] == "exists"] == ["Mind Control: exists"]
    assert "Alex" in [row["expected"] for row in rows if row["label"] == "controller"]


COMBAT_SCENARIOS = sorted(
    path.stem
    for path in EXAMPLES_DIR.glob("*.toml")
    if any(
        word in path.read_text(encoding="utf-8")
        for word in ('do = "declare_attackers"', 'do = "leave_game"', "range = ")
    )
)


@pytest.mark.django_db
def test_every_combat_and_multiplayer_page_answers_and_names_what_each_creature_does(client):
    assert len(COMBAT_SCENARIOS) == 30
    for slug in COMBAT_SCENARIOS:
        response = client.get(f"/examples/{slug}/?lang=ja")
        assert response.status_code == 200, slug
    html = client.get("/examples/baloth-and-boars/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "blocking Enormous Baloth, Durkwood Boars" in html
    assert "attacking Opponent" in html
    html = client.get("/examples/mind-control-leaves-the-game/?lang=it").content.decode()
    assert "Alex ha abbandonato la partita" in html


def test_a_regenerated_blocker_is_removed_from_combat_and_its_attacker_stays_blocked():
    """701.15a, 506.4: regenerating removes a blocking creature from combat; the attacker stays blocked
    (509.1h) and, with nothing blocking it and no trample, deals no combat damage (510.1c)."""
    g = game()
    put(g, "ogre", creature("Ogre", 3, 3))
    put(g, "skeletons", creature("Drudge Skeletons", 1, 1), owner="opponent")
    g.declare_attackers({"ogre": "opponent"})
    g.declare_blockers({"skeletons": ["ogre"]})
    item = StackItem("x", "Regenerate", "opponent", "skeletons", "ability", program=Program())
    g.run_instruction(item, Instruction("regenerate", what="self"), {"illegal": set()})
    g.take_events()
    assert g.destroy("skeletons") is False
    assert [e.code for e in g.take_events()] == ["tapped", "regenerated", "left-combat"]
    assert (g.blocking(), g.blockers_of("ogre"), "ogre" in g.combat.blocked) == ({}, [], True)
    g.combat_damage()
    assert (g.players["opponent"].life, g.get("skeletons").damage, g.get("skeletons").zone) == (20, 0, "battlefield")
