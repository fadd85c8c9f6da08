"""The state of a game as plain data (JSON-ready): what the trace stores after each step."""

from __future__ import annotations

from .game import Game
from .state import timestamp_label

ZONE_ORDER = ("battlefield", "stack", "hand", "library", "graveyard", "exile", "command")


def snapshot(game: Game) -> dict:
    view = game.view()
    attacking, blocking = game.attacking(), game.blocking()
    objects = []
    seen = set()
    for zone in ZONE_ORDER:
        for obj in game.in_zone(zone):
            if obj.id in seen:
                continue
            seen.add(obj.id)
            computed = view[obj.id]
            objects.append(
                {
                    "id": obj.id,
                    "name": computed.name,
                    "zone": obj.zone,
                    "owner": obj.owner,
                    "controller": computed.controller,
                    "supertypes": computed.supertypes,
                    "types": computed.types,
                    "subtypes": computed.subtypes,
                    "colors": computed.colors,
                    "mana_value": computed.mana_value,
                    "abilities": [computed.ability_text(inst) for inst in computed.abilities],
                    # The same abilities by key, as checks and effect keys name them ("shot", "rune:grant>…").
                    "ability_keys": [inst.key for inst in computed.abilities],
                    "power": computed.power,
                    "toughness": computed.toughness,
                    "pt": computed.pt,
                    "printed_pt": printed_pt(obj.card),
                    "base_pt": computed.base_pt,
                    "tapped": obj.tapped,
                    "damage": obj.damage,
                    "counters": {kind: counter.count for kind, counter in obj.counters.items() if counter.count},
                    "attached_to": obj.attached_to,
                    # Rule 506.4: what it attacks, or the attackers it blocks, while it is in combat.
                    "combat": {"attacking": attacking.get(obj.id), "blocking": blocking.get(obj.id, [])},
                    "token": obj.card.token,
                    "timestamp": timestamp_label(obj.timestamp),
                    "layers": [
                        {
                            "layer": applied.layer,
                            "effect": applied.effect,
                            "label": applied.label,
                            "timestamp": applied.timestamp_label,
                            "result": applied.result,
                            "waiting": applied.waiting,
                            "note": applied.note,
                        }
                        for applied in computed.applied
                    ],
                }
            )
    return {
        "turn": {"number": game.turn.number, "active": game.turn.active, "step": game.turn.step},
        "players": [
            {
                "id": player.id,
                "name": player.name,
                "life": player.life,
                "hand": len(game.in_zone("hand", player.id)),
                "library": len(game.in_zone("library", player.id)),
                "graveyard": len(game.in_zone("graveyard", player.id)),
                "lost": player.lost,
            }
            for player in game.players.values()
        ],
        "objects": objects,
        "effects": [
            {
                "id": effect.id,
                "label": effect.label,
                "timestamp": timestamp_label(effect.timestamp),
                "duration": effect.duration,
                "affects": sorted(oid for oid, _ in effect.locked or ()),
            }
            for effect in game.effects
        ],
        "stack": [item.label for item in game.stack],
        "waiting_triggers": [item.label for item in game.pending_triggers],
    }


def printed_pt(card) -> str | None:
    if card.power is None and card.toughness is None:
        return None
    return f"{card.power or ''}/{card.toughness or ''}"
