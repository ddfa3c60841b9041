"""Large fuzz run: mutate the shipped examples and the test package, analyse every mutant, and report
exceptions, internal-error diagnostics and the slowest inputs.

Usage: python benchmarks/fuzz.py [N=100000] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STORMS = [
    "(" * 300,
    "[" * 500,
    "10 ** 10 ** 10",
    "1 << 10 ** 18",
    "0x" + "f" * 6000,
    "\x00",
    "'''",
    "\\",
    "pl.",
    ":",
]


SEED_DIRS: list[Path] = []


def seeds() -> list[tuple[str, str]]:
    """The texts mutants are made from (the shipped examples and test package, or --files folders)."""
    if SEED_DIRS:
        files = [
            p for d in SEED_DIRS for p in d.rglob("*.py") if "pypto.language" in p.read_text(errors="replace")
        ]
    else:
        files = [*(ROOT / "examples").glob("*.py"), *(ROOT / "tests" / "data" / "kernel_pkg").rglob("*.py")]
    return [(str(p), p.read_text(errors="replace")) for p in sorted(files) if p.stat().st_size]


def mutate(rng: random.Random, text: str) -> str:
    """A few random truncations, deletions, duplications, insertions, storms and line-end changes."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["truncate", "delete", "duplicate", "insert", "storm", "swap"])
        at = rng.randrange(max(len(lines), 1))
        if kind == "truncate":
            joined = "\n".join(lines)
            lines = joined[: rng.randint(0, len(joined))].split("\n")
        elif kind == "delete" and lines:
            del lines[at]
        elif kind == "duplicate" and lines:
            lines.insert(at, lines[at])
        elif kind == "insert":
            lines.insert(at, "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(0, 30))))
        elif kind == "storm" and lines:
            line = lines[at]
            col = rng.randint(0, len(line))
            lines[at] = line[:col] + rng.choice(STORMS) + line[col:]
        elif kind == "swap" and len(lines) > 1:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
    out = "\n".join(lines)
    roll = rng.random()
    return out.replace("\n", "\r\n") if roll < 0.05 else out.replace("\n", "\r") if roll < 0.1 else out


def work(args: tuple[int, int, list[Path]]) -> tuple[int, int, list[float], list[str]]:
    """Analyse `count` mutants from one seed; return (exceptions, internal errors, times, samples)."""
    from compiler.modules import ModuleGraph
    from compiler.pipeline import Analyzer

    seed, count, dirs = args
    SEED_DIRS[:] = dirs
    rng = random.Random(seed)
    texts = seeds()
    graph = ModuleGraph()
    exceptions = internal = 0
    times: list[float] = []
    samples: list[str] = []
    for _ in range(count):
        path, text = rng.choice(texts)
        mutant = mutate(rng, text)
        started = time.perf_counter()
        try:
            analysis = Analyzer(graph=graph).analyze(mutant, path)
        except BaseException as exc:
            exceptions += 1
            samples.append(f"exception {type(exc).__name__}: {exc}"[:200])
            continue
        times.append(time.perf_counter() - started)
        bad = [d for d in analysis.diagnostics if d.code == "PTO-F47"]
        if bad:
            internal += 1
            samples.append(bad[0].message[:200])
    return exceptions, internal, times, samples


def main() -> None:
    """Run the fuzz campaign in parallel and print its figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(multiprocessing.cpu_count(), 1))
    ap.add_argument(
        "--files", type=Path, action="append", default=[], help="seed from this folder's DSL files"
    )
    args = ap.parse_args()
    SEED_DIRS[:] = args.files
    chunk = 500
    tasks = [
        (args.seed * 1_000_003 + i, min(chunk, args.n - i * chunk), args.files)
        for i in range((args.n + chunk - 1) // chunk)
    ]
    started = time.perf_counter()
    exceptions = internal = 0
    times: list[float] = []
    samples: list[str] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for e, i, t, s in pool.imap_unordered(work, tasks):
            exceptions, internal = exceptions + e, internal + i
            times.extend(t)
            samples.extend(s[:3])
    wall = time.perf_counter() - started
    times.sort()
    print(f"inputs: {args.n} ({len(seeds())} seed files), wall {wall:.0f} s with {args.jobs} processes")
    print(f"exceptions escaping analyze: {exceptions}")
    print(f"internal-error diagnostics (PTO-F47): {internal}")
    if times:
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"per input: median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.0f} ms"
        )
    for sample in samples[:10]:
        print("  ", sample)


if __name__ == "__main__":
    main()
