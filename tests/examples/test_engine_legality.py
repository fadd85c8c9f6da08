"""Берсерк: the additional properties of creatures as legal and illegal actions (the bundled
fragment's 107.2–107.5; Heroes ed. 15: 108.2–108.5)."""

from rulesref.examples.engine import legality
from rulesref.examples.engine.definitions import Ability, EffectSpec

from .helpers import card, game, ids, put

ELF = card("Эльф-всадник", "Существо", abilities=[Ability("shot", "Выстрел", activated="shot", tap_cost=True)])
GNOME = card("Гном", "Существо")
RUSH = Ability("rush", "", keyword="Рывок")


def berserk_game():
    g = game("berserk", turn=5)
    put(g, "elf", ELF, owner="opponent")
    put(g, "gnome", GNOME, owner="opponent")
    return g


def verdicts(g, *actions, on="elf"):
    return {action: legality.check(g, action, on).reason_codes for action in actions}


def test_a_creature_taken_this_turn_can_neither_strike_nor_shoot():
    """107.5, first ПРИМЕР."""
    g = berserk_game()
    g.gain_control("elf", "you")
    assert verdicts(g, "attack", "shot") == {"attack": ["first-turn-weakness"], "shot": ["first-turn-weakness"]}
    assert legality.check(g, "attack", "elf").reasons == [("first-turn-weakness", "107.5")]


def test_rush_lifts_the_weakness_and_either_action_then_closes_it():
    """107.5, second ПРИМЕР: "либо атаковать ударом, либо сделать выстрел"."""
    g = berserk_game()
    g.gain_control("elf", "you")
    g.create_effect("rush", "Рывок", EffectSpec(affects=ids("elf"), add_abilities=(RUSH,)), controller="you")
    assert verdicts(g, "attack", "shot") == {"attack": [], "shot": []}
    legality.perform(g, "shot", "elf")
    assert g.get("elf").tapped is True
    assert verdicts(g, "attack", "shot") == {"attack": ["tapped"], "shot": ["tapped", "once-per-turn"]}


def test_a_strike_is_declared_once_per_turn_in_the_main_stage_of_its_controllers_turn():
    """107.2: "1 раз за ход … Она может быть объявлена игроком только в фазе Выбора Основного этапа его хода"."""
    g = berserk_game()
    put(g, "own", card("Гном", "Существо"))
    g.turn.step = "start"
    assert verdicts(g, "attack", on="own") == {"attack": ["wrong-step"]}
    g.turn.step = "main"
    legality.perform(g, "attack", "own", target="gnome")
    assert g.attack == ("own", "gnome")
    g.untap("own")
    assert verdicts(g, "attack", on="own") == {"attack": ["once-per-turn"]}


def test_on_the_opponents_turn_a_creature_cannot_strike():
    g = berserk_game()
    g.turn.active = "opponent"
    put(g, "own", card("Гном", "Существо"))
    assert verdicts(g, "attack", on="own") == {"attack": ["not-your-turn"]}


def test_the_weakness_ends_with_the_turn():
    g = berserk_game()
    g.gain_control("elf", "you")
    g.end_turn()
    g.end_turn()
    g.turn.step = "main"
    assert (g.turn.number, g.turn.active) == (7, "you")
    assert verdicts(g, "attack", "shot") == {"attack": [], "shot": []}


def test_first_turn_weakness_does_not_stop_a_creature_defending():
    """107.3 (Heroes 108.5: "но может выступать в защиту"): defend after an enemy strike."""
    g = berserk_game()
    g.turn.active = "opponent"
    put(g, "defender", card("Страж", "Существо"), earlier=False)  # came into play this turn
    assert verdicts(g, "defend", on="defender") == {"defend": ["no-enemy-attack"]}
    legality.perform(g, "attack", "gnome", target="defender")
    assert verdicts(g, "defend", on="defender") == {"defend": []}
    legality.perform(g, "defend", "defender")
    assert g.get("defender").tapped is True
    assert verdicts(g, "defend", on="defender") == {"defend": ["tapped", "once-per-turn"]}
    assert verdicts(g, "defend", on="elf") == {"defend": ["own-creature-attacked"]}


def test_a_creature_without_a_shot_cannot_shoot():
    g = berserk_game()
    put(g, "own", card("Гном", "Существо"))
    assert verdicts(g, "shot", on="own") == {"shot": ["no-ability"]}


def test_berserk_events_cite_no_magic_rules():
    g = berserk_game()
    g.gain_control("elf", "you")
    assert [(e.code, e.rule) for e in g.take_events()] == [("effect", ""), ("control", "")]


def test_the_open_creature_being_struck_fights_back_and_a_defender_takes_the_strike():
    """107.4 and 107.3: parry needs the struck creature to be open; a defender becomes the one struck."""
    g = berserk_game()
    g.turn.active = "opponent"
    put(g, "target", card("Цель", "Существо"))
    put(g, "guard", card("Страж", "Существо"))
    assert verdicts(g, "parry", on="target") == {"parry": ["not-attacked"]}
    legality.perform(g, "attack", "gnome", target="target")
    assert verdicts(g, "parry", on="target") == {"parry": []}
    assert verdicts(g, "parry", on="guard") == {"parry": ["not-attacked"]}
    legality.perform(g, "defend", "guard")
    assert g.attack == ("gnome", "guard")
    assert verdicts(g, "parry", on="target") == {"parry": ["not-attacked"]}
    # The defender closed as it stepped in ("закрыться"), so it cannot fight back.
    assert verdicts(g, "parry", on="guard") == {"parry": ["tapped"]}
