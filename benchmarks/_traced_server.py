"""The language server under tracemalloc, for bench_memory.py: on SIGUSR1 it writes to OUT_FILE how much
each part of the server holds (the objects reachable from it and not from an earlier part, by sys.getsizeof) and where the
traced memory was allocated.

Usage: python benchmarks/_traced_server.py OUT_FILE [pypto-lsp arguments]
(PYPTO_BENCH_NO_TRACEMALLOC=1: the parts' sizes only, with the server at full speed)
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import tracemalloc
import types
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

OUT = Path(sys.argv[1])
MIB = 1024 * 1024


def _deep_size(roots: Iterable[object], seen: set[int], stop: set[int]) -> int:
    """Bytes of the objects reachable from `roots` that are not in `seen` (which grows), never walking
    into modules, classes or module globals (`stop`)."""
    total = 0
    pending = list(roots)
    while pending:
        obj = pending.pop()
        key = id(obj)
        if key in seen or key in stop or isinstance(obj, types.ModuleType | type):
            continue
        seen.add(key)
        total += sys.getsizeof(obj, 0)
        pending.extend(gc.get_referents(obj))
    return total


def _server() -> object | None:
    from pypto_lsp.server import PyptoServer

    return next((o for o in gc.get_objects() if isinstance(o, PyptoServer)), None)


def dump(*_: object) -> None:
    """Write the report (see the module docstring)."""
    gc.unfreeze()  # the server freezes what its analyses leave: frozen objects are not listed
    before = tracemalloc.get_traced_memory()[0]
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    lines = [
        f"traced: {current / MIB:.1f} MiB (peak {peak / MIB:.1f} MiB; cyclic garbage collected now: "
        f"{(before - current) / MIB:.1f} MiB)"
    ]
    snap = tracemalloc.take_snapshot() if tracemalloc.is_tracing() else None
    lines.append("allocated in (top 20 files):")
    for stat in snap.statistics("filename")[:20] if snap is not None else []:
        name = "/".join(Path(stat.traceback[0].filename).parts[-2:])
        lines.append(f"  {stat.size / MIB:8.1f} MiB  {name}")
    server = _server()
    if server is not None:
        stop = {id(m.__dict__) for m in list(sys.modules.values()) if m is not None}
        # The graph reads files through the server and every Analyzer holds the graph: each part is
        # walked without them, the graph and the server come last.
        stop |= {id(server), id(server.graph)}  # type: ignore[attr-defined]
        seen: set[int] = set()
        docs = list(server.scheduler.docs.values())  # type: ignore[attr-defined]
        memos = [d for d in docs if d.analyzer.body_memos or d.analyzer.parse_cache.statements]
        lines.append(f"documents holding statement memos: {len(memos)} of {len(docs)}")
        for uri, d in server.scheduler.docs.items():  # type: ignore[attr-defined]  # an analysis still
            # running keeps its memos until it lands (under tracemalloc analyses are ~4x slower: --idle 60)
            a = d.analyzer
            held = len(a.body_memos) + len(a.parse_cache.statements) + len(a.parse_cache.bodies)
            lines.append(
                f"    {held:3d} memos  running: {d.running is not None!s:5}  {uri.rsplit('/', 2)[-2:]}"
            )
        parts: list[tuple[str, list[object]]] = [
            ("open documents' texts (pygls workspace)", [server.workspace]),  # type: ignore[attr-defined]
            ("latest results (Analyzed)", [d.result for d in docs]),
            (
                "Analyzer statement memos (body_memos, parse memos)",
                [
                    (d.analyzer.body_memos, d.analyzer.parse_cache.statements, d.analyzer.parse_cache.bodies)
                    for d in docs
                ],
            ),
            ("Analyzer parse caches (units, constants)", [d.analyzer.parse_cache for d in docs]),
            ("Analyzer kernel caches", [(d.analyzer.kernel_cache, d.analyzer.result_bounds) for d in docs]),
            ("Analyzers (the rest)", [d.analyzer for d in docs]),
            ("background analyses", [server.background]),  # type: ignore[attr-defined]
            ("reach index", [server.reach]),  # type: ignore[attr-defined]
            ("navigation workspace", [server.navigation]),  # type: ignore[attr-defined]
            ("line indexes", [server.indexes]),  # type: ignore[attr-defined]
        ]
        for label, roots in parts:
            lines.append(f"  {_deep_size(roots, seen, stop) / MIB:8.1f} MiB  {label}")
        stop -= {id(server), id(server.graph)}  # type: ignore[attr-defined]
        for label, roots in (("module graph (shared)", [server.graph]), ("the rest of the server", [server])):  # type: ignore[attr-defined]
            lines.append(f"  {_deep_size(roots, seen, stop) / MIB:8.1f} MiB  {label}")
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, dump)
    if not os.environ.get("PYPTO_BENCH_NO_TRACEMALLOC"):  # the parts' sizes only, at full speed
        tracemalloc.start(1)
    from pypto_lsp.__main__ import main

    sys.exit(main(sys.argv[2:]))
