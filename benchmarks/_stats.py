"""Small timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics
from collections.abc import Callable


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of values by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    """Seconds formatted as milliseconds."""
    return f"{seconds * 1000:8.2f} ms"


def report(label: str, values: list[float], target_ms: float | None = None) -> None:
    """Print p50/p95 (and the target) of a list of durations in seconds."""
    p50, p95 = statistics.median(values), pct(values, 0.95)
    target = f"   target <= {target_ms:g} ms" if target_ms is not None else ""
    print(f"{label:<44} p50 {ms(p50)}   p95 {ms(p95)}   (n={len(values)}){target}")


def with_and_without_lints(measure: Callable[[], float], rounds: int = 3) -> tuple[float, float]:
    """Median of `measure()` with the hazard lints on and with them switched off, interleaved so that
    drift in machine load hits both sides alike."""
    import compiler.lints

    real_run = compiler.lints.run
    on, off = [], []
    try:
        for _ in range(rounds):
            compiler.lints.run = real_run
            on.append(measure())
            compiler.lints.run = lambda *args, **kwargs: []  # type: ignore[assignment]
            off.append(measure())
    finally:
        compiler.lints.run = real_run
    return statistics.median(on), statistics.median(off)
