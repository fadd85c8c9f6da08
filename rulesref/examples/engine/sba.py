"""State-based actions (rule 704) for the cases the examples reach.

One check finds every condition, then performs all the actions at once (rule 704.3); the
last known information of a permanent that leaves is taken before any of them (rule 704.8).
Checked here: 704.5a (life 0 or less), 704.5b (drew from an empty library), 704.5c (ten or more
poison counters), 704.5d (tokens off the battlefield), 704.5f (toughness 0 or less), 704.5g (lethal
damage), 704.5h (damage from a source with deathtouch), 704.5i (a planeswalker with no loyalty),
704.5j (the legend rule: the engine keeps the newest of the permanents with one name, where a
player would choose), 704.5m (an Aura attached to nothing, or to itself), 704.5n (an Equipment
attached to a permanent that is not a creature becomes unattached), 704.5q (+1/+1 and -1/-1
counters annihilate). The several game losses one check would cause are one event a replacement
effect replaces (rule 704.7). In a game of more than two players, a player who loses leaves it (800.4a).
"""

from __future__ import annotations

from . import switches


class StateBasedActions:
    """Mixed into Game (``self`` is the game): the game calls :meth:`check_state_based_actions` from
    ``settle`` (:mod:`.turns`); this module imports no other part of the game."""

    def check_state_based_actions(self) -> bool:
        """Perform one check; True when any state-based action was performed."""
        view = self.view()
        dying = []
        destroyed = []
        annihilate = []
        unattach = []
        for obj in self.in_zone("battlefield"):
            self.budget.tick()
            computed = view[obj.id]
            if computed.is_creature and computed.toughness is not None:
                if computed.toughness <= 0 and switches.on("704.5f"):
                    dying.append(obj)
                    self.emit("sba-toughness", rule="704.5f", name=obj.name, toughness=computed.toughness)
                elif (
                    obj.damage > 0
                    and obj.damage >= computed.toughness
                    and not computed.has_keyword("indestructible")
                    and switches.on("704.5g")
                ):
                    destroyed.append(obj)
                    toughness = computed.toughness
                    self.emit("sba-lethal", rule="704.5g", name=obj.name, damage=obj.damage, toughness=toughness)
                elif (
                    obj.key in self.deathtouched
                    and not computed.has_keyword("indestructible")
                    and switches.on("704.5h")
                ):
                    destroyed.append(obj)
                    self.emit("sba-deathtouch", rule="704.5h", name=obj.name)
            loyal = obj.counters.get("loyalty") and obj.counters["loyalty"].count
            if "Planeswalker" in computed.types and not loyal and switches.on("704.5i"):
                dying.append(obj)
                self.emit("sba-loyalty", rule="704.5i", name=obj.name)
            if "Aura" in computed.subtypes and obj not in dying and switches.on("704.5m"):
                host = self.objects.get(obj.attached_to) if obj.attached_to else None
                if host is None or host.zone != "battlefield" or host.id == obj.id:
                    dying.append(obj)
                    self.emit("sba-aura", rule="704.5m", name=obj.name)
            if "Equipment" in computed.subtypes and obj.attached_to and switches.on("704.5n"):
                host = self.objects.get(obj.attached_to)
                if host is None or host.zone != "battlefield" or not view[host.id].is_creature:
                    unattach.append(obj)
                    self.emit("sba-equipment", rule="704.5n", name=obj.name)
            plus, minus = obj.counters.get("+1/+1"), obj.counters.get("-1/-1")
            if plus and minus and switches.on("704.5q"):
                annihilate.append((obj, min(plus.count, minus.count)))
        if switches.on("704.5j"):
            dying.extend(self.legend_rule(view, dying + destroyed))
        self.deathtouched = set()
        vanished = [obj for obj in self.objects.values() if obj.card.token and obj.zone != "battlefield"]
        if not switches.on("704.5d"):
            vanished = []
        losing = {}
        for player in self.players.values():
            if player.lost:
                continue
            if player.life <= 0 and switches.on("704.5a"):
                losing.setdefault(player.id, []).append("704.5a")
                self.emit("sba-life", rule="704.5a", player=player.name, life=player.life)
            if player.drew_from_empty and switches.on("704.5b"):
                losing.setdefault(player.id, []).append("704.5b")
                self.emit("sba-draw", rule="704.5b", player=player.name)
            if player.poison >= 10 and switches.on("704.5c"):
                losing.setdefault(player.id, []).append("704.5c")
                self.emit("sba-poison", rule="704.5c", player=player.name, count=player.poison)
            player.drew_from_empty = False
        if not (dying or destroyed or annihilate or vanished or losing or unattach):
            return False
        # Everything at once; put_into_graveyard remembers every permanent before moving any.
        leaving = dying + destroyed
        if leaving:
            self.put_into_graveyard(leaving)
        for obj in unattach:
            obj.attached_to = None
        for obj, count in annihilate:
            if obj.zone == "battlefield":
                self.remove_counters(obj.id, "+1/+1", count)
                self.remove_counters(obj.id, "-1/-1", count)
                self.emit("sba-counters", rule="704.5q", count=count, name=obj.name)
        for obj in vanished:
            self.unplace(obj)
            del self.objects[obj.id]
            self.emit("sba-token", rule="704.5d", name=obj.name)
        for player_id, rules in losing.items():
            self.lose_game(player_id, rules)
        self.changed()
        return True

    def lose_game(self, player_id: str, rules: list[str]) -> None:
        """The player loses, unless a replacement effect replaces the loss (Lich's Mirror, 614.1a); the
        one event replaces every loss of this check (rule 704.7)."""
        player = self.players[player_id]
        if not self.replace("lose_game", player=player_id).happens:  # engine/replacements.py
            self.changed()
            return
        player.lost = True
        self.emit("lost", rule=", ".join(rules), player=player.name)
        if len(self.players) > 2 and len(self.in_game()) > 1:
            self.leave_game(player_id)  # rule 800.4a: a multiplayer game goes on without them

    def legend_rule(self, view, leaving) -> list:
        """Rule 704.5j: of two or more legendary permanents with the same name that one player
        controls, all but one go to the graveyard; the engine keeps the one that came last (the
        newest timestamp), where the player would choose."""
        groups: dict[tuple, list] = {}
        for obj in self.in_zone("battlefield"):
            computed = view[obj.id]
            if "Legendary" in computed.supertypes and obj not in leaving:
                groups.setdefault((computed.controller, computed.name), []).append(obj)
        going = []
        for (_, name), group in groups.items():
            if len(group) > 1:
                keep = max(group, key=lambda obj: obj.timestamp)
                going.extend(obj for obj in group if obj is not keep)
                self.emit("sba-legend", rule="704.5j", name=name, count=len(group) - 1)
        return going

    def shuffle_into_library(self, player_id: str) -> None:
        """Hand, graveyard and the permanents the player owns go into their library. The order
        is the engine's (a fixed one): no example depends on which card ends up on top."""
        moving = self.in_zone("hand", player_id) + self.in_zone("graveyard", player_id)
        moving += [obj for obj in self.in_zone("battlefield") if obj.owner == player_id]
        for obj in moving:
            self.leave(obj)
            self.place(obj, "library")
        self.emit("shuffled", player=self.players[player_id].name, count=len(moving))
        self.changed()
