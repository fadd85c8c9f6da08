"""The game state: players, objects in zones, continuous effects, the stack, the turn.

Objects keep their scenario id across zone changes, but each zone change starts a new
*incarnation* (rule 400.7: it becomes a new object with no memory of its previous one), so
effects locked to the old object stop applying, and counters, damage and choices are gone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .budget import Budget
from .definitions import CardSpec, EffectSpec, Trigger

Timestamp = tuple[int, int]
ObjectKey = tuple[str, int]  # (object id, incarnation)


def timestamp_label(timestamp: Timestamp | None) -> str:
    if timestamp is None:
        return ""
    major, minor = timestamp
    return f"T{major}" if not minor else f"T{major}.{minor}"


@dataclass
class Player:
    id: str
    name: str
    life: int = 20
    starting_life: int = 20
    lost: bool = False
    # Rule 704.5b: attempted to draw from an empty library since the last check.
    drew_from_empty: bool = False
    poison: int = 0  # poison counters (rule 122.1f; 704.5c)
    left: bool = False  # has left the game (rule 800.4a)
    range: int | None = None  # range of influence in seats (rule 801.2); None: unlimited
    won: bool = False  # an effect said this player wins the game (rule 104.2b)


@dataclass
class Counter:
    count: int
    timestamp: Timestamp  # rule 613.7c: all counters of one kind share the newest timestamp


@dataclass
class GameObject:
    id: str
    card: CardSpec
    owner: str
    zone: str
    timestamp: Timestamp
    incarnation: int = 0
    # The player who put it onto the battlefield (rule 108.4); control-changing effects apply in layer 2.
    controller: str | None = None
    tapped: bool = False
    damage: int = 0
    counters: dict[str, Counter] = field(default_factory=dict)
    attached_to: str | None = None
    choices: dict[str, object] = field(default_factory=dict)  # "as enters" choices (rule 614.1c)
    # (player, turn) when it last came under that player's control (rules 302.6; Берсерк 107.5).
    control_since: tuple[str, int] | None = None
    used_this_turn: set[str] = field(default_factory=set)
    # Rule 613.7a: timestamps given anew to granted static abilities when this object is restamped.
    restamped: dict[str, Timestamp] = field(default_factory=dict)
    # Statuses (rule 110.5), not copiable values: face down (708), flipped (710), back face up (712).
    face_down: bool = False
    flipped: bool = False
    transformed: bool = False
    cast_half: str = ""  # a split card on the stack, cast as one half (709.3): that half's name
    # Name stickers (123.6): word, how many words before it, timestamp. Kept across zones (123.6c).
    stickers: list[tuple[str, int, Timestamp]] = field(default_factory=list)

    @property
    def key(self) -> ObjectKey:
        return (self.id, self.incarnation)

    @property
    def name(self) -> str:
        return self.card.name


@dataclass
class ContinuousEffect:
    """An effect created by a resolving spell or ability, or applied by a scenario step
    (rule 611.2). Its affected set is locked when it is created (rule 611.2c)."""

    id: str
    label: str
    spec: EffectSpec
    controller: str
    timestamp: Timestamp
    source: str | None = None
    duration: str = ""  # "end_of_turn": ends in the cleanup step (rule 514.2)
    locked: frozenset[ObjectKey] | None = None


@dataclass
class StackItem:
    id: str
    label: str
    controller: str
    source: str | None
    kind: str  # "crew", "trigger", "spell", "ability"
    trigger: Trigger | None = None
    context: dict[str, str] = field(default_factory=dict)
    # Casting and activating (engine/casting.py): what it does, and the choices made for it (601.2b-c).
    program: object = None  # a spells.Program
    targets: dict[str, list[tuple]] = field(
        default_factory=dict
    )  # name → [("object", id, incarnation) | ("player", id)]
    modes: tuple[str, ...] = ()
    x: int = 0
    kicked: bool = False
    sacrificed: dict | None = None  # last known information of the object sacrificed to pay its cost
    subject: tuple | None = None  # (id, incarnation) of what its trigger event happened to
    mana: str = ""  # the mana a triggering mana ability produced (rule 605.4a)


@dataclass
class Event:
    """Something that happened, for the trace: a code, its values, and the rule behind it."""

    code: str
    values: dict[str, object] = field(default_factory=dict)
    rule: str = ""


@dataclass
class Turn:
    number: int = 1
    active: str = ""
    step: str = "main1"  # MTG: untap, upkeep, draw, main1, combat, main2, end, cleanup; Берсерк: start, main, end


class GameState:
    """Plain state and the bookkeeping every action needs; the rules live in other modules."""

    def __init__(self, *, rules: str = "mtg", budget: Budget | None = None):
        if rules not in ("mtg", "berserk"):
            raise ValueError(f"unknown rules {rules!r}")
        self.rules = rules
        self.budget = budget or Budget()
        self.players: dict[str, Player] = {}
        self.objects: dict[str, GameObject] = {}
        self.zone_order: dict[tuple[str | None, str], list[str]] = {}
        self.effects: list[ContinuousEffect] = []
        self.stack: list[StackItem] = []
        self.pending_triggers: list[StackItem] = []
        # engine/casting.py: each player's mana pool (rule 106.4), mana spent on spells this turn
        # (700.14), and delayed triggered abilities waiting for their event (603.7).
        self.mana_pool: dict[str, list] = {}
        self.spent_this_turn: dict[str, int] = {}
        self.delayed: list = []
        self.decisions: dict[str, object] = {}  # a resolving step's choices ("pay": pay an optional cost)
        # Spell id → the colours of mana spent to cast it (sunburst, 702.44a).
        self.casting_colors: dict[str, str] = {}
        self.regeneration_shields: list[dict] = []  # regeneration shields (614.8): {"key", "turn", "label"}
        self.entering_effects: dict[str, tuple] = {}  # object id → (resolving item, "is …" effect), 611.2e
        self.turn = Turn()
        self.events: list[Event] = []
        self.resolving = False
        self.last_known: dict[str, dict] = {}  # object id → its last state on the battlefield (rule 704.8)
        self._clock = 0
        self._serial = 0
        self._view = None
        self._system = None

    # -- bookkeeping ------------------------------------------------------------------

    def next_timestamp(self) -> Timestamp:
        self._clock += 1
        return (self._clock, 0)

    def next_id(self, prefix: str) -> str:
        self._serial += 1
        return f"{prefix}-{self._serial}"

    def changed(self) -> None:
        self._view = None
        self.budget.tick()

    def emit(self, code: str, rule: str = "", *, rules_of: str = "mtg", **values) -> None:
        """Record an event; ``rule`` is a rule number of ``rules_of``'s rules, and is left out
        of the events of another game (a Берсерк effect cites no Magic rule)."""
        self.events.append(Event(code, values, rule if rules_of == self.rules else ""))

    def take_events(self) -> list[Event]:
        events, self.events = self.events, []
        return events

    # -- players and objects ----------------------------------------------------------

    def add_player(self, player_id: str, name: str, life: int = 20) -> Player:
        player = Player(player_id, name, life=life, starting_life=life)
        self.players[player_id] = player
        if not self.turn.active:
            self.turn.active = player_id
        return player

    def opponents_of(self, player_id: str) -> list[str]:
        """The other players still in the game (a player who left has no opponents and is none, 800.4a)."""
        return [pid for pid, player in self.players.items() if pid != player_id and not player.left]

    def zone_key(self, zone: str, player: str | None) -> tuple[str | None, str]:
        return (None, zone) if zone in ("battlefield", "stack") else (player, zone)

    def in_zone(self, zone: str, player: str | None = None) -> list[GameObject]:
        """Objects in a zone, in order (a library's top card first)."""
        if zone in ("battlefield", "stack") or player is not None:
            return [self.objects[oid] for oid in self.zone_order.get(self.zone_key(zone, player), [])]
        result = []
        for pid in self.players:
            result.extend(self.in_zone(zone, pid))
        return result

    def place(self, obj: GameObject, zone: str, *, top: bool = False) -> None:
        """Put an object into a zone's order (owner's zone for hidden and graveyard zones)."""
        order = self.zone_order.setdefault(self.zone_key(zone, obj.owner), [])
        if top:
            order.insert(0, obj.id)
        else:
            order.append(obj.id)
        obj.zone = zone

    def unplace(self, obj: GameObject) -> None:
        order = self.zone_order.get(self.zone_key(obj.zone, obj.owner), [])
        if obj.id in order:
            order.remove(obj.id)

    def create_object(
        self, object_id: str, card: CardSpec, *, owner: str, zone: str, controller: str | None = None
    ) -> GameObject:
        if object_id in self.objects:
            raise ValueError(f"object id {object_id!r} is already in use")
        if owner not in self.players:
            raise ValueError(f"unknown player {owner!r}")
        self.budget.tick()
        obj = GameObject(object_id, card, owner, zone, self.next_timestamp())
        self.objects[object_id] = obj
        self.place(obj, zone)
        if zone == "battlefield":
            obj.controller = controller or owner
            obj.control_since = (obj.controller, self.turn.number)
        self.changed()
        return obj

    def get(self, object_id: str) -> GameObject:
        try:
            return self.objects[object_id]
        except KeyError:
            raise ValueError(f"no object {object_id!r} in this game") from None

    def effect(self, effect_id: str) -> ContinuousEffect | None:
        return next((e for e in self.effects if e.id == effect_id), None)
