"""What a card says, as data: printed characteristics, abilities and the effects they create.

Everything here is a frozen dataclass built by the scenario loader (or by tests): the
engine never reads card text. The vocabulary is small on purpose; each field names the
rule that gives it meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .mana import ManaCost

# Rule 205.4a and 205.2a.
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")
CARD_TYPES = (
    "Artifact",
    "Battle",
    "Conspiracy",
    "Creature",
    "Dungeon",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Phenomenon",
    "Plane",
    "Planeswalker",
    "Scheme",
    "Sorcery",
    "Vanguard",
)
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
TYPE_LINE_DASH = "—"

# Zones (rule 400.1).
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")


@dataclass(frozen=True)
class TypeLine:
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> TypeLine:
        """Read "Legendary Creature — Human Knight" (rule 205.1); unknown words are errors."""
        left, dash, right = text.partition(TYPE_LINE_DASH)
        if not dash and "-" in text:
            raise ValueError(f"type line {text!r}: separate subtypes with an em dash (—), not a hyphen")
        supertypes, types = [], []
        for word in left.split():
            if word in SUPERTYPES:
                supertypes.append(word)
            elif word in CARD_TYPES:
                types.append(word)
            else:
                raise ValueError(f"type line {text!r}: {word!r} is neither a supertype nor a card type")
        if not types:
            raise ValueError(f"type line {text!r} names no card type")
        return cls(tuple(supertypes), tuple(types), tuple(right.split()))

    def __str__(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} {TYPE_LINE_DASH} {' '.join(self.subtypes)}" if self.subtypes else left


@dataclass(frozen=True)
class Filter:
    """Which objects something applies to or counts. Player words are relative to the
    source: ``you`` is its controller, ``opponent`` the other player, ``chosen_player`` the
    player chosen as it entered (rule 614.1c)."""

    zone: str = "battlefield"  # or "any"
    types: tuple[str, ...] = ()  # every one of these
    not_types: tuple[str, ...] = ()  # none of these ("noncreature")
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()  # every one of these ("legendary creatures")
    chosen_type: bool = False  # "of the chosen type": the creature type chosen as the source entered
    colors: tuple[str, ...] = ()  # any of these
    not_colors: tuple[str, ...] = ()
    controller: str = ""  # "you", "opponent", "chosen_player"
    owner: str = ""
    no_abilities: bool = False
    cards: bool = False  # cards only, not tokens
    other: bool = False  # not the source itself


@dataclass(frozen=True)
class Quantity:
    """A number: ``constant`` plus the number of objects matching ``count``."""

    constant: int = 0
    count: Filter | None = None

    def describe(self) -> str:
        if self.count is None:
            return str(self.constant)
        return f"{self.constant} + count" if self.constant else "count"


@dataclass(frozen=True)
class Selector:
    """What an effect affects: ``self``, the object it is ``attached`` to (enchanted or
    equipped; with a ``filter``, only while that object matches it), fixed ``ids``, the
    ``crewed`` Vehicle of a crew trigger, or every object matching a ``filter``."""

    kind: str
    ids: tuple[str, ...] = ()
    filter: Filter | None = None


@dataclass(frozen=True)
class EffectSpec:
    """A continuous effect's parts, each applied in its own layer (rules 613.1, 613.6)."""

    affects: Selector = Selector("self")
    # Layer 1a: an "as enters" choice of power and toughness is a copiable value (613.2a).
    copiable_pt: tuple[int, int] | None = None
    # Layer 1a: "becomes a copy of …" (rule 707); the copied values are taken when it is created.
    copy: CopySpec | None = None
    # Layer 2.
    control: str = ""  # "you" (the effect's controller) or a player id
    # Layer 3: text-changing effects (612) and name stickers (123.6c), in timestamp order.
    set_name: str = ""
    name_sticker: tuple[str, int] | None = None  # (word, after how many words)
    # Layer 4.
    add_types: tuple[str, ...] = ()
    remove_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    add_supertypes: tuple[str, ...] = ()
    add_chosen_type: bool = False  # "is the chosen type in addition to its other types"
    every_creature_type: bool = False  # changeling's characteristic-defining ability (702.73a)
    # Layer 5.
    set_colors: tuple[str, ...] | None = None
    add_colors: tuple[str, ...] = ()
    # Layer 6.
    add_abilities: tuple[Ability, ...] = ()
    remove_abilities: tuple[str, ...] = ()  # keywords
    remove_all_abilities: bool = False
    # Layer 7b, 7c, 7d.
    set_pt: tuple[Quantity, Quantity] | None = None
    modify_pt: tuple[int, int] | None = None
    switch_pt: bool = False
    # Not a layer: effects on the game's rules (rule 613.11), such as "can't be blocked". They
    # state a quality of the object and grant no ability (rule 113.12).
    restrictions: tuple[str, ...] = ()

    def describe(self) -> str:
        """A short English description ("+1/+1", "becomes an artifact creature", "gains haste")."""
        parts = []
        if self.copy is not None:
            parts.append(f"becomes a copy of {self.copy.name}")
        if self.control:
            parts.append("changes control")
        if self.set_name:
            parts.append(f"is named {self.set_name}")
        if self.add_types:
            parts.append("becomes " + " ".join(self.add_types).lower())
        if self.remove_types:
            parts.append("stops being " + " ".join(self.remove_types).lower())
        if self.add_subtypes:
            parts.append("becomes " + " ".join(self.add_subtypes))
        if self.set_colors is not None:
            parts.append("becomes " + ("".join(self.set_colors) or "colorless"))
        if self.add_colors:
            parts.append("becomes " + "".join(self.add_colors) + " as well")
        if self.remove_all_abilities:
            parts.append("loses all abilities")
        if self.remove_abilities:
            parts.append("loses " + ", ".join(self.remove_abilities))
        if self.add_abilities:
            parts.append("gains " + ", ".join(a.label for a in self.add_abilities))
        if self.set_pt is not None:
            parts.append("becomes " + "/".join(q.describe() for q in self.set_pt))
        if self.modify_pt is not None:
            parts.append("{:+d}/{:+d}".format(*self.modify_pt))
        if self.switch_pt:
            parts.append("switches power and toughness")
        if self.restrictions:
            parts.append(", ".join(r.replace("_", " ") for r in self.restrictions))
        return ", ".join(parts)

    def layers(self) -> tuple[str, ...]:
        found = []
        if self.copiable_pt is not None or self.copy is not None:
            found.append("1a")
        if self.control:
            found.append("2")
        if self.set_name or self.name_sticker is not None:
            found.append("3")
        if (
            self.add_types
            or self.remove_types
            or self.add_subtypes
            or self.add_supertypes
            or self.add_chosen_type
            or self.every_creature_type
        ):
            found.append("4")
        if self.set_colors is not None or self.add_colors:
            found.append("5")
        if self.add_abilities or self.remove_abilities or self.remove_all_abilities:
            found.append("6")
        if self.set_pt is not None:
            found.append("7b")
        if self.modify_pt is not None:
            found.append("7c")
        if self.switch_pt:
            found.append("7d")
        return tuple(found)


@dataclass(frozen=True)
class Trigger:
    """A triggered ability (rule 603): its event and what it does when it resolves.

    Events: ``crews`` (this creature crews a Vehicle, 702.122b; the Vehicle is ``crewed``), ``state`` (a
    state trigger, rule 603.8: it triggers whenever its ``condition`` is true: "whenever you have no cards
    in hand"), and the event triggers below.
    """

    on: str
    effect: EffectSpec | None = None
    duration: str = ""  # "end_of_turn" or "" (no duration)
    draw: int = 0
    # Event triggers (rule 603.2, engine/stack.py): ``enters``, ``dies``, ``leaves``, ``tapped``,
    # ``untapped``, ``cast``, ``step`` (at the beginning of ``step``), ``gain_life``, ``cycled``,
    # ``expend`` (``count``), ``tapped_for_mana`` (a triggered mana ability, 605.1b).
    subject: str = ""  # "self": only this object's event; else ``filter`` (any object's)
    filter: Filter | None = None
    whose: str = "you"  # a step trigger: "you" (your step) or "each"
    step: str = ""
    count: int = 0
    # The types of these two are in engine/spells.py (which imports this module): a Condition, a Program.
    condition: object = None  # an intervening "if" (603.4)
    program: object = None  # what it does as it resolves


@dataclass(frozen=True)
class CopyExceptions:
    """The "except …" of a copy effect (rule 707.9). ``keep`` names characteristics that are not
    copied (707.9c: "colors", "name", "types", "abilities", "pt"); ``set_pt`` gives a copy its own
    power and toughness ("except it's 7/7", 707.9b); ``add_types``/``add_subtypes``/``add_supertypes``
    are "in addition to its other types"; ``add_abilities`` is "and it has this ability" (707.9a).
    All of these become copiable values of the copy. ``counters`` ("it enters with … additional
    counters") is an additional effect, not a characteristic (707.9e)."""

    keep: tuple[str, ...] = ()
    set_pt: tuple[int, int] | None = None
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    add_supertypes: tuple[str, ...] = ()
    add_abilities: tuple[Ability, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    # Rule 707.9f: exceptions that apply only if the copy would be a creature without them.
    if_creature: CopyExceptions | None = None


@dataclass(frozen=True)
class CopySpec:
    """A copy effect: the copiable values of ``of`` as they were when it was created (rule 707.2b),
    and its exceptions. ``values`` is None in a card's definition and filled in by the engine."""

    of: str = ""  # the copied object's id
    values: CardSpec | None = None
    exceptions: CopyExceptions = CopyExceptions()

    @property
    def name(self) -> str:
        return self.values.name if self.values is not None else self.of


@dataclass(frozen=True)
class AsEnters:
    """An "as [this] enters, choose …" ability: a replacement effect (rules 614.1c, 614.12a).
    ``copy``: "you may have [this] enter as a copy of [a matching object]" (rule 707.5), with
    the copy's exceptions."""

    choose: str  # "opponent", "color", "pt", "creature_type" or "copy"
    pt_options: tuple[tuple[int, int], ...] = ()
    copy_filter: Filter | None = None
    copy_except: CopyExceptions = CopyExceptions()


@dataclass(frozen=True)
class LifeReplacement:
    """A replacement effect on its controller's life total (rule 614.1a) that looks at a whole damage event:
    damage can't reduce it below ``floor`` ("… reduces it to 1 instead"), only while its controller
    controls a permanent matching ``while_you_control`` (Worship: "If you control a creature"). The other
    replacement effects are :class:`~.spells.Replacement` (an ability's ``replacement``)."""

    floor: int | None = None
    while_you_control: Filter | None = None


@dataclass(frozen=True)
class Ability:
    key: str
    text: str
    keyword: str = ""  # "flying", "haste", "trample", "indestructible", "undying", "Рывок" …
    crew: int | None = None  # Crew N (rule 702.122)
    static: EffectSpec | None = None  # a static ability's continuous effect (rule 611.3)
    cda: tuple[Quantity, Quantity] | None = None  # characteristic-defining P/T (rule 604.3, layer 7a)
    as_enters: AsEnters | None = None
    enters_tapped: bool = False  # "[This] enters tapped" (rule 614.1c)
    permanents_enter_tapped: bool = False  # "Permanents enter tapped": others only (rule 614.12)
    counters_on_enter: tuple[tuple[str, int], ...] = ()  # "enters with …" (rule 614.1c)
    trigger: Trigger | None = None
    activated: str = ""  # an activated ability's name ("shot", "tap")
    tap_cost: bool = False  # its cost includes tapping (closing) this permanent
    # "If [an event] would happen, [instead …]" (rule 614.1a): a spells.Replacement, applied by the one
    # replacement step of engine/replacements.py.
    replacement: object = None
    # A combat restriction or requirement (rules 508.1c-d, 509.1a-c): one of combat.COMBAT_RULES.
    combat: str = ""
    # "Prevent all damage that would be dealt by [matching sources]" (rule 615.1a).
    prevent: Filter | None = None
    life: LifeReplacement | None = None
    morph: str = ""  # a morph cost ("{2}{B}{B}"): it may be turned face up for it (rule 702.37e)
    # "[Matching objects] you control enter as a copy of [this]" (a replacement effect, rule 616.1f).
    others_enter_as_copy: Filter | None = None
    # "[Matching objects] can't enter the battlefield" (an effect on the game's rules, 613.11).
    forbids_entering: Filter | None = None
    # Casting and activating (engine/casting.py): an activated ability's ``cost`` (rule 602.1); what a
    # spell or an activated ability does (``program``; ``spell``: the spell ability of an instant or
    # sorcery, 113.3a); a mana ability (605.1a) resolves at once; ``zone``: where it can be activated
    # (113.6m); ``once_per_turn``; a static ``cost_change`` (601.2f).
    # Their types are in engine/spells.py (which imports this module): Cost, Program, CostChange.
    cost: object = None
    program: object = None
    spell: bool = False
    mana_ability: bool = False
    zone: str = "battlefield"
    once_per_turn: bool = False
    cost_change: object = None

    @property
    def label(self) -> str:
        return self.text or self.keyword or self.key


@dataclass(frozen=True)
class CardSpec:
    """A card's printed characteristics (rule 109.3), or a token's as its creator defines them."""

    key: str
    name: str
    mana_cost: ManaCost | None = None
    color_indicator: tuple[str, ...] | None = None  # rule 204; also a token's colours
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str | None = None  # as printed: "3", "*", "1+*"; None when nothing is printed
    toughness: str | None = None
    abilities: tuple[Ability, ...] = field(default_factory=tuple)
    token: bool = False
    # Rule 710: a flip card's bottom half (its name, text, type line, power and toughness).
    flip: CardSpec | None = None
    # Rule 712: a double-faced card's back face; ``transforming`` is False for a modal one.
    back: CardSpec | None = None
    transforming: bool = False
    # Rule 709: a split card's halves (each a name, mana cost, type line and text).
    halves: tuple[CardSpec, ...] = ()

    @property
    def colors(self) -> frozenset[str]:
        if self.color_indicator is not None:
            return frozenset(self.color_indicator)
        return self.mana_cost.colors if self.mana_cost else frozenset()


def printed_value(text: str | None) -> int | None:
    """The number a printed power or toughness stands for before a characteristic-defining
    ability applies: ``*`` is 0, ``1+*`` is 1 (rules 208.2a, 208.2b); nothing printed is None."""
    if text is None:
        return None
    text = text.strip().replace("−", "-")
    if text == "*":
        return 0
    if text.endswith("+*"):
        return int(text[:-2])
    if text.endswith("-*"):
        return int(text[:-2])
    return int(text)


def valid_printed_value(text: str) -> bool:
    try:
        printed_value(text)
    except ValueError:
        return False
    return True
