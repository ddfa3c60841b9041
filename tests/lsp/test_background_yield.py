"""Background work yields to typing: the analysis of a reaching entry stops at a keystroke, and the
workspace index is built a slice at a time."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from compiler import budget
from compiler.modules import ModuleGraph, read_disk_text
from pypto_lsp import server as server_module
from pypto_lsp.server import create_server
from pypto_lsp.workspace_reach import ReachIndex

HELPERS = "import pypto.language as pl\n\n\n@pl.jit.inline\ndef gate(x: pl.Tensor):\n    return x\n"
ENTRY = "import pypto.language as pl\nfrom helpers import gate\n\n\n@pl.jit\ndef run(x: pl.Tensor):\n    return gate(x)\n"


def test_a_keystroke_cancels_the_background_analysis_of_a_reaching_entry() -> None:
    server = create_server()
    running = budget.CancelToken()
    server.reach_token = running
    before = time.monotonic()
    server.pause_background()
    assert running.cancelled  # it stops at its next statement boundary and runs again once typing pauses
    assert server.last_edit >= before  # and no background work starts before the pause is over


def test_the_index_built_in_slices_equals_the_index_built_at_once(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS)
    for i in range(5):
        (tmp_path / f"entry{i}.py").write_text(ENTRY)
    (tmp_path / "notes.py").write_text("x = 1\n")  # not a DSL file: not indexed
    whole = ReachIndex(ModuleGraph(), read_disk_text)
    whole.build([tmp_path])
    sliced = ReachIndex(ModuleGraph(), read_disk_text)
    files = sliced.files([tmp_path])
    assert tmp_path / "notes.py" not in files and len(files) == 6
    for start in range(0, len(files), 2):
        sliced.add(files[start : start + 2])
    assert sliced.imports == whole.imports
    assert len(sliced.importers(tmp_path / "helpers.py")) == 5


class _RecordingIndex(ReachIndex):
    """A reach index that notes when the server reads the changed files again."""

    def __init__(self) -> None:
        super().__init__(ModuleGraph(), read_disk_text)
        self.refreshed: list[float] = []

    def refresh(self) -> bool:
        self.refreshed.append(time.monotonic())
        return False


def test_the_index_reads_changed_files_again_only_once_typing_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    # Reading a changed file again parses it whole, holding the interpreter a keystroke's analysis needs.
    monkeypatch.setattr(server_module, "REACH_IDLE_S", 0.3)
    monkeypatch.setattr(server_module, "REACH_DELAY_S", 0.02)
    server = create_server()
    index = server.reach = _RecordingIndex()
    index.built = True

    async def typing_then_pause() -> float:
        server.pause_background()
        server.fill_reach()
        stop = time.monotonic() + 0.6
        while time.monotonic() < stop:  # a keystroke every 50 ms
            server.pause_background()
            server.fill_reach()
            await asyncio.sleep(0.05)
        assert index.refreshed == []
        typed_until = server.last_edit
        assert server.reach_task is not None
        await asyncio.wait_for(server.reach_task, 5)
        return typed_until

    typed_until = asyncio.run(typing_then_pause())
    assert index.refreshed and min(index.refreshed) >= typed_until + 0.3
