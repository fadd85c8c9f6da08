"""What spells and abilities do, as data: costs (rule 118, 601.2f), targets (115), modes (700.2), the
one-shot instructions a resolving spell or ability follows (608.2), and trigger conditions (603).

Like :mod:`.definitions`, frozen dataclasses built by the scenario loader; the engine never reads card
text. An instruction names the objects and players it acts on by *reference*:

- ``self``: the spell or the ability's source; ``you``: its controller;
- a target's name (``creature``, ``land``: the names its :class:`TargetSpec` gives);
- ``sacrificed``: the object sacrificed to pay its cost (as it last existed, rule 608.2h);
- ``subject``: what its trigger event happened to (the land that was put into a graveyard);
- ``each_opponent``, ``each_player``: players.
"""

from __future__ import annotations

from dataclasses import dataclass

from .definitions import EffectSpec, Filter, Trigger
from .mana import ManaCost


@dataclass(frozen=True)
class Amount:
    """A number an instruction uses: ``constant`` plus a value read as it resolves (rule 608.2h):
    ``x`` (the value chosen for X), ``power`` / ``toughness`` of ``ref``, ``life`` of the controller,
    ``counters`` of ``kind`` on ``ref``. A negative result counts as 0 (rule 107.1b)."""

    constant: int = 0
    of: str = ""
    ref: str = "self"
    kind: str = ""
    count: Filter | None = None  # ``of = "count"``: the number of permanents matching it

    def describe(self) -> str:
        if not self.of:
            return str(self.constant)
        read = {"x": "X", "life": "your life total"}.get(self.of) or f"{self.of} of {self.ref}"
        return f"{self.constant} + {read}" if self.constant else read


@dataclass(frozen=True)
class TargetSpec:
    """ "target [something]" (rule 115.1): the legal choices, checked on casting and again as the spell or
    ability resolves (608.2b). ``count`` targets of one word are different objects (601.2c)."""

    name: str
    filter: Filter | None = None  # objects it may target (zone battlefield unless said)
    players: bool = False  # a player may be chosen ("any target": players and creatures)
    count: int = 1
    mode: str = ""  # required only when this mode is chosen (rule 601.2c)
    different_from: str = ""  # "another target": not an object chosen for that target (115.3)


@dataclass(frozen=True)
class Cost:
    """A cost (rule 118): mana, {T}, sacrificing, discarding or exiling, life, counters. ``sacrifice`` is
    "sacrifice a [filter]" (the object is chosen as the cost is paid, 601.2h)."""

    mana: ManaCost | None = None
    tap: bool = False
    sacrifice_self: bool = False
    sacrifice: Filter | None = None
    discard_self: bool = False
    exile_self: bool = False
    life: int = 0
    counters: tuple[tuple[str, int], ...] = ()  # (kind, change): loyalty +1 / -4 (rule 606.4)
    mana_of_card: bool = False  # "a cost equal to its mana cost" (scavenge under Varolz, 702.1a)

    def describe(self) -> str:
        parts = [str(self.mana)] if self.mana and self.mana.symbols else []
        if self.tap:
            parts.append("{T}")
        if self.sacrifice_self:
            parts.append("sacrifice this")
        if self.sacrifice is not None:
            parts.append("sacrifice a " + "/".join(t.lower() for t in self.sacrifice.types or ("permanent",)))
        if self.discard_self:
            parts.append("discard this card")
        if self.exile_self:
            parts.append("exile this card")
        if self.life:
            parts.append(f"pay {self.life} life")
        for kind, change in self.counters:
            parts.append(f"[{change:+d}]" if kind == "loyalty" else f"{change:+d} {kind} counter(s)")
        return ", ".join(parts) or "{0}"


@dataclass(frozen=True)
class CostChange:
    """A static ability that changes what spells cost (rule 601.2f): "[spells] you cast cost {N} more"
    (``generic`` > 0) or "{N} less" (< 0, generic mana only, never below nothing); loyalty abilities
    cost an additional [+N] (``loyalty``, rule 606.5)."""

    spells: Filter
    generic: int = 0
    loyalty: int = 0
    caster: str = "you"  # "you" or "any": whose spells


@dataclass(frozen=True)
class Condition:
    """An "if": an intervening "if" of a triggered ability (rule 603.4), checked as the event happens and
    again on resolution; the state of a state trigger (603.8); the "if" of a replacement effect (614.1).

    Every part given must hold: ``life_at_least``; ``controls`` ("if you control a [filter]"); ``count``
    (the number of objects matching a filter in its zone: ``{ zone = "hand", owner = "you" }``) or
    ``counters`` (the number of counters of that kind on the source, as it last existed if it left,
    603.10a), compared with ``at_least`` and ``at_most``."""

    life_at_least: int | None = None
    controls: Filter | None = None  # "if you control a [filter]"
    count: Filter | None = None
    counters: str = ""
    at_least: int | None = None
    at_most: int | None = None


@dataclass(frozen=True)
class Replacement:
    """A replacement effect of a static ability (rule 614.1a): "if [an event] would happen, [instead …]".

    The event it watches (``event``):

    - ``damage``: damage dealt by a source matching ``source``, to ``recipient`` (``you`` / ``opponent``: that
      player; ``permanent``; "" for any);
    - ``gain_life``, ``draw``, ``lose_game``: ``player`` ("you": the ability's controller, ``opponent``,
      ``any``) would gain life, draw a card (each card drawn is one event, 121.2), or lose the game;
    - ``zone_change``: an object matching ``what`` (``self``: this object) would be put from ``from_zone``
      (or anywhere) into ``to_zone`` ("dies": from the battlefield to the graveyard, 700.4).

    ``condition``: it applies only while this holds (Worship's "If you control a creature").

    What happens instead: an amount is multiplied and then ``plus`` added ("double that damage",
    "twice that much life"); the object is put into ``zone`` instead (``exile``; ``library``: shuffled into
    its owner's library); or ``instead``: the event does not happen, these instructions do (608.2c), with
    ``that_much`` the amount of the event (616.2: "draw that many cards instead")."""

    event: str
    source: Filter | None = None
    recipient: str = ""
    player: str = "you"
    what: Filter | None = None
    self_only: bool = False  # what = "self"
    from_zone: str = ""
    to_zone: str = ""
    condition: Condition | None = None
    multiply: int = 1
    plus: int = 0
    zone: str = ""
    instead: tuple[Instruction, ...] = ()


@dataclass(frozen=True)
class Instruction:
    """One thing a resolving spell or ability does (rule 608.2c), in its order.

    ``do``: ``damage`` (``what`` = a target, ``amount``), ``gain_life`` / ``lose_life`` (``who``),
    ``draw``, ``destroy``, ``exile``, ``bounce`` (to its owner's hand), ``sacrifice``, ``counters``
    (``kind``, ``amount``; negative removes), ``tap``, ``untap``, ``add_mana`` (``mana`` symbols, or
    ``amount`` of ``mana``'s colour), ``effect`` (a continuous effect on ``what`` with ``duration``),
    ``gain_control``, ``exchange_control`` (``what`` and ``other``: all or nothing, 701.10a),
    ``counter`` (a spell), ``win``, ``delayed`` (a delayed triggered ability about ``what``, 603.7),
    ``pay`` (``cost`` times ``amount``, else ``otherwise``), ``copy_mana`` (605.4a: one more of the
    mana just produced), ``gets`` (+N/+N until end of turn, N = ``amount`` as it resolves),
    ``put_onto_battlefield`` (with an ``effect`` that says what it "is" as it enters, 611.2e),
    ``return_to_battlefield`` (``what``: a card in a graveyard, under its owner's control, with ``kind`` counters
    ``amount``), ``set_life`` (the life total becomes ``amount``, 119.5), ``shuffle_into_library`` (the hand,
    graveyard and permanents ``who`` owns, 701.24), ``return_to_hand`` (``amount`` cards of ``who``'s graveyard).
    ``then``: done only if this one was (rule 118.12: "If you do")."""

    do: str
    what: str = ""
    who: str = "you"
    other: str = ""
    amount: Amount = Amount(1)
    kind: str = ""
    mana: str = ""
    effect: EffectSpec | None = None
    duration: str = ""
    trigger: Trigger | None = None
    cost: Cost | None = None
    then: tuple[Instruction, ...] = ()
    otherwise: tuple[Instruction, ...] = ()
    mode: str = ""  # only when this mode was chosen (rule 700.2)
    each: tuple[Filter, ...] = ()  # ``what = "each"``: every permanent matching any of these, at once
    x: Amount | None = None  # ``pay``: the value of X in its cost, read as it resolves (702.1b)


@dataclass(frozen=True)
class Program:
    """What a spell or an activated or triggered ability does: its targets, modes and instructions.

    ``modes``: the modes' names (rule 700.2); ``choose`` how many (1), or any number when kicked
    (``kicked_modes``, 601.4). Additional and alternative costs of a spell: ``additional``
    (601.2b, 601.2f) and ``kicker`` (702.33)."""

    instructions: tuple[Instruction, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[str, ...] = ()
    choose: int = 1
    kicked_modes: bool = False
    additional: Cost | None = None
    kicker: Cost | None = None
