"""Analyses step aside while the server answers a read request (`scheduler.READS`): at each statement
boundary an analysis under a token with `pause` sleeps, the interpreter released, while a read younger
than READ_YIELD_S is being answered, and never longer."""

from __future__ import annotations

import threading
import time

import pytest

from compiler import budget
from compiler.modules import ModuleGraph
from compiler.pipeline import Analyzer
from pypto_lsp import scheduler
from tests.test_statement_memos import BLOCK, PATH


def test_an_analysis_pauses_at_its_statement_boundaries_and_gives_the_same_result() -> None:
    calls: list[None] = []
    token = budget.CancelToken(pause=lambda: calls.append(None))
    with budget.cancellable(token):
        paused = Analyzer(graph=ModuleGraph()).analyze(BLOCK, PATH)
    assert calls  # asked at every boundary
    assert paused == Analyzer(graph=ModuleGraph()).analyze(BLOCK, PATH)


def test_the_gate_waits_while_a_read_is_answered_and_no_longer(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = scheduler.ReadGate()
    gate.wait()  # nothing pending: returns at once
    monkeypatch.setattr(scheduler, "READ_YIELD_S", 5.0)
    started = time.monotonic()
    gate.enter(1)
    threading.Timer(0.02, gate.leave, args=(1,)).start()
    gate.wait()
    assert 0.02 <= time.monotonic() - started < 4.0  # until the read was answered
    monkeypatch.setattr(scheduler, "READ_YIELD_S", 0.05)
    started = time.monotonic()
    gate.enter(2)  # a read never answered (it waits for the analysis itself): bounded
    gate.wait()
    assert 0.05 <= time.monotonic() - started < 4.0
    gate.leave(2)
    assert not gate.pending


def test_stale_reads_are_forgotten() -> None:
    gate = scheduler.ReadGate()
    for i in range(70):
        gate.enter(i)
        gate.pending[i] -= 1.0  # long ago
    gate.enter("new")
    assert "new" in gate.pending and len(gate.pending) < 10


def test_a_read_request_is_pending_from_its_arrival_to_its_response() -> None:
    from pypto_lsp.server import create_server

    protocol = create_server().protocol
    hover = {
        "jsonrpc": "2.0",
        "id": 41,
        "method": "textDocument/hover",
        "params": {"textDocument": {"uri": "file:///x.py"}, "position": {"line": 0, "character": 0}},
    }
    pull = {
        "jsonrpc": "2.0",
        "id": 42,
        "method": "textDocument/diagnostic",
        "params": {"textDocument": {"uri": "file:///x.py"}},
    }
    try:
        protocol.structure_message(hover)
        protocol.structure_message(pull)  # waits for an analysis: analyses must not step aside for it
        assert list(scheduler.READS.pending) == [41]
        protocol.writer = None  # nowhere to send: the response is dropped, the read still answered
        protocol._send_response(41, None)
        assert not scheduler.READS.pending
    finally:
        scheduler.READS.pending.clear()


def test_taking_a_released_analyzer_apart_leaves_its_results_whole() -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parent / "data" / "kernel_pkg" / "model.py"
    graph = ModuleGraph()
    analyzer = Analyzer(graph=graph)
    analyzer.analyze(BLOCK, PATH)
    kept = analyzer.analyze(BLOCK.replace("\n", "\n\n", 3), PATH)  # the second version: memos in use
    other = Analyzer(graph=graph)
    helpers = other.analyze(path.read_text(), str(path))
    scheduler.let_go(analyzer)
    scheduler.let_go(other)
    assert kept == Analyzer(graph=ModuleGraph()).analyze(BLOCK.replace("\n", "\n\n", 3), PATH)
    assert helpers == Analyzer(graph=ModuleGraph()).analyze(path.read_text(), str(path))
    assert kept.kernels and kept.ops and helpers.lanes
