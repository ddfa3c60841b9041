"""Per-unit time budgets: a deadline the long-running stages check, so no input can stall an analysis.

A unit (one function's parse checks, its inline expansion, one kernel's passes) runs under
`unit_budget(seconds)`; the loops of those stages call `check()`, which raises `BudgetExceeded` once the
deadline has passed. The pipeline turns that into one hint on the unit and analyses the rest.

Budgets count the CPU time of the analysing thread, not the wall clock: a busy machine, another
document analysed at the same time or parallel `check` workers slow an analysis down without changing
its result. Only what the input makes the analysis do counts.

The same `check()` is the analysis's cancellation point: the server runs each analysis under a
`CancelToken` (`cancellable(token)`), and once a newer version of the input makes it stale, the next
`check()` raises `Cancelled`. That one is a BaseException, so no `except Exception` of a stage turns it
into a diagnostic: the whole analysis is abandoned and the pipeline keeps its caches as they were.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

UNIT_BUDGET_S = 2.0
DOCUMENT_BUDGET_S = 10.0  # a whole document: past it, every unit not yet analysed gets the hint

CLOCK_EVERY = 8  # check() reads the thread's CPU clock (a system call) once in this many calls


class _Deadline:
    """The thread CPU time a unit must finish by, and how often it was checked."""

    __slots__ = ("at", "calls")

    def __init__(self, at: float) -> None:
        self.at = at
        self.calls = 0


_deadline: ContextVar[_Deadline | None] = ContextVar("pypto_unit_deadline", default=None)


class BudgetExceeded(Exception):
    """The unit being analysed ran past its time budget."""


class Cancelled(BaseException):  # as asyncio.CancelledError: a request to stop, not an error
    """The analysis was abandoned: its input has a newer version (never reported, never cached)."""


class CancelToken:
    """Set once, from any thread, to stop the analysis that runs under it at its next `check()`;
    `pause`, when given, is called there too (the server's analyses step aside while it answers a read)."""

    __slots__ = ("cancelled", "pause")

    def __init__(self, pause: Callable[[], None] | None = None) -> None:
        self.cancelled = False
        self.pause = pause

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
    """Run the body with a deadline `seconds` (default UNIT_BUDGET_S) of this thread's CPU time from now;
    nested budgets keep the earlier deadline."""
    seconds = UNIT_BUDGET_S if seconds is None else seconds
    now = time.thread_time()
    outer = _deadline.get()
    deadline = now + seconds if outer is None else min(outer.at, now + seconds)
    token = _deadline.set(_Deadline(deadline))
    try:
        yield
    finally:
        _deadline.reset(token)


def check() -> None:
    """Raise Cancelled when the analysis was cancelled, BudgetExceeded when the unit's deadline passed."""
    token = _token.get()
    if token is not None:
        if token.cancelled:
            raise Cancelled
        if token.pause is not None:
            token.pause()
    deadline = _deadline.get()
    if deadline is None:
        return
    deadline.calls += 1
    if deadline.calls % CLOCK_EVERY == 0 and time.thread_time() > deadline.at:
        raise BudgetExceeded
