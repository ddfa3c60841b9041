"""The worker processes of `pypto-lsp check`: folder affinity, a worker that dies mid-file, and workers
that end with the run."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

from pypto_lsp.check_workers import GraphSettings, Job, _AffinityQueue, _Process
from tests.lsp.test_responsiveness import slow_text


class _Idle:
    """Stands in for a worker process in the queue's eyes: only the folder it works in matters."""

    group: Path | None = None


def test_a_worker_stays_in_its_folder_then_starts_an_untouched_one_then_helps() -> None:
    jobs = [Job(Path(f"big/{i}.py"), "x" * (100 + i)) for i in range(3)]
    jobs += [Job(Path(f"small/{i}.py"), "x" * (10 + i)) for i in range(2)]
    queue = _AffinityQueue(jobs)
    first, second = _Idle(), _Idle()
    order = []
    for worker in (first, second, first, first, first):
        job = queue.next_for(worker)  # type: ignore[arg-type]
        assert job is not None
        worker.group = job.path.parent
        order.append(str(job.path))
    # the largest folder first, its largest file first; the second worker starts the other folder;
    # the first finishes its own folder, then helps with the second's
    assert order == ["big/2.py", "small/1.py", "big/1.py", "big/0.py", "small/0.py"]
    assert queue.next_for(second) is None  # type: ignore[arg-type]


def test_a_worker_that_dies_costs_its_file_one_error_and_is_replaced(tmp_path: Path) -> None:
    process = _Process(multiprocessing.get_context("fork"), GraphSettings({}, (), None))
    try:
        process.give(Job(tmp_path / "slow.py", slow_text()))
        time.sleep(0.5)  # it is analysing (the slow file runs into its 10 s budget)
        process.process.kill()
        failed = process.result()
        assert [d.code for d in failed.analysis.diagnostics] == ["PTO-F47"]
        assert "stopped" in failed.analysis.diagnostics[0].message
        assert failed.deps.modules == ()  # never cached
        healthy = slow_text(entries=1, depth=1)
        process.give(Job(tmp_path / "healthy.py", healthy))
        assert process.result().analysis.diagnostics == ()  # a new process took over
    finally:
        process.stop()


def test_idle_workers_exit_on_their_own_when_the_run_ends() -> None:
    """A worker forked after another holds a copy of the other's pipe: closing the pipe alone never
    ended the first worker (it was killed after a 5 s wait, at the end of every parallel run)."""
    context = multiprocessing.get_context("fork")
    settings = GraphSettings(environ={}, extra_paths=(), target=None)
    pool = [_Process(context, settings) for _ in range(3)]
    for process in pool:
        process.give(None)
    for process in pool:
        process.stop()
    assert [p.process.exitcode for p in pool] == [0, 0, 0]
