"""`pypto-lsp check` over a kernel library: cold on N processes, warm (nothing changed), one file changed,
against one uncached process, with the reports compared.

Usage: python benchmarks/bench_check.py LIBRARY_ROOT [JOBS=2] [FOLDERS=models,examples]

The folders are copied to a temporary directory (the cache is written next to them, and files are
edited there), and the tool's bytecode is written first, as an install does. Each figure is the wall
time of the whole command as a person runs it (`pypto-lsp check models examples`), start-up included;
the CPU column is the time the command and its workers spent on a core, which a busy machine inflates
less. "One file changed" appends a comment to a file (its bytes change, so the cache must analyse it
again; its report stays the same): an entry file that no other file imports, of median size, then the
largest such file, then the configuration module the most files import (every importer is analysed
again).
"""

from __future__ import annotations

import compileall
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CACHE = ".pypto_lsp_cache"


def run(cwd: Path, folders: list[str], *options: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds and the report of one `check` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "check", *folders, *options],
        capture_output=True,
        text=True,
        cwd=cwd,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"check failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return wall, cpu, proc.stdout


def compile_bytecode() -> None:
    """The tool's bytecode written first, as an install writes it: with PYTHONDONTWRITEBYTECODE set (this
    sandbox sets it) and no `.pyc`, every run would compile its 170 modules again (0.5-1.5 s a run)."""
    import compiler
    import pypto_lsp

    for package in (compiler, pypto_lsp):
        compileall.compile_dir(str(Path(package.__file__).parent), quiet=1)


def touch(path: Path) -> None:
    """An edit that changes the file's bytes and not its report: a comment appended."""
    with path.open("a", encoding="utf-8") as out:
        out.write("\n# edited\n")


def importers(stem: str, files: list[Path]) -> int:
    """How many files name module `stem` in an import line."""
    pattern = re.compile(rf"^\s*(?:from|import)\s.*\b{re.escape(stem)}\b", re.M)
    return sum(1 for f in files if f.stem != stem and pattern.search(f.read_text(errors="replace")))


def main() -> None:
    """Copy the library, run the four measurements and print them."""
    library = Path(sys.argv[1]).resolve()
    jobs = sys.argv[2] if len(sys.argv) > 2 else "2"
    folders = (sys.argv[3] if len(sys.argv) > 3 else "models,examples").split(",")
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="pypto-check-bench-") as tmp:
        work = Path(tmp)
        for folder in folders:
            shutil.copytree(library / folder, work / folder)
        files = [p for folder in folders for p in (work / folder).rglob("*.py")]
        dsl = [p for p in files if "pypto.language" in p.read_text(encoding="utf-8", errors="replace")]
        leaves = sorted((p for p in dsl if not importers(p.stem, files)), key=lambda p: p.stat().st_size)
        median, largest = leaves[len(leaves) // 2], leaves[-1]
        config = max((p for p in files if p not in dsl), key=lambda p: importers(p.stem, files))
        print(f"{library}: {', '.join(folders)} ({len(dsl)} DSL files of {len(files)}), --jobs {jobs}")
        reference = run(work, folders, "--no-cache", "--jobs", "1")
        rows = [("uncached, 1 process", reference)]
        rows.append((f"cold, {jobs} processes", run(work, folders, "--jobs", jobs)))
        rows.append(("warm (nothing changed)", run(work, folders, "--jobs", jobs)))
        for path, kind in ((median, "an entry"), (largest, "the largest entry"), (config, "a config module")):
            touch(path)
            size = len(path.read_text(encoding="utf-8").split("\n"))
            label = f"{kind} changed ({path.parent.name}/{path.name}, {size} lines)"
            rows.append((label, run(work, folders, "--jobs", jobs)))
        print(f"{'run':<72}{'wall s':>9}{'cpu s':>9}  report")
        for label, (wall, cpu, report) in rows:
            same = "same as uncached" if report == reference[2] else "DIFFERS from uncached"
            print(f"{label:<72}{wall:>9.2f}{cpu:>9.2f}  {same}")
        shutil.rmtree(work / CACHE, ignore_errors=True)


if __name__ == "__main__":
    main()
