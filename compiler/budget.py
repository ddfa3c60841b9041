"""Per-unit time budgets: a deadline the long-running stages check, so no input can stall an analysis.

A unit (one function's parse checks, its inline expansion, one kernel's passes) runs under
`unit_budget(seconds)`; the loops of those stages call `check()`, which raises `BudgetExceeded` once the
deadline has passed. The pipeline turns that into one hint on the unit and analyses the rest.

The same `check()` is the analysis's cancellation point: the server runs each analysis under a
`CancelToken` (`cancellable(token)`), and once a newer version of the input makes it stale, the next
`check()` raises `Cancelled`. That one is a BaseException, so no `except Exception` of a stage turns it
into a diagnostic: the whole analysis is abandoned and the pipeline keeps its caches as they were.
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


class Cancelled(BaseException):  # as asyncio.CancelledError: a request to stop, not an error
    """The analysis was abandoned: its input has a newer version (never reported, never cached)."""


class CancelToken:
    """Set once, from any thread, to stop the analysis that runs under it at its next `check()`."""

    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        """Ask the analysis to stop (a plain attribute store: safe from another thread)."""
        self.cancelled = True


_token: ContextVar[CancelToken | None] = ContextVar("pypto_cancel_token", default=None)


@contextmanager
def cancellable(token: CancelToken) -> Iterator[None]:
    """Run the body so that `token.cancel()` stops it at the next `check()` with `Cancelled`."""
    reset = _token.set(token)
    try:
        yield
    finally:
        _token.reset(reset)


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
    """Raise Cancelled when the analysis was cancelled, BudgetExceeded when the unit's deadline passed."""
    token = _token.get()
    if token is not None and token.cancelled:
        raise Cancelled
    deadline = _deadline.get()
    if deadline is not None and time.monotonic() > deadline:
        raise BudgetExceeded
