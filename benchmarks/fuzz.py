"""Large fuzz run: mutate our own real-style files (the examples, the hazard twins, the test kernel package),
analyse every mutant, and report exceptions, internal-error diagnostics, the slowest inputs and the peak RSS.

Besides line edits and token storms, mutants get mixed line endings (LF, CRLF, lone CR), byte-order marks
and legacy encodings with a coding line (decoded as `check` decodes a file), hostile configuration code
(values nested and shared past the bounds, cycles, loops of built-ins, errors inside try/except), and
import graphs: the entry's configuration module and helpers are mutated too, and generated modules in
diamond, chain and cyclic shapes are imported, all served from memory through the module graph.

Usage: python benchmarks/fuzz.py [N=100000] [--seed S] [--jobs J] [--chunk C] [--files DIR]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PACKAGE = ROOT / "tests" / "data" / "kernel_pkg"
SLOW_S = 5.0
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
    "\r",
    "\ufeff",
    "\u2028",
    "\f",
    "'" + '# """ ' * 2000 + "'",
]
# Configuration code written to exhaust the evaluator (each is a few statements at module level).
HOSTILE_CONFIG = [
    "A_ = [0] * 10000\nB_ = [A_] * 10000\nC_ = [B_] * 10000",
    "A_ = [0] * 10000\nB_ = [A_] * 1000\nC_ = [list(A_)] * 1000\nD_ = B_ == C_",
    "L_ = list(range(10000))\nfor i_ in range(10000):\n    S_ = sum(L_)",
    "L_ = list(range(10000))\nfor i_ in range(10000):\n    S_ = sorted(L_)",
    "L_ = []\nL_.append(L_)",
    "D_ = {}\nD_['k'] = D_",
    "L_ = [0]\nfor i_ in range(64):\n    L_ = [L_, L_]",
    "L_ = []\nfor i_ in range(10000):\n    L_ = [L_]",
    "X_ = 1\nX_ /= 0",
    "X_ = 10.0\ntry:\n    X_ **= 400\nexcept OverflowError:\n    X_ = 0",
    "X_ = 0\nwhile True:\n    X_ += 1",
    "def f_(n):\n    return f_(n + 1) + f_(n + 2)\nX_ = f_(0)",
    "S_ = 'ab' * 5000\nfor i_ in range(10000):\n    T_ = S_.split('b')",
]

SEED_DIRS: list[Path] = []


def seeds() -> list[tuple[str, str]]:
    """The texts mutants are made from (our own real-style files, or --files folders)."""
    if SEED_DIRS:
        found = [p for d in SEED_DIRS for p in d.rglob("*.py")]
    else:
        found = [
            *(ROOT / "examples").glob("*.py"),
            *(ROOT / "tests" / "hazards").glob("*.py"),
            *PACKAGE.rglob("*.py"),
        ]
    texts = [(str(p), p.read_text(encoding="utf-8", errors="replace")) for p in sorted(found)]
    return [(p, t) for p, t in texts if "pypto.language" in t]


def mutate(rng: random.Random, text: str) -> str:
    """A few random line edits, storms and hostile configuration code."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["truncate", "delete", "duplicate", "insert", "storm", "swap", "config", "nest"])
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
        elif kind == "config":
            top = next((i + 1 for i, line in enumerate(lines) if line.startswith("import ")), 0)
            lines[top:top] = rng.choice(HOSTILE_CONFIG).split("\n")
        elif kind == "nest" and lines:
            depth = rng.randint(50, 400)
            lines.insert(at, "N_ = " + "[" * depth + "1" + "]" * depth)
    return "\n".join(lines)


def line_endings(rng: random.Random, text: str) -> str:
    """Every line break drawn from LF, CRLF and lone CR (all of one kind, or mixed)."""
    roll = rng.random()
    if roll < 0.5:
        return text
    if roll < 0.7:
        return text.replace("\n", rng.choice(["\r\n", "\r"]))
    return "".join(part + rng.choice(["\n", "\r\n", "\r"]) for part in text.split("\n"))[:-1]


def encoded(rng: random.Random, text: str) -> str:
    """The text as `check` would read it after writing it with a byte-order mark or a legacy encoding (a
    coding line names it); undecodable bytes become one PTO-F0, as in `check`."""
    from compiler.source_files import decode

    roll = rng.random()
    if roll < 0.8:
        return text
    if roll < 0.9:
        data = b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
    else:
        codec = rng.choice(["latin-1", "cp1252"])
        data = f"# -*- coding: {codec} -*-\n{text}".encode(codec, "replace")
    return decode(data).text


def generated_graph(rng: random.Random) -> dict[str, str]:
    """Modules g0..gN in a diamond, chain or cyclic shape (relative names: a flat folder)."""
    n = rng.randint(2, 24)
    shape = rng.choice(["diamond", "chain", "cycle", "random"])
    modules: dict[str, str] = {}
    for i in range(n):
        if shape == "diamond":
            targets = [j for j in (i + 1, i + 2) if j < n]
        elif shape == "chain":
            targets = [i + 1] if i + 1 < n else []
        elif shape == "cycle":
            targets = [(i + 1) % n]
        else:
            targets = rng.sample(range(n), rng.randint(0, min(3, n)))
        body = [f"from g{j} import V as V{j}" for j in targets]
        body.append("V = 1" + "".join(f" + V{j}" for j in targets))
        if rng.random() < 0.2:
            body.extend(rng.choice(HOSTILE_CONFIG).split("\n"))
        modules[f"g{i}.py"] = "\n".join(body) + "\n"
    return modules


Result = tuple[int, int, list[tuple[float, float]], list[str], int]


def work(args: tuple[int, int, list[Path], Path | None]) -> Result:
    """Analyse `count` mutants; return (exceptions, internal errors, (wall, CPU) times, samples, peak RSS in
    KiB). Slow or failing inputs are written to `save` (with the modules served beside them) when given."""
    from compiler.modules import DiskReader, ModuleGraph
    from compiler.pipeline import Analyzer

    seed, count, dirs, save = args
    SEED_DIRS[:] = dirs
    rng = random.Random(seed)
    texts = seeds()
    package_texts = {p: p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")}
    shared = ModuleGraph()
    disk = DiskReader()
    exceptions = internal = 0
    times: list[tuple[float, float]] = []
    samples: list[str] = []
    for index in range(count):
        path, text = rng.choice(texts)
        mutant = encoded(rng, line_endings(rng, mutate(rng, text)))
        graph = shared
        served: dict[Path, str] = {}
        if rng.random() < 0.25:  # an import graph from memory: mutated package modules, a generated graph
            for module, source in package_texts.items():
                if rng.random() < 0.5 and str(module) != path:
                    served[module] = line_endings(rng, mutate(rng, source))
            folder = Path(path).parent
            for name, source in generated_graph(rng).items():
                served[folder / name] = source
            top = next((i + 1 for i, line in enumerate(mutant.split("\n")) if "import" in line), 0)
            lines = mutant.split("\n")
            lines.insert(top, "from g0 import V as G0_")
            mutant = "\n".join(lines)
            graph = ModuleGraph(read_file=lambda p, s=served: s[p] if p in s else disk(p))  # type: ignore[misc]
        started, cpu = time.perf_counter(), time.process_time()
        try:
            analysis = Analyzer(graph=graph).analyze(mutant, path)
        except BaseException as exc:
            exceptions += 1
            samples.append(f"exception {type(exc).__name__}: {exc}"[:200])
            _save(save, f"{seed}-{index}-exception", path, mutant, served)
            continue
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        times.append((elapsed, cpu))
        if cpu > SLOW_S:
            samples.append(f"slow: {cpu:.1f} s CPU, {elapsed:.1f} s wall: {path} ({len(mutant)} chars)")
            _save(save, f"{seed}-{index}-slow", path, mutant, served)
        bad = [d for d in analysis.diagnostics if d.code == "PTO-F47"]
        if bad:
            internal += 1
            samples.append(bad[0].message[:200])
            _save(save, f"{seed}-{index}-internal", path, mutant, served)
    return exceptions, internal, times, samples, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _save(folder: Path | None, name: str, path: str, text: str, served: dict[Path, str]) -> None:
    """Keep an input to reproduce it: the mutant under its own name, the modules served beside it."""
    if folder is None:
        return
    case = folder / name
    case.mkdir(parents=True, exist_ok=True)
    (case / Path(path).name).write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
    for module, source in served.items():
        (case / module.name).write_text(source, encoding="utf-8", errors="surrogatepass", newline="")


def main() -> None:
    """Run the fuzz campaign in parallel and print its figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=max(multiprocessing.cpu_count(), 1))
    ap.add_argument("--chunk", type=int, default=500, help="mutants per task (a fresh process per task)")
    ap.add_argument(
        "--files", type=Path, action="append", default=[], help="seed from this folder's DSL files"
    )
    ap.add_argument("--save", type=Path, default=None, help="write slow and failing inputs here")
    args = ap.parse_args()
    SEED_DIRS[:] = args.files
    chunk = args.chunk
    tasks = [
        (args.seed * 1_000_003 + i, min(chunk, args.n - i * chunk), args.files, args.save)
        for i in range((args.n + chunk - 1) // chunk)
    ]
    started = time.perf_counter()
    exceptions = internal = 0
    times: list[tuple[float, float]] = []
    samples: list[str] = []
    peak = 0
    # One process per task: a task's peak RSS is its own, and nothing accumulates across tasks.
    with multiprocessing.Pool(args.jobs, maxtasksperchild=1) as pool:
        for e, i, t, s, rss in pool.imap_unordered(work, tasks):
            exceptions, internal = exceptions + e, internal + i
            times.extend(t)
            samples.extend(s[:3])
            peak = max(peak, rss)
    wall = time.perf_counter() - started
    print(f"inputs: {args.n} ({len(seeds())} seed files), wall {wall:.0f} s with {args.jobs} processes")
    print(f"exceptions escaping analyze: {exceptions}")
    print(f"internal-error diagnostics (PTO-F47): {internal}")
    walls, cpus = sorted(t[0] for t in times), sorted(t[1] for t in times)
    over_cpu, over_wall = sum(1 for t in cpus if t > SLOW_S), sum(1 for t in walls if t > SLOW_S)
    print(
        f"analyses over {SLOW_S:.0f} s: {over_cpu} in CPU time, {over_wall} in wall time (a shared machine)"
    )
    print(f"peak RSS of a worker: {peak / 1024:.0f} MiB")
    for label, series in (("CPU", cpus), ("wall", walls)):
        if series:
            p99 = series[min(len(series) - 1, int(0.99 * len(series)))]
            print(
                f"per input ({label}): median {statistics.median(series) * 1000:.1f} ms, "
                f"p99 {p99 * 1000:.1f} ms, max {series[-1] * 1000:.0f} ms"
            )
    for sample in samples[:10]:
        print("  ", sample)


if __name__ == "__main__":
    main()
