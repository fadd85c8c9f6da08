"""A run's budget: a ceiling on engine operations and on wall-clock time.

Every loop in the engine that could grow with the game state (layer passes, dependency
checks, state-based action checks, object creation) calls :meth:`Budget.tick`, so a
runaway run stops with a :class:`~.errors.BudgetExceeded` instead of holding a web worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .errors import BudgetExceeded

DEFAULT_OPERATIONS = 200_000
DEFAULT_SECONDS = 2.0


class Budget:
    def __init__(
        self,
        operations: int = DEFAULT_OPERATIONS,
        seconds: float = DEFAULT_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.operations = operations
        self.seconds = seconds
        self.clock = clock
        self.used = 0
        self.started = clock()

    def tick(self, n: int = 1) -> None:
        self.used += n
        if self.used > self.operations:
            raise BudgetExceeded(
                f"the run was stopped after {self.operations} operations (its budget)", code="budget-operations"
            )
        # Reading the clock is cheap, but not free: look at it every 64 operations.
        if self.used % 64 == 0 and self.clock() - self.started > self.seconds:
            raise BudgetExceeded(f"the run was stopped after {self.seconds:g} s (its time budget)", code="budget-time")
