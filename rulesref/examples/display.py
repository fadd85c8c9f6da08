"""A trace as a reader reads it, in the active interface language: what the scenario page shows and
what ``run_example`` prints, from one place, so both say the same sentences.

The engine reports by code and id (an event's code and values, a layer's result ``"you"``, an
effect's key ``"motorist:crew-bonus"``, an illegal action's reason ``"first-turn-weakness"``); here
they become names and sentences: players by their translated names, cards by their printed name in
the page's language (``rules_data/glossary/cards.toml``, where the card data has one), effects by
their labels, reasons and notes by the catalog's sentences.
"""

from __future__ import annotations

import threading
from contextvars import ContextVar
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rulesref.rules import glossary_data

from . import messages
from .engine.mana import ordered_colors

# The language card names and rule texts of each game are printed in here.
CONTENT_LANGUAGE = {"mtg": "en", "berserk": "ru"}

# The names a scenario gives its players ("alex" → "Alex"), for the trace being shown.
_player_names: ContextVar[dict[str, str] | None] = ContextVar("scenario_player_names", default=None)
_lock = threading.Lock()
_names: dict[str, tuple[tuple, dict]] = {}


def cards_file() -> Path:
    return Path(settings.RULES_DATA_DIR) / "glossary" / "cards.toml"


def card_names(game: str) -> dict[str, dict[str, str]]:
    """A card's name as a scenario writes it (the game's own language) → its printed name per
    language, from the glossary's card data; read again when the file changes. A card data file
    that cannot be read gives no names (the glossary import reports it), never a broken page."""
    path = cards_file()
    try:
        stat = path.stat()
    except OSError:
        return {}
    signature = (str(path), stat.st_mtime_ns, stat.st_size)
    with _lock:
        hit = _names.get(game)
        if hit and hit[0] == signature:
            return hit[1]
    try:
        cards = glossary_data.load_cards(path)
    except glossary_data.GlossaryDataError:
        cards = []
    own = CONTENT_LANGUAGE.get(game, "en")
    found = {card.names[own]: dict(card.names) for card in cards if card.game == game and own in card.names}
    with _lock:
        _names[game] = (signature, found)
    return found


class Names:
    """The names one page (or one printed trace) gives players, cards and effects."""

    def __init__(self, game: str, language: str):
        self.game = game
        self.language = language
        self.content_language = CONTENT_LANGUAGE.get(game, "en")
        self.cards = {
            name: names[language] for name, names in card_names(game).items() if names.get(language, name) != name
        }
        self.players = {"You": str(messages.PLAYERS["you"]), "Opponent": str(messages.PLAYERS["opponent"])}

    def card(self, name: str) -> tuple[str, str]:
        """(the name in the page's language where the card data has one, else as printed; its language)."""
        if name in self.cards:
            return self.cards[name], self.language
        return name, self.content_language

    def for_events(self) -> dict[str, str]:
        """Every name an event's values may hold, translated."""
        return {**self.cards, **self.players}


def player_label(player_id: str | None) -> str:
    if player_id is None or player_id == "none":
        return "—"
    if player_id in messages.PLAYERS:
        return str(messages.PLAYERS[player_id])
    return (_player_names.get() or {}).get(player_id, player_id)


def trace_context(trace, scenario, language: str) -> dict:
    """Everything the page (and the command) shows of a run: steps with their events, state and checks."""
    token = _player_names.set({pid: str(player.get("name", pid)) for pid, player in scenario.players.items()})
    try:
        return trace_rows(trace, scenario, language)
    finally:
        _player_names.reset(token)


def trace_rows(trace, scenario, language: str) -> dict:
    names = Names(scenario.game, language)
    # An ability a check names by key that no object has at that step (a "lacks" check) is still on its
    # card: its text, from the scenario's cards.
    printed_abilities = {
        ability["key"]: ability.get("text") or ability.get("keyword") or ability["key"]
        for card in scenario.cards.values()
        for ability in card.get("abilities", [])
        if isinstance(ability, dict) and isinstance(ability.get("key"), str)
    }
    steps = []
    # An object that has ceased to exist or left the game (an "exists = false" check) keeps the name it had.
    known_names: dict = {}
    for number, result in enumerate(trace.steps, start=1):
        text, text_lang = text_in(result.step.texts, language)
        state = result.state or {}
        objects = state.get("objects", [])
        known_names.update((obj["id"], names.card(obj["name"])) for obj in objects)
        object_names = dict(known_names)
        sentences = [messages.event_text(event, names.for_events()) for event in result.events]
        # An "events_include" check names events by code: shown by this step's sentences of them.
        event_sentences = {}
        for event, sentence in zip(result.events, sentences, strict=True):
            event_sentences.setdefault(event.code, []).append(sentence)
        names_only = {oid: name for oid, (name, _lang) in object_names.items()}
        effect_labels = {effect["id"]: effect["label"] for effect in state.get("effects", [])}
        ability_labels = dict(printed_abilities)
        for obj in objects:
            effect_labels.update((entry["effect"], entry["label"]) for entry in obj["layers"])
            for key, label in zip(obj.get("ability_keys", []), obj["abilities"], strict=False):
                # A static ability's effect is keyed "<object>:<ability key>" and labelled "<name>: <text>".
                effect_labels.setdefault(f"{obj['id']}:{key}", f"{obj['name']}: {label}")
                ability_labels[key] = label
        steps.append(
            {
                "number": number,
                "text": text,
                "text_lang": text_lang,
                "ok": result.ok,
                "error": result.error,
                "events": sentences,
                "objects": [object_row(obj, names_only, scenario.game, names) for obj in objects],
                "players": [player_row(player, scenario.game) for player in state.get("players", [])],
                "turn": turn_row(state.get("turn")),
                "stack": state.get("stack", []),
                "waiting": state.get("waiting_triggers", []),
                "checks": [
                    check_row(check, object_names, effect_labels, names, ability_labels, event_sentences)
                    for check in result.checks
                ],
            }
        )
    stopped = ""
    if trace.stopped:
        stopped = str(messages.STOPPED.get(trace.stopped_code, "")) or _("The run stopped: %(reason)s") % {
            "reason": trace.stopped
        }
    checks = trace.checks
    return {
        "trace": trace,
        "steps": steps,
        "passed": trace.passed,
        "stopped": stopped,
        "checks_passed": sum(1 for check in checks if check.ok),
        "checks_total": len(checks),
    }


def text_in(texts: dict[str, str], language: str) -> tuple[str, str]:
    """A text in ``language`` where the scenario has it, else English: (text, its language); the page
    marks the English one as such."""
    if language in texts:
        return texts[language], language
    return texts["en"], "en"


def layer_entry(entry: dict, game: str) -> dict:
    result = entry["result"]
    if entry["layer"] == "2":
        result = player_label(result)
    note = str(messages.LAYER_NOTES[entry["note"]]) if entry.get("note") in messages.LAYER_NOTES else ""
    if game != "mtg":
        # Берсерк has no layers and no timestamps: just the effects, in the order they apply.
        return {
            "layer": _("effect"),
            "label": entry["label"],
            "timestamp": "",
            "result": result,
            "waiting": False,
            "note": note,
        }
    return {
        "layer": messages.LAYERS.get(entry["layer"], entry["layer"]),
        "label": entry["label"],
        "timestamp": entry["timestamp"],
        "result": result,
        "waiting": entry["waiting"],
        "note": note,
    }


def object_row(obj: dict, object_names: dict, game: str, names: Names) -> dict:
    type_line = " ".join(obj["supertypes"] + obj["types"])
    if obj["subtypes"]:
        type_line += " — " + " ".join(obj["subtypes"])
    state = []
    if obj["tapped"]:
        # Берсерк's word for it is "closed" (закрыт).
        state.append(_("tapped") if game == "mtg" else pgettext("Berserk card state", "closed"))
    if obj["damage"]:
        state.append(_("damage %(n)s") % {"n": obj["damage"]})
    for kind, count in obj["counters"].items():
        state.append(_("%(count)s × %(kind)s counter") % {"count": count, "kind": kind})
    if obj["attached_to"]:
        state.append(_("attached to %(name)s") % {"name": object_names.get(obj["attached_to"], obj["attached_to"])})
    combat = obj.get("combat") or {}
    if combat.get("attacking"):
        target = combat["attacking"]
        state.append(_("attacking %(target)s") % {"target": object_names.get(target) or player_label(target)})
    if combat.get("blocking"):
        blocked = ", ".join(object_names.get(a, a) for a in combat["blocking"])
        state.append(_("blocking %(names)s") % {"names": blocked})
    name, name_lang = names.card(obj["name"])
    return {
        "id": obj["id"],
        "name": name,
        "name_lang": name_lang,
        "zone": messages.ZONES.get(obj["zone"], obj["zone"]),
        "controller": player_label(obj["controller"] or obj["owner"]),
        "type_line": type_line,
        "colors": ", ".join(str(messages.COLORS[c]) for c in ordered_colors(obj["colors"])) or _("colorless"),
        "abilities": obj["abilities"],
        "pt": obj["pt"],
        "printed_pt": obj["printed_pt"],
        "state": state,
        "layers": [layer_entry(entry, game) for entry in obj["layers"] if entry["layer"] != "printed"],
    }


# Games whose players have a life total (Magic, 119.1). A player of Берсерк has none: the hero has lives
# (208.3), and the player loses when the wounds on the hero reach them.
PLAYER_LIFE = frozenset({"mtg"})


def player_row(player: dict, game: str = "mtg") -> dict:
    row = {**player, "label": player_label(player["id"])}
    if game not in PLAYER_LIFE:
        row["life"] = None
    return row


def turn_row(turn: dict | None) -> dict | None:
    if not turn:
        return None
    return {
        "number": turn["number"],
        "active": player_label(turn["active"]),
        "step": messages.STEPS.get(turn["step"], turn["step"]),
    }


def check_row(
    check,
    object_names: dict,
    effect_labels: dict,
    names: Names,
    ability_labels: dict | None = None,
    event_sentences: dict | None = None,
) -> dict:
    label = str(messages.CHECKS.get(check.key, check.key))
    subject, subject_lang = "", ""
    if check.subject == "object":
        subject, subject_lang = object_names.get(check.target, (check.target, names.content_language))
    elif check.subject == "player":
        subject, subject_lang = player_label(check.target), names.language
    what = f"{subject}: {label}" if subject else label
    just_names = {oid: name for oid, (name, _lang) in object_names.items()}
    expected, actual = check.expected, check.actual
    if check.key == "effect_timestamp" and isinstance(actual, dict) and isinstance(expected, dict):
        actual = {**actual, "same_as_id": expected.get("same_as", expected.get("after", ""))}
    if check.key in ("has", "lacks"):
        # Keywords as they are ("flying", "Рывок"); other abilities by their text, not their key ("shot").
        labels = ability_labels or {}
        expected, actual = ([labels.get(item, item) for item in value] for value in (expected, actual))
    if check.key == "event_count" and event_sentences is not None:
        expected, actual = (
            {event_sentences.get(code, [code])[0]: count for code, count in value.items()}
            if isinstance(value, dict)
            else value
            for value in (expected, actual)
        )
    if check.key == "events_include" and event_sentences is not None:
        expected, actual = (
            list(dict.fromkeys(sentence for code in value for sentence in event_sentences.get(code, [code])))
            for value in (expected, actual)
        )
    return {
        "ok": check.ok,
        "what": what,
        "subject": subject,
        "subject_lang": subject_lang,
        "label": label,
        "expected": show(check.key, expected, effect_labels, just_names),
        "actual": show(check.key, actual, effect_labels, just_names),
        "says": check.says,
    }


EFFECT_CHECKS = ("layers", "order_in_layer", "effect_timestamp", "waiting_effects")


def show(key: str, value: object, effect_labels: dict | None = None, object_names: dict | None = None) -> str:
    """A checked value as a reader sees it: names and sentences, never ids or codes."""
    effect_labels = effect_labels or {}
    object_names = object_names or {}
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if key in ("controller", "owner"):
        return player_label(value)
    if key == "zone":
        return str(messages.ZONES.get(value, value))
    if key == "colors" and isinstance(value, list):
        return ", ".join(str(messages.COLORS.get(c, c)) for c in value) or _("colorless")
    if key == "restrictions" and isinstance(value, list):
        return "; ".join(str(messages.RESTRICTIONS.get(code, code)) for code in value) or "—"
    if key == "name" and value == "":
        return _("no name")
    if key == "mana_pool":
        return str(value) or _("empty")
    if key == "reasons" and isinstance(value, list):
        return "; ".join(str(messages.ILLEGAL.get(code, code)) for code in value) or "—"
    if key == "can" and isinstance(value, dict):
        # Outside the f-string, or makemessages does not see these two words.
        verdicts = {True: _("legal"), False: _("illegal")}
        return ", ".join(
            f"{messages.ACTIONS.get(action, action)}: {verdicts[bool(legal)]}" for action, legal in value.items()
        )
    if key in EFFECT_CHECKS:
        return show_effects(key, value, effect_labels, object_names)
    if key in COMBAT_CHECKS:
        return show_combat(key, value, object_names)
    if key == "events_include" and isinstance(value, list):
        return "; ".join(str(item) for item in value) or "—"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value) or "—"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {show(key, v)}" for k, v in value.items()) or "—"
    if value == "none" and key in ("pt", "base_pt"):
        return _("no power/toughness")
    return str(value)


COMBAT_CHECKS = (
    "attacking",
    "blocking",
    "assignment_order",
    "legal_assignments",
    "turn_order",
    "in_range",
    "event_count",
    "choosable",
)


def show_combat(key: str, value: object, object_names: dict) -> str:
    """Combat and multiplayer checks name creatures and players, never their ids."""

    def name(item: str) -> str:
        return object_names.get(item) or player_label(item)

    if key == "attacking" and isinstance(value, str):
        return name(value)
    if key == "legal_assignments" and isinstance(value, list):
        return " | ".join(", ".join(f"{name(t)} {n}" for t, n in plan.items()) or "—" for plan in value) or "—"
    if key == "choosable" and isinstance(value, dict):
        return ", ".join(name(item) for item in value.get("choices", [])) or "—"
    if key == "event_count" and isinstance(value, dict):
        return "; ".join(f"{sentence} × {count}" for sentence, count in value.items()) or "—"
    if isinstance(value, list):
        return ", ".join(name(item) for item in value) or "—"
    return str(value)


def show_effects(key: str, value: object, effect_labels: dict, object_names: dict) -> str:
    """Checks about effects name them by their labels and their layers by name ("layer 7c: …")."""

    def effect(effect_id: str) -> str:
        return effect_labels.get(effect_id, effect_id)

    def layer(code: str) -> str:
        return str(messages.LAYERS.get(code, code))

    if isinstance(value, str):
        return value
    if key == "waiting_effects" and isinstance(value, list):
        return "; ".join(effect(item) for item in value) or "—"
    if key == "layers" and isinstance(value, dict):
        return "; ".join(f"{effect(e)} ({', '.join(codes) or '—'})" for e, codes in value.items()) or "—"
    if key == "order_in_layer" and isinstance(value, dict):
        return f"{layer(value.get('layer', ''))}: " + (" → ".join(effect(e) for e in value.get("effects", [])) or "—")
    if key == "effect_timestamp" and isinstance(value, dict):
        if "timestamp" in value and "after" in value:
            return _("%(effect)s: %(timestamp)s; %(object)s: %(same_as)s") % {
                "effect": effect(value.get("effect", "")),
                "timestamp": value.get("timestamp", ""),
                "object": object_names.get(value.get("same_as_id", ""), value.get("same_as_id", "")),
                "same_as": value.get("after", ""),
            }
        if "after" in value:
            return _("%(effect)s has a later timestamp than %(object)s") % {
                "effect": effect(value.get("effect", "")),
                "object": object_names.get(value.get("after", ""), value.get("after", "")),
            }
        if "timestamp" in value:
            # Translators: an effect's timestamp beside an object's, e.g. "…: T4; Rune of Flight: T4".
            return _("%(effect)s: %(timestamp)s; %(object)s: %(same_as)s") % {
                "effect": effect(value.get("effect", "")),
                "timestamp": value.get("timestamp", ""),
                "object": object_names.get(value.get("same_as_id", ""), value.get("same_as_id", "")),
                "same_as": value.get("same_as", ""),
            }
        return _("%(effect)s has the timestamp of %(object)s") % {
            "effect": effect(value.get("effect", "")),
            "object": object_names.get(value.get("same_as", ""), value.get("same_as", "")),
        }
    return str(value)
