"""The persistent-cache entry of one file as the server writes it: its size, its dependencies and the CPU
of computing them and writing it, after the workspace index resolved every file's imports (what a
server session has looked for by the time typing pauses).

Usage: python benchmarks/bench_cache_entry.py LIBRARY_FOLDER FILE [ROUNDS=3]
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import time
from pathlib import Path

from compiler.modules import DiskReader, ModuleGraph
from compiler.pipeline import Analyzer
from pypto_lsp import warm_start
from pypto_lsp.check_cache import dependencies
from pypto_lsp.workspace_reach import ReachIndex


def main() -> None:
    """Analyse FILE, index the library, then compute and write its entry ROUNDS times."""
    library, path = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="pypto-bench-entry-")
    disk = DiskReader()
    graph = ModuleGraph(read_file=disk)
    text = path.read_text()
    gc.disable()
    analyzer = Analyzer(graph=graph)
    analysis = analyzer.analyze(text, str(path))
    ReachIndex(graph, disk).add(ReachIndex.files([library]))  # the server's background index
    key = warm_start.key_for(library, None, {}, ())
    assert key is not None
    for _ in range(rounds):
        started = time.process_time()
        deps = dependencies(graph, path, analyzer.imports(), (), disk)
        queued = time.process_time()
        warm_start.store(key, [warm_start.Stored(path, text, analysis, deps)], disk)
        written = time.process_time()
        entry = key.server_cache(warm_start.Fingerprints(disk)).entry_file(path)
        absent = sum(h is None for _, h in deps.modules)
        print(
            f"{len(deps.modules)} modules ({absent} absent), {len(deps.folders)} folders; dependencies"
            f" {1000 * (queued - started):.1f} ms CPU, write {1000 * (written - queued):.1f} ms CPU;"
            f" entry {entry.stat().st_size:,} bytes"
        )


if __name__ == "__main__":
    main()
