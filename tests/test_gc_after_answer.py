"""The cyclic GC, paused while an analysis runs, resumes only once the result has landed and a pull waiting
for it has its answer: re-enabling it sets off a young collection of everything the analysis allocated
(3 ms on a large model file), which used to run before the answer went out."""

from __future__ import annotations

import asyncio
import gc
import types

import pytest

from compiler.modules import ModuleGraph
from pypto_lsp import scheduler
from pypto_lsp.document import Analyzed, Snapshot

URI = "file:///ws/kernel.py"
TEXT = "import pypto.language as pl\n\nX = 1\n"


class _Host:
    """A server with one open document, recording when its result lands."""

    def __init__(self, events: list[str]) -> None:
        self.snap = Snapshot(URI, 1, TEXT, "/ws/kernel.py")
        self.events = events

    def snapshot(self, uri: str) -> Snapshot | None:
        """The one document's text."""
        return self.snap if uri == URI else None

    def analysis_inputs(self) -> tuple[int, str | None, float]:
        """Default settings."""
        return 0, None, 0.5

    def landed(self, uri: str, result: Analyzed, previous: Analyzed | None) -> None:
        """Note the landing."""
        self.events.append("landed")


async def test_the_gc_resumes_after_the_pull_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []

    def enable() -> None:
        events.append("gc enabled")
        gc.enable()

    fake_gc = types.SimpleNamespace(
        **{name: getattr(gc, name) for name in dir(gc) if not name.startswith("_")}
    )
    fake_gc.enable = enable
    monkeypatch.setattr(scheduler, "gc", fake_gc)
    sched = scheduler.Scheduler(_Host(events), ModuleGraph())  # type: ignore[arg-type]
    try:
        sched.schedule(URI, 0.0, edited=True)
        result = await asyncio.wait_for(sched.current(URI, lambda: 1), 30)
        events.append("answered")
        assert result is not None and result.analysis is not None
        assert not gc.isenabled()  # still paused: the answer went out first
        await asyncio.sleep(scheduler.SETTLE_DELAY_S * 5)
        assert events == ["landed", "answered", "gc enabled"]
        assert gc.isenabled()
    finally:
        sched.executor.shutdown(wait=True)
        gc.enable()
