"""Small timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics


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
