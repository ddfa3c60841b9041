"""What the server keeps in memory with the largest real files open, and what holds it.

Usage: python benchmarks/bench_memory.py LIBRARY_FOLDER [--files N] [--idle S]
       python benchmarks/bench_memory.py LIBRARY_FOLDER --in-process [--files N] [--no-trace] [--keep-memos]

Over stdio (default): starts the real server, opens the N (default 20) largest DSL files under
LIBRARY_FOLDER/models one by one, waits for each document's diagnostics (a pull) and prints the server's
RSS after each open, at the end, and again after S seconds of quiet (default 5: the server's idle
collection has run). The server starts with an empty persistent cache (a temporary XDG_CACHE_HOME), so
each document's diagnostics come from its own analysis and two runs measure the same work
(`--warm-cache`: the user's cache, as an editor restarted on the same files). `--traced`: the server runs under tracemalloc (benchmarks/_traced_server.py) and
reports how much each of its parts holds (with PYPTO_BENCH_NO_TRACEMALLOC=1 in the environment, the
parts only, at full speed: under tracemalloc analyses are ~4x slower and may still run at the report).

`--in-process`: analyses the same files the way the server does (one Analyzer per document over one
shared module graph) under tracemalloc, then releases what holds the memory one part at a time (the
results, the statement memos, each Analyzer cache, the module graph) and prints how much each part alone
kept alive. The server keeps the Analyzers of its ACTIVE_DOCUMENTS last opened or edited documents only
(an idle one gets an empty Analyzer); `--keep-memos` keeps every document's. `--no-trace`: the process's RSS only (quick).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import signal
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_typing import RSS_TARGET_MIB, largest

MIB = 1024 * 1024


def models_of(library: Path) -> Path:
    """The library's models folder (or the folder itself)."""
    return library / "models" if (library / "models").is_dir() else library


# ----------------------------------------------------------------------------- over stdio


async def run_server(files: list[Path], idle: float, traced: bool, warm_cache: bool) -> None:
    """Open the files in the real server one by one and print its RSS (`traced`: the server runs under
    tracemalloc and reports at the end what holds its memory)."""
    from _lsp import shutdown
    from bench_real_style import TIMEOUT_S, open_doc, pull, rss_mb
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("pypto-bench-memory", "0")
    report = Path(f"/tmp/pypto_bench_memory_{os.getpid()}.txt")
    report.unlink(missing_ok=True)
    cache_home = tempfile.TemporaryDirectory(prefix="pypto_bench_memory_")
    env = dict(os.environ) if warm_cache else {**os.environ, "XDG_CACHE_HOME": cache_home.name}
    if traced:
        server = str(Path(__file__).parent / "_traced_server.py")
        await client.start_io(sys.executable, server, str(report), env=env)
    else:
        await client.start_io(sys.executable, "-m", "pypto_lsp", env=env)
    assert client._server is not None
    pid = client._server.pid
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    init = types.InitializeParams(capabilities=caps, root_uri=files[0].parent.parent.resolve().as_uri())
    await asyncio.wait_for(client.initialize_async(init), TIMEOUT_S)
    client.initialized(types.InitializedParams())
    try:
        print(f"server RSS after initialize: {rss_mb(pid):.0f} MiB", flush=True)
        uris: list[str] = []
        for n, path in enumerate(files, 1):
            started = time.perf_counter()
            uris.append(open_doc(client, path))
            await pull(client, uris[-1])
            name = "/".join(path.parts[-2:])
            print(
                f"{n:2d} open {name:<46} {path.stat().st_size / 1024:5.0f} KiB  "
                f"{(time.perf_counter() - started) * 1000:6.0f} ms  RSS {rss_mb(pid):6.0f} MiB",
                flush=True,
            )
        print(f"RSS with the {len(files)} largest files open: {rss_mb(pid):.0f} MiB", flush=True)
        # A pull may be answered from the persistent cache while the server's own analysis still runs:
        # the memory that matters is once every document's own result has landed.
        started = time.perf_counter()
        for uri in uris:
            while (await pull(client, uri)).result_id.endswith(":cached"):  # type: ignore[union-attr]
                await asyncio.sleep(0.2)
        print(
            f"RSS once every document's own analysis has landed ({time.perf_counter() - started:.1f} s later): "
            f"{rss_mb(pid):.0f} MiB",
            flush=True,
        )
        if idle > 0:
            await asyncio.sleep(idle)
            print(
                f"RSS with the {len(files)} largest files open, after {idle:g} s idle: {rss_mb(pid):.0f} MiB "
                f"(target <= {RSS_TARGET_MIB:g} MiB)"
            )
        if traced:
            os.kill(pid, signal.SIGUSR1)
            for _ in range(600):
                await asyncio.sleep(0.5)
                if report.exists():
                    await asyncio.sleep(0.5)  # written at once; let it finish
                    print("what holds the server's memory (objects reachable from each part, first come):")
                    print(report.read_text(), end="")
                    report.unlink()
                    break
    finally:
        await shutdown(client)
        cache_home.cleanup()


# ----------------------------------------------------------------------------- in process


def _traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0


def run_in_process(files: list[Path], top: int, trace: bool, idle_drop: bool) -> None:
    """Analyse the files as the server does and attribute the retained memory (see the module docstring)."""
    from bench_real_style import rss_mb

    from compiler.modules import ModuleGraph
    from compiler.pipeline import Analyzer
    from pypto_lsp.document import run_analysis
    from pypto_lsp.scheduler import ACTIVE_DOCUMENTS

    if trace:
        tracemalloc.start(1)
    base = _traced()
    graph = ModuleGraph()
    shared = [graph]  # the one reference left once the Analyzers are gone
    analyzers: list[Analyzer] = []
    results: list[object] = []
    texts: list[str] = []
    for path in files:
        text = path.read_text()
        analyzer = Analyzer(graph=graph)
        gc.disable()  # as the server's scheduler does while an analysis runs
        try:
            results.append(run_analysis(text, str(path), None, False, analyzer))
        finally:
            gc.enable()
        analyzers.append(analyzer)
        texts.append(text)
        if len(analyzers) > ACTIVE_DOCUMENTS and idle_drop:  # as the server's scheduler does
            analyzers[-ACTIVE_DOCUMENTS - 1] = Analyzer(graph=graph)
            gc.collect()  # its caches hold reference cycles: the server collects them when it lets go
    del analyzer, graph  # only the lists hold them
    if not trace:  # the process's own RSS, as the server's would be
        gc.collect()
        kept = (
            "every document's Analyzer kept"
            if not idle_drop
            else f"the Analyzers of the {ACTIVE_DOCUMENTS} last kept"
        )
        print(f"{len(files)} documents analysed ({kept}): RSS {rss_mb(os.getpid()):.0f} MiB")
        return
    total = _traced() - base
    print(f"{len(files)} documents analysed: {total / MIB:.1f} MiB traced (Python allocations)")
    snap = tracemalloc.take_snapshot()
    print(f"where the retained memory was allocated (top {top} files):")
    for stat in snap.statistics("filename")[:top]:
        name = "/".join(Path(stat.traceback[0].filename).parts[-2:])
        print(f"  {stat.size / MIB:7.1f} MiB  {stat.count:9d} blocks  {name}")

    def drop_memos() -> None:
        for analyzer in analyzers:
            analyzer.drop_memos()

    parts: list[tuple[str, Callable[[], None]]] = [
        ("analysis results", results.clear),
        ("statement memos (body_memos, parse memos)", drop_memos),
    ]
    for f in fields(Analyzer):
        if f.name in ("graph", "one_shot", "lean"):
            continue

        def drop(name: str = f.name) -> None:
            for analyzer in analyzers:
                try:  # an empty one of the same kind, or None for what has no empty form
                    empty = type(getattr(analyzer, name))()
                except TypeError:
                    empty = None
                setattr(analyzer, name, empty)

        parts.append((f"Analyzer.{f.name}", drop))
    parts.append(("the Analyzers (what is left)", analyzers.clear))
    for name in ("trees", "derived", "summaries"):  # the module graph's caches (shared)

        def drop_shared(name: str = name) -> None:
            setattr(shared[0], name, type(getattr(shared[0], name))())

        parts.append((f"ModuleGraph.{name} (shared)", drop_shared))
    parts.append(("source texts", texts.clear))
    print("released one part at a time (what that part alone kept alive):")
    before = _traced()
    for label, release in parts:
        release()
        after = _traced()
        if before - after >= 64 * 1024:
            print(f"  {(before - after) / MIB:7.1f} MiB  {label}")
        before = after
    shared.clear()
    after = _traced()
    print(f"  {(before - after) / MIB:7.1f} MiB  module graph (the rest)")
    print(f"  {(after - base) / MIB:7.1f} MiB  left (module-level caches, interned objects)")
    tracemalloc.stop()


def main() -> None:
    """Parse the arguments and run one mode."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library", type=Path)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--in-process", action="store_true")
    parser.add_argument("--idle", type=float, default=5.0, help="stdio: seconds of quiet before the last RSS")
    parser.add_argument("--traced", action="store_true", help="stdio: what holds the server's memory")
    parser.add_argument("--warm-cache", action="store_true", help="stdio: the user's persistent cache")
    parser.add_argument("--no-trace", action="store_true", help="in-process: RSS only, no tracemalloc")
    parser.add_argument("--keep-memos", action="store_true", help="in-process: no document is idle")
    parser.add_argument("--top", type=int, default=15, help="in-process: allocation sites to print")
    args = parser.parse_args()
    files = largest(models_of(args.library), args.files)
    if args.in_process:
        run_in_process(files, args.top, not args.no_trace, not args.keep_memos)
    else:
        asyncio.run(run_server(files, args.idle, args.traced, args.warm_cache))


if __name__ == "__main__":
    main()
