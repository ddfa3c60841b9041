"""Hazard-lint cost on real files: cold analysis of every DSL file under DIR with the lints on and off."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import compiler.lints
from compiler.pipeline import Analyzer


def _total(paths: list[Path]) -> float:
    start = time.perf_counter()
    for path in paths:
        Analyzer().analyze(path.read_text(encoding="utf-8", errors="replace"), str(path))
    return time.perf_counter() - start


def main() -> None:
    """Print the cold analysis time of a tree with and without the hazard lints."""
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    paths = sorted(p for p in root.rglob("*.py") if "import pypto" in p.read_text(errors="replace"))
    real_run = compiler.lints.run
    on, off = [], []
    for _ in range(3):
        compiler.lints.run = real_run
        on.append(_total(paths))
        compiler.lints.run = lambda *args, **kwargs: []  # type: ignore[assignment]
        off.append(_total(paths))
    compiler.lints.run = real_run
    a, b = statistics.median(on), statistics.median(off)
    print(
        f"{len(paths)} files: cold analysis {a:.2f} s with lints, {b:.2f} s without ({100 * (a - b) / b:+.1f}%)"
    )


if __name__ == "__main__":
    main()
