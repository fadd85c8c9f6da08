"""The engine's typed errors. Each one carries a stable ``code`` and an English message;
the web layer translates by code, the command prints the message."""

from __future__ import annotations


class EngineError(Exception):
    """Something the rules do not allow, or a game state the engine cannot model."""

    code = "engine-error"

    def __init__(self, message: str, *, code: str | None = None, rule: str = ""):
        self.message = message
        if code:
            self.code = code
        self.rule = rule
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self.message} (rule {self.rule})" if self.rule else self.message


class IllegalAction(EngineError):
    """A player action the rules forbid in this state (e.g. crewing with too little power)."""

    code = "illegal-action"


class BudgetExceeded(EngineError):
    """A run used more operations or time than its budget allows."""

    code = "budget-exceeded"
