"""What an open document keeps in memory: an idle document keeps its finished result only (its Analyzer,
the caches and statement memos that make the next edit incremental, is released) and its next analysis
still gives exactly what a fresh analysis gives."""

from __future__ import annotations

import ast
import asyncio
import concurrent.futures
import gc
import subprocess
import sys
from pathlib import Path

import pytest

import compiler.modules as modules
from compiler.incremental import Step
from compiler.modules import ModuleGraph
from compiler.passes.inline_functions import foreign_helpers
from compiler.pipeline import Analyzer
from pypto_lsp import scheduler
from pypto_lsp.document import Analyzed, Snapshot
from tests.test_foreign_helpers import HELPERS
from tests.test_statement_memos import BLOCK, EDITS, PATH


@pytest.fixture(autouse=True)
def _memos_on_short_bodies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep statement memos for the short test body too (a real model file's bodies are long)."""
    import compiler.memo

    monkeypatch.setattr(compiler.memo, "MEMO_MIN_LINES", 1)


def _has_memos(analyzer: Analyzer) -> bool:
    cache = analyzer.parse_cache
    return bool(analyzer.body_memos or cache.statements or cache.bodies)


def _has_caches(analyzer: Analyzer) -> bool:
    """Anything of an earlier analysis: parsed units, kernel results, inlined or simplified functions."""
    return bool(
        analyzer.parse_cache.units
        or analyzer.parse_cache.constants is not None
        or analyzer.kernel_cache
        or analyzer.inline_cache
        or analyzer.simplify_cache
        or analyzer.checked
        or _has_memos(analyzer)
    )


def test_dropped_memos_are_recorded_again_and_change_no_result() -> None:
    graph = ModuleGraph()
    for label, edited in EDITS[::9]:
        analyzer = Analyzer(graph=graph)
        analyzer.analyze(BLOCK, PATH)
        assert _has_memos(analyzer), label
        analyzer.drop_memos()
        assert not _has_memos(analyzer), label
        assert analyzer.analyze(edited, PATH) == Analyzer(graph=graph).analyze(edited, PATH), label
        assert _has_memos(analyzer), label  # the edited document is incremental again
        assert analyzer.analyze(BLOCK, PATH) == Analyzer(graph=graph).analyze(BLOCK, PATH), label


class _Host:
    """The server's side of the scheduler: every document is BLOCK at version 1 until `edit`."""

    def __init__(self) -> None:
        self.texts: dict[str, tuple[int, str]] = {}

    def edit(self, uri: str, text: str) -> None:
        version = self.texts.get(uri, (1, BLOCK))[0] + 1
        self.texts[uri] = (version, text)

    def version(self, uri: str) -> int:
        return self.texts.get(uri, (1, BLOCK))[0]

    def snapshot(self, uri: str) -> Snapshot | None:
        version, text = self.texts.get(uri, (1, BLOCK))
        return Snapshot(uri, version, text, PATH)

    def analysis_inputs(self) -> tuple[int, str | None, float]:
        return 0, None, 0.05

    def landed(self, uri: str, result: Analyzed, previous: Analyzed | None) -> None:
        pass


def test_only_the_last_edited_documents_keep_their_incremental_state() -> None:
    uris = [f"file:///doc{i}.py" for i in range(scheduler.ACTIVE_DOCUMENTS + 2)]
    fresh = Analyzer(graph=ModuleGraph()).analyze(BLOCK, PATH)

    async def run() -> None:
        host = _Host()
        sched = scheduler.Scheduler(host, ModuleGraph())
        try:
            for uri in uris:  # opened one after the other, each waited for
                sched.schedule(uri, 0.0, edited=True)
                assert await sched.current(uri, lambda: 1) is not None
            idle, active = uris[: -scheduler.ACTIVE_DOCUMENTS], uris[-scheduler.ACTIVE_DOCUMENTS :]
            assert not any(_has_caches(sched.docs[uri].analyzer) for uri in idle)
            assert all(_has_memos(sched.docs[uri].analyzer) for uri in active)
            # An idle document still answers from its result, and still knows what it imports (an edit of
            # one of those modules re-analyses it).
            imported = sched.imports(active[-1])
            assert imported and all(sched.imports(uri) == imported for uri in idle)
            first = sched.latest(idle[0])
            assert first is not None and first.analysis == fresh
            # Re-analysed for an imported module's edit, an idle document stays without caches.
            sched.schedule(idle[0], 0.0)
            again = await sched.current(idle[0], lambda: 1)
            assert again is not None and again is not first
            assert again.analysis == first.analysis
            assert not _has_caches(sched.docs[idle[0]].analyzer)
            # Edited again, it is active (a full analysis): the oldest active one releases its caches.
            _, edited = EDITS[len(EDITS) // 2]
            host.edit(idle[0], edited)
            sched.schedule(idle[0], 0.0, edited=True)
            typed = await sched.current(idle[0], lambda: host.version(idle[0]))
            assert typed is not None and typed.analysis == Analyzer(graph=ModuleGraph()).analyze(edited, PATH)
            assert _has_memos(sched.docs[idle[0]].analyzer)
            assert not _has_caches(sched.docs[active[0]].analyzer)
            assert sched.latest(active[0]) is not None
            sched.close(idle[0])
            assert idle[0] not in sched.active
        finally:
            sched.shutdown()

    asyncio.run(run())


def test_the_module_graph_keeps_a_bounded_text_of_trees_and_parses_the_rest_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module summary holds no tree: the graph keeps the last ones read, MAX_TREE_TEXT characters of
    text at most, and a module read again gives the same helpers as a graph that kept every tree."""
    files = []
    for i in range(6):
        path = tmp_path / f"helpers_{i}.py"
        path.write_text(HELPERS.replace("ROWS = 64", f"ROWS = {64 * (i + 1)}"))
        files.append(path)
    kept_all = ModuleGraph()
    monkeypatch.setattr(modules, "MAX_TREE_TEXT", 2 * len(HELPERS) + 10)
    bounded = ModuleGraph()
    for path in files:
        assert bounded.summary(path) is not None
        assert sum(len(text) for text, _ in bounded.trees.values()) <= modules.MAX_TREE_TEXT
    assert len(bounded.trees) == 2 and set(bounded.trees) == set(files[-2:])
    assert not hasattr(bounded.summary(files[0]), "tree")
    monkeypatch.setattr(modules, "MAX_TREE_TEXT", 10**9)
    for path in files:  # the first ones are parsed again, the same helpers come out
        found = {name: helper.function for name, helper in foreign_helpers(bounded, path).items()}
        assert found == {name: helper.function for name, helper in foreign_helpers(kept_all, path).items()}
        assert sorted(found) == ["scale", "typed_inline"]


def test_one_analysis_parses_each_imported_module_once_however_few_trees_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import walk, the evaluation and the inliner read the same modules: within one analysis each
    is parsed once, even when the trees kept between analyses cannot hold them all."""
    names = [f"helpers_{i}" for i in range(4)]
    for i, name in enumerate(names):
        (tmp_path / f"{name}.py").write_text(HELPERS.replace("ROWS = 64", f"ROWS = {64 * (i + 1)}"))
    imports = "".join(f"from {name} import scale as scale_{i}\n" for i, name in enumerate(names))
    calls = "".join(f"        y = scale_{i}(x, y)\n" for i in range(len(names)))
    entry = (
        "import pypto.language as pl\n" + imports + "\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n" + calls + "    return y\n"
    )
    parsed: list[int] = []
    real_parse = modules.parse_source

    def counting_parse(text: str) -> ast.Module:
        parsed.append(hash(text))
        return real_parse(text)

    monkeypatch.setattr(modules, "MAX_TREE_TEXT", 1)  # nothing kept between analyses
    monkeypatch.setattr(modules, "parse_source", counting_parse)
    path = tmp_path / "entry.py"
    path.write_text(entry)
    analysis = Analyzer(graph=ModuleGraph(), one_shot=True).analyze(entry, str(path))
    assert analysis.kernels  # the helpers were found and inlined
    module_texts = {hash((tmp_path / f"{n}.py").read_text()) for n in names}
    counts = [parsed.count(h) for h in module_texts]
    assert counts == [1] * len(names), counts


def test_the_graph_keeps_nothing_derived_from_module_versions_it_dropped(tmp_path: Path) -> None:
    """A new module store drops every other module's summary: what was derived from those versions (the
    inline helpers, holding the summary and its evaluated functions' trees) goes with them."""
    (tmp_path / "config.py").write_text("TP = 1\n")
    helpers = tmp_path / "helpers.py"
    helpers.write_text(HELPERS)
    entry = (
        "import pypto.language as pl\nfrom helpers import scale\n\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n        y = scale(x, y)\n    return y\n"
    )
    path = str(tmp_path / "entry.py")
    graph = ModuleGraph()
    first = Analyzer(graph=graph).analyze(entry, path)
    assert first.kernels and ("inline-helpers", helpers) in graph.derived
    kept = graph.derived[("inline-helpers", helpers)][0][0]  # the newest variant's summary
    graph.note_module_stores(tmp_path / "setter.py", ast.parse("import config\nconfig.TP = 2\n"))
    assert helpers not in graph.variants and not graph.derived
    again = Analyzer(graph=graph).analyze(entry, path)
    assert again == first and graph.derived[("inline-helpers", helpers)][0][0] is not kept


def test_a_released_analyzer_is_freed_at_once_though_analyses_freeze_what_they_leave(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each analysis freezes what it leaves (gc.freeze), and an Analyzer's caches hold reference cycles:
    a document that becomes idle has its Analyzer taken apart when it is let go (`scheduler.let_go`, on a
    worker thread), so reference counting frees its caches without a collection of the heap, not at the
    next idle collection, and the next analysis reuses that memory instead of growing the heap."""
    monkeypatch.setattr(scheduler, "IDLE_GC_S", 1000.0)  # no idle collection during the test
    uris = [f"file:///doc{i}.py" for i in range(scheduler.ACTIVE_DOCUMENTS + 3)]

    def live_steps() -> int:
        """Recorded statement steps, which only an Analyzer's memos hold (in reference cycles)."""
        gc.unfreeze()  # listed by gc.get_objects, not collected
        count = sum(1 for o in gc.get_objects() if isinstance(o, Step))
        gc.freeze()
        return count

    gc.unfreeze()
    gc.collect()  # what earlier tests left
    before = live_steps()
    one = Analyzer(graph=ModuleGraph())
    one.analyze(BLOCK, PATH)
    per_document = live_steps() - before
    assert per_document > 0
    del one
    gc.unfreeze()
    gc.collect()
    assert live_steps() == before

    async def run() -> None:
        sched = scheduler.Scheduler(_Host(), ModuleGraph())
        try:
            for uri in uris:  # the same text each time: each document holds as much as the others
                sched.schedule(uri, 0.0, edited=True)
                assert await sched.current(uri, lambda: 1) is not None
                await asyncio.sleep(0)  # the analysis's done callback (settle_memory) has run
            concurrent.futures.wait(sched.freeing)
            assert live_steps() == before + scheduler.ACTIVE_DOCUMENTS * per_document
        finally:
            sched.shutdown()
            gc.unfreeze()

    asyncio.run(run())


def test_the_ops_of_a_helper_two_kernels_run_share_their_texts_and_spans(tmp_path: Path) -> None:
    """An idle document keeps the ops of every helper its kernels reach: the same op reached twice keeps one
    localized span, and the texts of its records (reason, shape, names) are one object each."""
    (tmp_path / "helpers.py").write_text(HELPERS)
    entry = (
        "import pypto.language as pl\nfrom helpers import typed_inline\n\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n        y = typed_inline(x, y)\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n        y = typed_inline(y, y)\n    return y\n"
    )
    path = tmp_path / "entry.py"
    path.write_text(entry)
    analysis = Analyzer(graph=ModuleGraph()).analyze(entry, str(path))
    exp = [f.op for f in analysis.foreign_ops if f.op.ir_name == "tile.exp"]
    assert len(exp) == 2 and exp[0].kernel != exp[1].kernel
    first, second = exp
    assert first.span == second.span and first.span is second.span
    for name in ("reason", "shape", "dtype", "dsl_name"):
        assert getattr(first, name) == getattr(second, name) and getattr(first, name) is getattr(second, name)


def test_the_server_imports_libcst_only_when_a_quick_fix_needs_it() -> None:
    """libcst (~9 MiB) serves the two quick fixes that parse a call: starting the server does not load it."""
    code = "import sys, pypto_lsp.server, pypto_lsp.features.code_actions; print('libcst' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_tree_the_store_scan_reads_is_not_held_to_the_end_of_the_query(tmp_path: Path) -> None:
    """Within a query the trees it parsed stay at hand (the import walk, the evaluation and the inliner
    read the same modules), but a folder's store scan reads a module only for its stores: holding those
    trees to the query's end was a third of the peak of a cold open. An evaluation still reuses it."""
    (tmp_path / "config.py").write_text("TP = 1\n")
    setter = tmp_path / "setter.py"
    setter.write_text("import config\nconfig.TP = 2\n" + "PAD = 0\n" * 50)
    graph = ModuleGraph()
    with graph.query():
        assert graph.resolve(tmp_path / "main.py", "config", 0) is not None  # scans the folder
        assert setter in graph.trees  # kept between queries, as any tree
        assert setter not in graph._query.trees
        summary = graph.summary(setter)
        assert summary is not None and setter in graph._query.trees  # an evaluation pins it


def test_the_stages_after_the_inliner_run_without_the_imported_modules_trees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trees one analysis parsed are held while the import walk, the evaluation and the inliner read
    them, and let go before the checks and kernel passes build the document's memos and results (the
    largest model's imports: ~16 MiB beside them), with the same analysis as a graph that kept them."""
    import compiler.pipeline as pipeline

    names = [f"helpers_{i}" for i in range(3)]
    for i, name in enumerate(names):
        (tmp_path / f"{name}.py").write_text(HELPERS.replace("ROWS = 64", f"ROWS = {64 * (i + 1)}"))
    imports = "".join(f"from {name} import scale as scale_{i}\n" for i, name in enumerate(names))
    calls = "".join(f"        y = scale_{i}(x, y)\n" for i in range(len(names)))
    entry = (
        "import pypto.language as pl\n" + imports + "\n\n@pl.jit\n"
        "def run(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):\n"
        "    with pl.at(level=pl.Level.CORE_GROUP):\n" + calls + "    return y\n"
    )
    path = tmp_path / "entry.py"
    path.write_text(entry)
    kept = Analyzer(graph=ModuleGraph()).analyze(entry, str(path))
    graph = ModuleGraph()
    held: dict[str, int] = {}
    real_inline, real_outline = pipeline.Analyzer._inline, pipeline.outline

    def inline(self: Analyzer, *args: object, **kwargs: object) -> object:
        out = real_inline(self, *args, **kwargs)  # type: ignore[arg-type]
        held["inliner"] = len(graph._query.trees)
        return out

    def outline(*args: object, **kwargs: object) -> object:
        held["outline"] = len(graph._query.trees)
        return real_outline(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline.Analyzer, "_inline", inline)
    monkeypatch.setattr(pipeline, "outline", outline)
    analysis = Analyzer(graph=graph).analyze(entry, str(path))
    assert analysis.kernels and analysis == kept
    assert held["inliner"] >= len(names) and held["outline"] == 0, held


def test_a_folders_store_scan_does_not_keep_the_texts_of_modules_nobody_imports(tmp_path: Path) -> None:
    """Resolving an import scans the module's folder for module stores (`config.K = ...`), reading every
    module in it: the reader keeps the texts of the modules read for the import, not of the others."""
    for i in range(4):
        (tmp_path / f"other_{i}.py").write_text(f"ROWS_{i} = {i}\n" * 200)
    (tmp_path / "config.py").write_text("ROWS = 64\n")
    (tmp_path / "setter.py").write_text("import config\nconfig.ROWS = 128\n")
    reader = modules.DiskReader()
    graph = ModuleGraph(read_file=reader)
    entry = tmp_path / "entry.py"
    found = graph.resolve(entry, "config", 0)
    assert found == tmp_path / "config.py" and tmp_path in graph.scanned
    assert tmp_path / "setter.py" in graph.stores  # the scan read the folder's modules
    assert set(reader.texts) == {tmp_path / "config.py"}, sorted(p.name for p in reader.texts)


_ARENA_PROBE = """
import ctypes, sys, tempfile, threading
from pypto_lsp import scheduler

if sys.argv[1] == "one":
    scheduler.one_malloc_arena()
held = []
def allocate():
    held.append(bytearray(200_000))  # past Python's small-object allocator: the C library's malloc
threads = [threading.Thread(target=allocate) for _ in range(3)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
libc = ctypes.CDLL(None)
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
with tempfile.NamedTemporaryFile(suffix=".xml") as out:
    stream = libc.fopen(out.name.encode(), b"w")
    libc.malloc_info(0, stream)
    libc.fclose(stream)
    print(open(out.name).read().count("<heap nr="))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc arenas")
def test_the_server_process_allocates_from_one_malloc_arena() -> None:
    """Threads that allocate get arenas of their own from glibc, whose free pages stay mapped beside the
    main one; the server asks for one arena before its worker threads start."""

    def heaps(mode: str) -> int:
        done = subprocess.run(
            [sys.executable, "-c", _ARENA_PROBE, mode], capture_output=True, text=True, check=True
        )
        return int(done.stdout.strip())

    assert heaps("default") > 1
    assert heaps("one") == 1
