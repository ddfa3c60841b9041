"""The full collection the scheduler runs once the server is idle holds the interpreter for all of it (about
0.45 s CPU with the largest library file open): it waits until no read request (hover, inlay hints, ...) has
arrived for IDLE_GC_S either, so a person hovering or scrolling after typing is not kept waiting."""

from __future__ import annotations

import asyncio
import time

import pytest

from compiler.modules import ModuleGraph
from pypto_lsp import scheduler


class _Host:
    """A server with no documents."""

    def snapshot(self, uri: str) -> None:
        """No document is open."""
        return None

    def analysis_inputs(self) -> tuple[int, str | None, float]:
        """Default settings."""
        return 0, None, 0.5

    def landed(self, uri: str, result: object, previous: object) -> None:
        """Nothing lands."""


@pytest.fixture
def idle(monkeypatch: pytest.MonkeyPatch) -> tuple[scheduler.Scheduler, scheduler.ReadGate, list[float]]:
    """A scheduler whose full collections are recorded, with its own read gate and a 0.2 s idle time."""
    sched = scheduler.Scheduler(_Host(), ModuleGraph())  # type: ignore[arg-type]
    collected: list[float] = []
    monkeypatch.setattr(sched, "_collect", lambda: collected.append(time.monotonic()))
    monkeypatch.setattr(scheduler, "IDLE_GC_S", 0.2)
    gate = scheduler.ReadGate()
    monkeypatch.setattr(scheduler, "READS", gate)
    return sched, gate, collected


async def test_the_idle_collection_waits_until_reads_are_quiet(
    idle: tuple[scheduler.Scheduler, scheduler.ReadGate, list[float]],
) -> None:
    sched, gate, collected = idle
    gate.enter(1)
    gate.leave(1)  # a hover was just answered
    read_at = time.monotonic()
    sched._collect_when_idle()
    assert collected == [] and sched.idle_gc is not None
    await asyncio.sleep(0.4)
    assert len(collected) == 1 and collected[0] - read_at >= 0.19  # once reads were quiet IDLE_GC_S
    sched.shutdown()


async def test_with_no_recent_read_the_idle_collection_runs_at_once(
    idle: tuple[scheduler.Scheduler, scheduler.ReadGate, list[float]],
) -> None:
    sched, _, collected = idle
    sched._collect_when_idle()
    assert len(collected) == 1
    sched.shutdown()
