"""Frontend benchmark: cold parse of the generated file and warm re-parse after one-character edits."""

from __future__ import annotations

import importlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import ms, report
from gen import edit_one_char, generate

from compiler.frontend.parser import ParseCache, parse_document

PATH = "/tmp/bench_generated.py"
KERNEL = 17


def main() -> None:
    """Print cold and warm parse times."""
    text = generate()
    print(f"document: {text.count(chr(10))} lines, {len(text)} chars")
    cold = []
    for _ in range(5):
        start = time.perf_counter()
        parse_document(text, PATH, ParseCache())
        cold.append(time.perf_counter() - start)
    print(f"{'full parse (cold cache), median of 5':<44} {ms(statistics.median(cold))}   target <= 1500 ms")

    cache = ParseCache()
    parse_document(text, PATH, cache)
    warm = []
    current = text
    for k in range(50):
        current = edit_one_char(current, KERNEL, k)
        hits, misses = cache.hits, cache.misses
        start = time.perf_counter()
        parse_document(current, PATH, cache)
        warm.append(time.perf_counter() - start)
    report("re-parse after 1-char edit (warm cache)", warm, 25)
    print(f"last edit: unit cache hits {cache.hits - hits}, misses {cache.misses - misses}")
    report("re-import of the op table (warm interpreter)", _table_imports(), 50)


def _table_imports() -> list[float]:
    """Seconds to execute compiler/ops/table.py again (the op declarations hover and completion read)."""
    import compiler.ops.table as table

    times = []
    for _ in range(10):
        start = time.perf_counter()
        importlib.reload(table)
        times.append(time.perf_counter() - start)
    return times


if __name__ == "__main__":
    main()
