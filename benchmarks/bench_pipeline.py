"""Pipeline benchmark: cold full analysis, warm re-analysis after one-character edits, peak memory."""

from __future__ import annotations

import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stats import ms, report, with_and_without_lints
from gen import edit_one_char, generate

from compiler.pipeline import Analyzer

PATH = "/tmp/bench_generated.py"
KERNEL = 17


def main() -> None:
    """Print cold and warm analysis times and memory use."""
    text = generate()
    print(f"document: {text.count(chr(10))} lines, {len(text)} chars")
    cold = []
    for _ in range(3):
        start = time.perf_counter()
        analysis = Analyzer().analyze(text, PATH)
        cold.append(time.perf_counter() - start)
    print(f"{'full analysis (cold Analyzer), median of 3':<44} {ms(statistics.median(cold))}")
    print(f"diagnostics: {len(analysis.diagnostics)}, kernels: {len(analysis.kernels)}")

    analyzer = Analyzer()
    analyzer.analyze(text, PATH)
    warm = []
    current = text
    for k in range(50):
        current = edit_one_char(current, KERNEL, k)
        start = time.perf_counter()
        analyzer.analyze(current, PATH)
        warm.append(time.perf_counter() - start)
    report("re-analysis after 1-char edit (same Analyzer)", warm, 40)
    lint_overhead(text)

    tracemalloc.start()
    analyzer = Analyzer()
    analyzer.analyze(text, PATH)
    cold_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    for k in range(10):
        analyzer.analyze(edit_one_char(text, KERNEL, k), PATH)
    warm_peak = tracemalloc.get_traced_memory()[1]
    retained = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"tracemalloc peak: cold analysis {cold_peak / 2**20:.1f} MiB, warm edits {warm_peak / 2**20:.1f} MiB"
    )
    print(f"tracemalloc retained after edits (Analyzer caches + last result): {retained / 2**20:.1f} MiB")
    print(f"ru_maxrss: {rss_mb:.1f} MiB")


def _warm_median(text: str, edits: int = 60) -> float:
    analyzer = Analyzer()
    analyzer.analyze(text, PATH)
    times = []
    current = text
    for k in range(edits):
        current = edit_one_char(current, KERNEL, k)
        start = time.perf_counter()
        analyzer.analyze(current, PATH)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def lint_overhead(text: str) -> None:
    """Re-analysis with the hazard lints against the same runs with them switched off (target <= 10%)."""
    on, off = with_and_without_lints(lambda: _warm_median(text))
    print(
        f"{'hazard lints: re-analysis p50 with / without':<44} {ms(on)} / {ms(off)} "
        f"(overhead {100 * (on - off) / off:+.1f}%, target <= 10%)"
    )


if __name__ == "__main__":
    main()
