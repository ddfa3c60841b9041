"""Typing a statement into real kernel files: didChange -> pulled diagnostics per keystroke.

Usage: python benchmarks/bench_typing.py LIBRARY_FOLDER [--files N] [--in-process] [--skip-extras]

For each of the N (default 10) largest DSL files under LIBRARY_FOLDER/models, as a person does: put the
cursor at the end of an op line in the middle of the file, press Enter, type `t = pl.exp(x)` one
character at a time (x: the op line's own result, so the finished statement is valid), then delete it
character by character and the new line. Every keystroke is one didChange and one diagnostic pull.
Prints p50/p95/max per file and overall, Enter apart, and checks that after the undo the diagnostics
equal those of the first open. Then: a paste of a 40-line helper block in the middle of the largest
file and its undo, the cold open of the largest file, and RSS with the 20 largest files open.

`--in-process` drives an Analyzer directly (no server, no RSS): the quick loop while developing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import pct

TYPED = "t = pl.exp({x})"
TARGETS_MS = {"p50": 25.0, "p95": 60.0, "max": 150.0}
PASTE_TARGET_MS = 150.0
COLD_TARGET_MS = 500.0
RSS_TARGET_MIB = 200.0
_OP_LINE = re.compile(r"^(\s+)([A-Za-z_]\w*)(?:\s*:\s*[^=]+)?\s*=\s*pl\.[\w.]+\(.*\)\s*$")


def largest(folder: Path, n: int) -> list[Path]:
    """The n largest files under `folder` that import the DSL."""
    files = sorted(folder.rglob("*.py"), key=lambda p: -p.stat().st_size)
    return [f for f in files if "pypto.language" in f.read_text(errors="replace")][:n]


@dataclass(frozen=True, slots=True)
class Edit:
    """One keystroke as an LSP range change (0-based lines and columns)."""

    line: int
    col: int
    end_line: int
    end_col: int
    text: str
    label: str


def apply(text: str, edit: Edit) -> str:
    """The document after one range change (columns are code points; the files are ASCII here)."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: edit.line]) + edit.col
    end = sum(len(line) + 1 for line in lines[: edit.end_line]) + edit.end_col
    return text[:start] + edit.text + text[end:]


def op_line_candidates(lines: list[str]) -> list[int]:
    """Single-line op statements (`y = pl.op(...)`) from the middle of the file outwards."""
    mid = len(lines) // 2
    order = sorted(range(len(lines)), key=lambda i: abs(i - mid))
    out = []
    for i in order:
        match = _OP_LINE.match(lines[i])
        if match is None or lines[i].rstrip().endswith(("\\", ",", "(")):
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if nxt.strip() and len(nxt) - len(nxt.lstrip()) > len(match.group(1)):
            continue  # a continuation line follows
        out.append(i)
    return out


def typing_edits(lines: list[str], line: int) -> list[Edit]:
    """Enter at the end of `line`, the statement typed a character at a time, deleted, and the newline."""
    match = _OP_LINE.match(lines[line])
    assert match is not None
    indent, name = match.group(1), match.group(2)
    end = len(lines[line])
    edits = [Edit(line, end, line, end, "\n" + indent, "Enter")]
    typed = TYPED.format(x=name)
    col = len(indent)
    for k, ch in enumerate(typed):
        edits.append(Edit(line + 1, col + k, line + 1, col + k, ch, typed[: k + 1]))
    for k in range(len(typed), 0, -1):
        edits.append(Edit(line + 1, col + k - 1, line + 1, col + k, "", f"del {typed[: k - 1]!r}"))
    edits.append(Edit(line, end, line + 1, col, "", "del newline"))
    return edits


def paste_block(lines: list[str], size: int = 40) -> tuple[Edit, Edit]:
    """A paste of `size` lines of a helper (a copy of a run of the file's own statements, renamed so it
    binds new names) after an op line in the middle of the file, and its undo."""
    at = op_line_candidates(lines)[0]
    indent = len(lines[at]) - len(lines[at].lstrip())
    block: list[str] = []
    i = at + 1
    while len(block) < size and i < len(lines):
        line = lines[i]
        if line.strip() and len(line) - len(line.lstrip()) < indent:
            break
        block.append(line)
        i += 1
    if len(block) < size:  # not enough in that body: a plain helper block of op lines
        name = _OP_LINE.match(lines[at]).group(2)  # type: ignore[union-attr]
        block = [f"{' ' * indent}p{k} = pl.exp({name})" for k in range(size)]
    end = len(lines[at])
    text = "\n" + "\n".join(block)
    paste = Edit(at, end, at, end, text, "paste")
    last = block[-1]
    undo = Edit(at, end, at + len(block), len(last), "", "undo paste")
    return paste, undo


@dataclass(slots=True)
class FileRun:
    """The timings of one file."""

    path: Path
    line: int
    times: list[tuple[str, float]] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # in-process: CPU seconds of the same keystrokes
    undo_equal: bool = False


def choose_line(path: Path, analyse: Callable[[str], list[tuple[object, ...]]]) -> int:
    """The op line nearest the middle after which the typed statement is valid (adds no error)."""
    text = path.read_text()
    lines = text.split("\n")
    base = analyse(text)
    base_errors = sum(1 for d in base if d[0] == 1)
    candidates = op_line_candidates(lines)
    for line in candidates[:12]:
        edits = typing_edits(lines, line)
        done = text
        for edit in edits[: 1 + len(TYPED)]:
            done = apply(done, edit)
        final = analyse(done)
        if sum(1 for d in final if d[0] == 1) <= base_errors:
            return line
    return candidates[0]


# ----------------------------------------------------------------------------- in-process


def diag_key(diags: object) -> list[tuple[object, ...]]:
    """Comparable (severity, code, span, message) rows of compiler diagnostics."""
    return sorted(
        (1 if d.is_error else 2, d.code, d.span.line, d.span.col, d.message)  # type: ignore[attr-defined]
        for d in diags  # type: ignore[attr-defined]
    )


class _ServerLikeAnalyzer:
    """An Analyzer run the way the server runs it: the cyclic GC paused during an analysis and what it
    leaves frozen afterwards (pypto_lsp.server pause_gc / settle_memory)."""

    def __init__(self) -> None:
        from compiler.pipeline import Analyzer

        self.analyzer = Analyzer()

    def analyze(self, text: str, path: str) -> Any:
        gc.disable()
        try:
            return self.analyzer.analyze(text, path)
        finally:
            gc.enable()
            gc.freeze()


def run_in_process(files: list[Path], extras: bool) -> None:
    """Drive one Analyzer per file directly."""
    Analyzer = _ServerLikeAnalyzer

    runs: list[FileRun] = []
    for path in files:
        fresh = lambda text, path=path: diag_key(Analyzer().analyze(text, str(path)).diagnostics)  # noqa: E731
        line = choose_line(path, fresh)
        text = path.read_text()
        analyzer = Analyzer()
        first = diag_key(analyzer.analyze(text, str(path)).diagnostics)
        run = FileRun(path, line)
        for edit in typing_edits(text.split("\n"), line):
            text = apply(text, edit)
            started, cpu = time.perf_counter(), time.process_time()
            result = analyzer.analyze(text, str(path))
            run.times.append((edit.label, time.perf_counter() - started))
            run.cpu.append(time.process_time() - cpu)
        run.undo_equal = diag_key(result.diagnostics) == first
        runs.append(run)
        print_file(run)
    print_overall(runs)
    if extras:
        path = files[0]
        text = path.read_text()
        started = time.perf_counter()
        analyzer = Analyzer()
        analyzer.analyze(text, str(path))
        cold = time.perf_counter() - started
        paste, undo = paste_block(text.split("\n"))
        pasted = apply(text, paste)
        started = time.perf_counter()
        analyzer.analyze(pasted, str(path))
        t_paste = time.perf_counter() - started
        started = time.perf_counter()
        back = analyzer.analyze(apply(pasted, undo), str(path))
        t_undo = time.perf_counter() - started
        same = diag_key(back.diagnostics) == diag_key(Analyzer().analyze(text, str(path)).diagnostics)
        print_extras(path, cold, t_paste, t_undo, same, None)


# ----------------------------------------------------------------------------- over stdio


async def run_server(files: list[Path], rss_files: list[Path], extras: bool) -> None:
    """Drive the real server over stdio."""
    from _lsp import shutdown, timed_edit
    from bench_real_style import TIMEOUT_S, open_doc, pull, rss_mb
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient

    from compiler.pipeline import Analyzer

    client = LanguageClient("pypto-bench-typing", "0")
    await client.start_io(sys.executable, "-m", "pypto_lsp")
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    root = files[0].parent.parent
    init = types.InitializeParams(capabilities=caps, root_uri=root.resolve().as_uri())
    await asyncio.wait_for(client.initialize_async(init), TIMEOUT_S)
    client.initialized(types.InitializedParams())

    def rows(report: types.DocumentDiagnosticReport) -> list[tuple[object, ...]]:
        items = getattr(report, "items", None) or []
        return sorted(
            (d.severity, str(d.code), d.range.start.line, d.range.start.character, d.message) for d in items
        )

    async def change(uri: str, version: int, edit: Edit) -> tuple[float, list[tuple[object, ...]]]:
        rng = types.Range(types.Position(edit.line, edit.col), types.Position(edit.end_line, edit.end_col))
        box: list[types.DocumentDiagnosticReport] = []

        async def answered() -> None:
            box.append(await pull(client, uri))

        elapsed = await timed_edit(client, uri, version, rng, edit.text, answered)
        return elapsed, rows(box[0])

    runs: list[FileRun] = []
    cold = t_paste = t_undo = 0.0
    paste_same = False
    for index, path in enumerate(files):
        fresh = lambda text, path=path: diag_key(Analyzer().analyze(text, str(path)).diagnostics)  # noqa: E731
        line = choose_line(path, fresh)
        text = path.read_text()
        started = time.perf_counter()
        uri = open_doc(client, path)
        report = await pull(client, uri)
        # a warm open answers from the cache first: typing starts once the server's own analysis landed
        while (getattr(report, "result_id", None) or "").endswith(":cached"):
            await asyncio.sleep(0.05)
            report = await pull(client, uri)
        first = rows(report)
        if index == 0:
            cold = time.perf_counter() - started
        run = FileRun(path, line)
        version = 1
        last: list[tuple[object, ...]] = []
        for edit in typing_edits(text.split("\n"), line):
            version += 1
            elapsed, last = await change(uri, version, edit)
            run.times.append((edit.label, elapsed))
        run.undo_equal = last == first
        if index == 0 and extras:
            paste, undo = paste_block(text.split("\n"))
            version += 1
            t_paste, _ = await change(uri, version, paste)
            version += 1
            t_undo, back = await change(uri, version, undo)
            paste_same = back == first
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        runs.append(run)
        print_file(run)
    print_overall(runs)
    rss = None
    if extras:
        assert client._server is not None
        for path in rss_files:
            uri = open_doc(client, path)
            await pull(client, uri)
        rss = rss_mb(client._server.pid)
        print_extras(files[0], cold, t_paste, t_undo, paste_same, rss, len(rss_files))
    await shutdown(client)


# ----------------------------------------------------------------------------- printing


def _figures(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values) * 1000:6.1f} ms  p95 {pct(values, 0.95) * 1000:6.1f} ms  "
        f"max {max(values) * 1000:6.1f} ms"
    )


def print_file(run: FileRun) -> None:
    """One file's line: its keystrokes, Enter, the slowest keystroke, and the undo check."""
    values = [t for _, t in run.times]
    enter = next(t for label, t in run.times if label == "Enter")
    worst = max(run.times, key=lambda item: item[1])
    name = "/".join(run.path.parts[-2:])
    print(
        f"{name:<46} L{run.line + 1:<5} {_figures(values)}  Enter {enter * 1000:6.1f} ms  "
        f"slowest {worst[0]!r} {worst[1] * 1000:.0f} ms  undo==open: {'yes' if run.undo_equal else 'NO'}",
        flush=True,
    )
    if run.cpu:  # in-process: the same keystrokes in CPU time (what a shared machine does not inflate)
        print(f"{'':<46} CPU    {_figures(run.cpu)}  Enter {run.cpu[0] * 1000:6.1f} ms", flush=True)


def print_overall(runs: list[FileRun]) -> None:
    """All keystrokes of all files, and Enter apart."""
    values = [t for run in runs for label, t in run.times if label != "Enter"]
    enters = [t for run in runs for label, t in run.times if label == "Enter"]
    every = values + enters
    print(
        f"overall ({len(every)} keystrokes): {_figures(every)}   "
        f"targets p50 <= {TARGETS_MS['p50']:g}, p95 <= {TARGETS_MS['p95']:g}, max <= {TARGETS_MS['max']:g} ms"
    )
    print(f"Enter ({len(enters)}): {_figures(enters)}")
    cpu = [t for run in runs for t in run.cpu]
    if cpu:  # a shared machine: the CPU time of the analyses says what the wall time would be alone
        print(f"in-process CPU time per keystroke: {_figures(cpu)}")
    print(
        f"undo gives the diagnostics of the first open: {sum(r.undo_equal for r in runs)}/{len(runs)} files"
    )


def print_extras(
    path: Path, cold: float, paste: float, undo: float, same: bool, rss: float | None, rss_count: int = 0
) -> None:
    """Paste / undo, cold open, RSS."""
    name = "/".join(path.parts[-2:])
    print(
        f"paste 40 lines into {name}: {paste * 1000:.0f} ms, undo {undo * 1000:.0f} ms "
        f"(target <= {PASTE_TARGET_MS:g} ms each); undo == open: {'yes' if same else 'NO'}"
    )
    print(f"cold open of {name}: {cold * 1000:.0f} ms (target <= {COLD_TARGET_MS:g} ms)")
    if rss is not None:
        print(
            f"RSS with the {rss_count} largest files open: {rss:.0f} MiB (target <= {RSS_TARGET_MIB:g} MiB)"
        )


def main() -> None:
    """Parse the arguments and run one mode."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library", type=Path)
    parser.add_argument("--files", type=int, default=10)
    parser.add_argument("--in-process", action="store_true")
    parser.add_argument("--skip-extras", action="store_true")
    parser.add_argument(
        "--no-budget", action="store_true", help="in-process: lift the per-unit time budgets (a busy machine)"
    )
    args = parser.parse_args()
    if args.no_budget:
        import compiler.budget

        compiler.budget.UNIT_BUDGET_S = compiler.budget.DOCUMENT_BUDGET_S = 1e6
    models = args.library / "models" if (args.library / "models").is_dir() else args.library
    ranked = largest(models, max(args.files, 20))
    files = ranked[: args.files]
    if args.in_process:
        run_in_process(files, not args.skip_extras)
    else:
        runner: Awaitable[None] = run_server(files, ranked[:20], not args.skip_extras)
        asyncio.run(runner)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
