"""Per-unit time budgets: a deadline the long-running stages check, so no input can stall an analysis.

A unit (one function's parse checks, its inline expansion, one kernel's passes) runs under
`unit_budget(seconds)`; the loops of those stages call `check()`, which raises `BudgetExceeded` once the
deadline has passed. The pipeline turns that into one hint on the unit and analyses the rest.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

UNIT_BUDGET_S = 2.0
DOCUMENT_BUDGET_S = 10.0  # a whole document: past it, every unit not yet analysed gets the hint

_deadline: ContextVar[float | None] = ContextVar("pypto_unit_deadline", default=None)


class BudgetExceeded(Exception):
    """The unit being analysed ran past its time budget."""


@contextmanager
def unit_budget(seconds: float | None = None) -> Iterator[None]:
    """Run the body with a deadline `seconds` (default UNIT_BUDGET_S) from now; nested budgets keep the
    earlier deadline."""
    seconds = UNIT_BUDGET_S if seconds is None else seconds
    now = time.monotonic()
    outer = _deadline.get()
    deadline = now + seconds if outer is None else min(outer, now + seconds)
    token = _deadline.set(deadline)
    try:
        yield
    finally:
        _deadline.reset(token)


def check() -> None:
    """Raise BudgetExceeded when the current unit's deadline has passed."""
    deadline = _deadline.get()
    if deadline is not None and time.monotonic() > deadline:
        raise BudgetExceeded
