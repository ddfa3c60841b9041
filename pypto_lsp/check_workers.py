"""`pypto-lsp check` on every core: files are analysed in worker processes, largest first.

Each worker keeps one module graph for the whole run, so a configuration module is read, parsed and
evaluated once per worker, not once per file that imports it. With one job (or a handful of files) the
same work runs in this process. Every result comes back with what it was computed from, for the cache.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from compiler.analysis import Analysis
from compiler.modules import DiskReader, ModuleGraph
from pypto_lsp.check_cache import Dependencies, consulted_folders, digest, slim

MIN_PARALLEL_FILES = 4  # fewer files than this are analysed in this process (no pool to start)
COLLECT_EVERY = 20  # files between two garbage collections in a worker (the collector is off meanwhile)


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


class _RecordingReader:
    """The graph's file reader, noting the module files it looked for and did not find: their appearing
    later changes how an import resolves. The set only grows: a module's own imports are resolved when
    the worker first evaluates it, so every later file that reads the module depends on them too."""

    def __init__(self) -> None:
        self.disk = DiskReader()
        self.absent: set[Path] = set()

    def __call__(self, path: Path) -> str | None:
        text = self.disk(path)
        if text is None:
            self.absent.add(path)
        return text


class _Worker:
    """The state one process keeps for the whole run."""

    def __init__(self, settings: GraphSettings) -> None:
        self.settings = settings
        self.reader = _RecordingReader()
        self.graph = ModuleGraph(
            read_file=self.reader, environ=dict(settings.environ), extra_paths=settings.extra_paths
        )
        self.done = 0

    def check(self, job: Job) -> Checked:
        """Analyse one file, with the collector off (the analysis frees its temporaries by reference
        count; a collection every COLLECT_EVERY files keeps cycles bounded)."""
        from compiler.pipeline import Analyzer
        from pypto_lsp.document import run_analysis

        analyzer = Analyzer(graph=self.graph)
        enabled = gc.isenabled()
        gc.disable()
        try:
            analysis = run_analysis(job.text, str(job.path), self.settings.target, True, analyzer)
        finally:
            if enabled:
                gc.enable()
        assert analysis is not None  # forced
        self.done += 1
        if self.done % COLLECT_EVERY == 0:
            gc.collect()
            gc.freeze()  # what survives (the module graph) is not walked again by the next collection
        return Checked(job.path, slim(analysis), self._dependencies(job.path, analyzer.imports()))

    def _dependencies(self, path: Path, imports: Iterable[Path]) -> Dependencies:
        """Every module the analysis read (through imports of imports), the files it looked for and did not
        find, and the folders its imports were resolved in."""
        modules: dict[Path, str | None] = {}
        todo = list(imports)
        while todo:
            module = todo.pop()
            if module in modules:
                continue
            summary = self.graph.summaries.get(module)
            modules[module] = digest(summary.text) if summary is not None else None
            if summary is not None:
                todo.extend(dep.path for dep in summary.deps)
        for missing in self.reader.absent:
            modules.setdefault(missing, None)
        folders = consulted_folders(
            [path, *(m for m, h in modules.items() if h is not None)], self.settings.extra_paths
        )
        return Dependencies(tuple(sorted((str(m), h) for m, h in modules.items())), folders)


_worker: _Worker | None = None


def _start_worker(settings: GraphSettings) -> None:
    global _worker
    _worker = _Worker(settings)


def _check_in_worker(job: Job) -> Checked:
    assert _worker is not None, "the pool starts every worker with _start_worker"
    return _worker.check(job)


def check_files(
    jobs: list[Job], settings: GraphSettings, processes: int, done: Callable[[Checked], None]
) -> None:
    """Analyse the files, calling `done` (in this process) as each one finishes."""
    if processes <= 1 or len(jobs) < MIN_PARALLEL_FILES:
        worker = _Worker(settings)
        for job in jobs:
            done(worker.check(job))
        return
    import compiler.pipeline  # noqa: F401  (imported once here, inherited by forked workers)

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    ordered = sorted(jobs, key=lambda job: -len(job.text))  # the longest first: no straggler at the end
    with ProcessPoolExecutor(
        max_workers=min(processes, len(jobs)),
        mp_context=context,
        initializer=_start_worker,
        initargs=(settings,),
    ) as pool:
        futures: list[Future[Checked]] = [pool.submit(_check_in_worker, job) for job in ordered]
        for future in as_completed(futures):
            done(future.result())
