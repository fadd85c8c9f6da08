"""Keyword abilities that are triggered abilities, written once as data (rule 702).

A card's ability with ``keyword = "undying"`` and no trigger of its own gets this one (the scenario reader
does it, scenarios/cards.py): the engine has no special case for the keyword; it triggers, checks its
intervening "if" and resolves like every other triggered ability (603, engine/stack.py).
"""

from __future__ import annotations

from .definitions import Trigger
from .spells import Amount, Condition, Instruction, Program

# Rule 702.93a: "When this permanent is put into a graveyard from the battlefield, if it had no +1/+1
# counters on it, return it to the battlefield under its owner's control with a +1/+1 counter on it."
# "It had" looks back at the permanent as it last existed (603.10a, 704.8).
UNDYING = Trigger(
    on="dies",
    subject="self",
    condition=Condition(counters="+1/+1", at_most=0),
    program=Program(instructions=(Instruction("return_to_battlefield", what="self", kind="+1/+1", amount=Amount(1)),)),
)

KEYWORD_TRIGGERS: dict[str, Trigger] = {"undying": UNDYING}
