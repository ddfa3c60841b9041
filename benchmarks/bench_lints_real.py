"""Hazard-lint cost on real files: cold analysis of every DSL file under DIR with the lints on and off."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from compiler.pipeline import Analyzer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _stats import with_and_without_lints


def _total(paths: list[Path]) -> float:
    start = time.perf_counter()
    for path in paths:
        Analyzer().analyze(path.read_text(encoding="utf-8", errors="replace"), str(path))
    return time.perf_counter() - start


def main() -> None:
    """Print the cold analysis time of a tree with and without the hazard lints."""
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    paths = sorted(p for p in root.rglob("*.py") if "import pypto" in p.read_text(errors="replace"))
    a, b = with_and_without_lints(lambda: _total(paths))
    print(
        f"{len(paths)} files: cold analysis {a:.2f} s with lints, {b:.2f} s without ({100 * (a - b) / b:+.1f}%)"
    )


if __name__ == "__main__":
    main()
