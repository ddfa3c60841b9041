"""A pull that arrives while an opened document's persistent-cache look-up runs waits for that look-up (at most
WARM_LOOKUP_S) instead of starting the analysis at once: the cached result answers it, and the analysis starts
when the look-up ends (`Scheduler.start_now`)."""

from __future__ import annotations

import asyncio

from compiler.analysis import Analysis
from compiler.modules import ModuleGraph
from pypto_lsp import scheduler
from pypto_lsp.document import Analyzed, Snapshot

URI = "file:///ws/kernel.py"
TEXT = "import pypto.language as pl\n\nX = 1\n"


class _Host:
    """A server with one open document."""

    def __init__(self) -> None:
        self.snap = Snapshot(URI, 1, TEXT, "/ws/kernel.py")
        self.results: list[Analyzed] = []

    def snapshot(self, uri: str) -> Snapshot | None:
        """The one document's text."""
        return self.snap if uri == URI else None

    def analysis_inputs(self) -> tuple[int, str | None, float]:
        """Default settings."""
        return 0, None, 0.5

    def landed(self, uri: str, result: Analyzed, previous: Analyzed | None) -> None:
        """Keep what landed."""
        self.results.append(result)


async def test_a_pull_during_the_look_up_gets_the_cached_result_and_the_analysis_follows() -> None:
    host = _Host()
    sched = scheduler.Scheduler(host, ModuleGraph())  # type: ignore[arg-type]
    sched.schedule(URI, 5.0, edited=True, held=True)  # did_open: held for the look-up
    pull = asyncio.create_task(sched.current(URI, lambda: 1))
    await asyncio.sleep(0.2)
    state = sched.docs[URI]
    # the pull did not cut the look-up's wait short: no analysis has started
    assert state.debouncing and state.running is None and not pull.done()

    cached = Analysis("/ws/kernel.py", "a2a3")
    assert sched.provide(URI, host.snap, cached, 0) is not None
    first = await asyncio.wait_for(pull, 5)
    assert first is not None and first.provisional and first.analysis is cached

    sched.start_now(URI)  # the look-up is done: the document's own analysis runs now
    for _ in range(300):
        if state.result is not None and not state.result.provisional:
            break
        await asyncio.sleep(0.1)
    own = state.result
    assert own is not None and not own.provisional and own.analysis is not cached
    assert [r.provisional for r in host.results] == [False]  # `landed` is told of the analysis only
    sched.executor.shutdown(wait=True)


async def test_an_edit_during_the_look_up_lets_a_pull_start_the_analysis_at_once() -> None:
    host = _Host()
    sched = scheduler.Scheduler(host, ModuleGraph())  # type: ignore[arg-type]
    sched.schedule(URI, 5.0, edited=True, held=True)
    host.snap = Snapshot(URI, 2, TEXT + "Y = 2\n", "/ws/kernel.py")
    sched.schedule(URI, 5.0, edited=True)  # did_change: the keystroke debounce, not held
    result = await asyncio.wait_for(sched.current(URI, lambda: 2), 30)
    assert result is not None and not result.provisional and result.snapshot.version == 2
    sched.executor.shutdown(wait=True)
