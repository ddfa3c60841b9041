"""Differential check on a real library: after every random edit, the incremental analysis must equal a
fresh one.

Usage: python benchmarks/differential.py LIBRARY_FOLDER [--edits 2000] [--max-lines 1200] [--seed 1]
                                         [--only SUFFIX ...]

Picks DSL files under LIBRARY_FOLDER/models and /examples (at most --max-lines long, so a fresh
analysis per edit stays affordable), makes sequences of edits as a person does (benchmarks/edits.py:
Enter, a statement typed a character at a time, deleted lines, pasted and cut blocks, renames, undo)
with one Analyzer per file, compares each result with a fresh Analyzer's, and prints the counts. The
per-unit time budgets are raised: on a busy machine they would cut the two analyses at different places.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from edits import edit_sequence


def main() -> int:
    """Run the edits and print the counts; exit 1 on a mismatch."""
    import compiler.budget
    from compiler.modules import ModuleGraph
    from compiler.pipeline import Analyzer

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library", type=Path)
    parser.add_argument("--edits", type=int, default=2000)
    parser.add_argument("--max-lines", type=int, default=1200)
    parser.add_argument("--per-file", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only", nargs="*", default=[], help="only the files whose path ends with one of these (any length)"
    )
    args = parser.parse_args()
    # Generous budgets: a busy machine must not cut the two analyses at different places, while an edit
    # that makes runaway module code (a pasted loop) still ends.
    compiler.budget.UNIT_BUDGET_S, compiler.budget.DOCUMENT_BUDGET_S = 30.0, 120.0
    rng = random.Random(args.seed)
    files = [
        p
        for folder in ("models", "examples")
        for p in sorted((args.library / folder).rglob("*.py"))
        if "pypto.language" in (text := p.read_text(errors="replace"))
        and (
            any(str(p).endswith(suffix) for suffix in args.only)
            if args.only
            else text.count("\n") <= args.max_lines
        )
    ]
    done = mismatches = 0
    started = time.perf_counter()
    while done < args.edits:
        path = rng.choice(files)
        graph = ModuleGraph()
        analyzer = Analyzer(graph=graph)
        text = path.read_text()
        analyzer.analyze(text, str(path))
        previous = text
        for version in edit_sequence(text, rng, min(args.per_file, args.edits - done)):
            incremental = analyzer.analyze(version, str(path))
            fresh = Analyzer(graph=graph).analyze(version, str(path))
            done += 1
            if incremental != fresh:
                mismatches += 1
                print(f"MISMATCH in {path} after edit {done}", flush=True)
                (Path("/tmp") / f"differential_mismatch_{mismatches}_before.py").write_text(previous)
                (Path("/tmp") / f"differential_mismatch_{mismatches}_after.py").write_text(version)
                break
            previous = version
        if done % 100 < args.per_file:
            print(f"{done} edits, {mismatches} mismatches, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"{done} edits over {len(files)} candidate files: {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
