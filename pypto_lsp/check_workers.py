"""`pypto-lsp check` on every core: files are analysed in worker processes.

Each worker keeps one module graph for the whole run, and is given the files of one folder after
another (they import the same configuration and helper modules), so a module is read, parsed and
evaluated once per run, not once per file that imports it; only at the end of a run, when a worker
helps with another's folder, is a module evaluated a second time. With one job (or a handful of files)
the same work runs in this process. Every result comes back with what it was computed from, for the
cache.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from multiprocessing import connection
from pathlib import Path
from typing import Any

from compiler.analysis import Analysis
from compiler.modules import DiskReader, ModuleGraph
from pypto_lsp.check_cache import (
    Dependencies,
    analysis_from_json,
    analysis_to_json,
    dependencies,
    slim,
)

MIN_PARALLEL_FILES = 4  # fewer files than this are analysed in this process (no pool to start)
# Objects the collector tracks, made since the last collection and still alive (the module graph's
# growth and the analyses' cyclic garbage), past which a worker collects: the collector is off meanwhile,
# and a collection walks every one of them, so fewer collections cost less (memory stays bounded).
COLLECT_ABOVE = 4_000_000  # a few hundred MB at most


@dataclass(frozen=True, slots=True)
class Job:
    """One file to analyse."""

    path: Path
    text: str


@dataclass(frozen=True, slots=True)
class Checked:
    """One file's analysis (only what `check` prints) and what it was computed from."""

    path: Path
    analysis: Analysis
    deps: Dependencies


@dataclass(frozen=True, slots=True)
class GraphSettings:
    """What every worker's module graph and analysis are configured with."""

    environ: Mapping[str, str]
    extra_paths: tuple[Path, ...]
    target: str | None


def default_jobs() -> int:
    """All the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class _Worker:
    """The state one process keeps for the whole run."""

    def __init__(self, settings: GraphSettings) -> None:
        self.settings = settings
        self.reader = DiskReader()
        self.graph = ModuleGraph(
            read_file=self.reader, environ=dict(settings.environ), extra_paths=settings.extra_paths
        )

    def check(self, job: Job) -> Checked:
        """Analyse one file (run with the collector off: the analysis frees its temporaries by reference
        count, and a collection past COLLECT_ABOVE new objects keeps cycles bounded)."""
        checked = self._check(job)
        if gc.get_count()[0] > COLLECT_ABOVE:
            gc.collect()
            gc.freeze()  # what survives (the module graph) is not walked again by the next collection
        return checked

    def _check(self, job: Job) -> Checked:
        """The analysis of one file, slimmed; its temporaries are freed when this returns."""
        from compiler.pipeline import Analyzer
        from pypto_lsp.document import run_analysis

        analyzer = Analyzer(graph=self.graph, one_shot=True, lean=True)
        analysis = run_analysis(job.text, str(job.path), self.settings.target, True, analyzer)
        assert analysis is not None  # forced
        return Checked(job.path, slim(analysis), self._dependencies(job.path, analyzer.imports()))

    def _dependencies(self, path: Path, imports: Iterable[Path]) -> Dependencies:
        """What the analysis of `path` was computed from (see `check_cache.dependencies`)."""
        return dependencies(self.graph, path, imports, self.settings.extra_paths, self.reader)


@contextlib.contextmanager
def _collector_off() -> Iterator[None]:
    """The cyclic collector off meanwhile: turned on while an analysis's objects live, its next young
    collection would walk every one of them (a tenth of the run's time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def check_files(
    jobs: list[Job], settings: GraphSettings, processes: int, done: Callable[[Checked], None]
) -> None:
    """Analyse the files, calling `done` (in this process) as each one finishes."""
    if processes <= 1 or len(jobs) < MIN_PARALLEL_FILES:
        with _collector_off():
            worker = _Worker(settings)
            for job in jobs:
                done(worker.check(job))
            del worker
            # What is left (the module graph's cycles) would be walked by the collector's next run, a
            # second or two after a large run: the command ends soon, so it is left in place.
            gc.freeze()
        return
    import compiler.pipeline  # noqa: F401  (imported once here, inherited by forked workers)

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    queue = _AffinityQueue(jobs)
    pool = [_Process(context, settings) for _ in range(min(processes, len(jobs)))]
    try:
        for process in pool:
            process.give(queue.next_for(process))
        while busy := {p.conn: p for p in pool if p.job is not None}:
            for conn in connection.wait(list(busy)):
                process = busy[conn]
                done(process.result())
                process.give(queue.next_for(process))
    finally:
        for process in pool:
            process.stop()


class _Process:
    """One worker process and the file it is analysing."""

    def __init__(self, context: Any, settings: GraphSettings) -> None:
        self.context, self.settings = context, settings
        self.group: Path | None = None  # the folder whose files it has been given
        self.job: Job | None = None
        self._start()

    def _start(self) -> None:
        self.conn, child = self.context.Pipe()
        self.process = self.context.Process(target=_serve, args=(child, self.settings), daemon=True)
        self.process.start()
        child.close()

    def give(self, job: Job | None) -> None:
        """Start analysing a file (None: nothing left for this worker)."""
        self.job = job
        if job is not None:
            self.group = job.path.parent
            with contextlib.suppress(OSError):  # the process is gone: result() starts another
                self.conn.send(job)

    def result(self) -> Checked:
        """The finished file's result; a worker that died gets a fresh process and the file one error."""
        job = self.job
        assert job is not None
        try:
            path, report, deps = self.conn.recv()
        except (EOFError, OSError):
            self.process.join(1)
            code = self.process.exitcode
            self._start()
            self.group = None
            return _failed(job, f"the worker process analysing this file stopped (exit status {code})")
        try:
            return Checked(path, analysis_from_json(report), deps)
        except (KeyError, TypeError, ValueError) as exc:
            return _failed(job, f"unreadable report from the worker: {exc!r}")

    def stop(self) -> None:
        """Let an idle process end (told so on its pipe: a sibling forked later holds a copy of the pipe,
        so its closing alone is no end of file); one still analysing (the run was interrupted) is killed
        at once."""
        if self.job is None:
            with contextlib.suppress(OSError):
                self.conn.send(None)
        self.conn.close()
        if self.job is None:
            self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


class _AffinityQueue:
    """The files to analyse, grouped by folder: a worker gets the files of one folder after another (their
    imports are the same modules, evaluated once in its graph), the largest file first; a worker whose
    folder is done starts the largest folder nobody has started, and only then helps another."""

    def __init__(self, jobs: list[Job]) -> None:
        self.groups: dict[Path, list[Job]] = {}
        for job in sorted(jobs, key=lambda j: -len(j.text)):
            self.groups.setdefault(job.path.parent, []).append(job)
        self.started: set[Path] = set()

    def next_for(self, process: _Process) -> Job | None:
        """The next file for a worker."""
        left = {folder: files for folder, files in self.groups.items() if files}
        if not left:
            return None
        if process.group in left:
            folder = process.group
        else:
            fresh = [f for f in left if f not in self.started] or list(left)
            folder = max(fresh, key=lambda f: sum(len(j.text) for j in left[f]))
        self.started.add(folder)
        return left[folder].pop(0)


def _serve(conn: Any, settings: GraphSettings) -> None:
    """A worker process: analyse each file it is sent until its pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops us
    gc.disable()  # for good: `check` collects when enough has piled up (the process ends without one)
    worker = _Worker(settings)
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:  # the run is over
            return
        # Sent as plain data: a diagnostic's rule is one object of the catalog, never a pickled copy.
        try:
            checked = worker.check(job)
            message = (checked.path, analysis_to_json(checked.analysis), checked.deps)
        except Exception as exc:  # the analysis itself never raises; what surrounds it must not kill us
            failed = _failed(job, f"{type(exc).__name__}: {exc}")
            message = (failed.path, analysis_to_json(failed.analysis), failed.deps)
        conn.send(message)


def _failed(job: Job, detail: str) -> Checked:
    """A file whose analysis could not finish: one internal-error diagnostic (never cached)."""
    from compiler.catalog import diagnostic
    from compiler.source import NO_SPAN

    error = diagnostic("PTO-F47", NO_SPAN, detail=detail[:300])
    return Checked(
        job.path, Analysis(path=str(job.path), target="a2a3", diagnostics=(error,)), Dependencies((), ())
    )
