"""How fast the server answers reads while it is busy: hover and inlay hints during typing in a large real
file, and during the analysis of a slow (budget-heavy) document; a healthy file's first outline while
the slow one is analysed; the final diagnostics after the last keystroke.

Usage: python benchmarks/bench_responsive.py LIBRARY_FOLDER [ROUNDS=3] [--trace]

--trace: the server runs under benchmarks/_read_trace.py, and each read's time is split into the way in
(the client's write to the server parsing the request), the server's answer, and the way back (to the
client's parsed response), with how many arrived while an analysis or an index build ran.

The largest DSL file of the folder is opened; at a code line in its middle a person presses Enter, types
`t = pl.exp(x)` a character every 60 ms and deletes it again (one didChange per keystroke, no waiting
for diagnostics), and after each keystroke the editor asks for a hover on an op and the inlay hints of
the lines around. The slow document is a file whose inline helpers fan out exponentially: its analysis
runs into its 10 s budget.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _lsp import shutdown
from _stats import pct
from bench_real_files import edit_line, largest
from bench_real_style import TIMEOUT_S, open_doc, pull
from lsprotocol import types
from pygls.lsp.client import LanguageClient

KEYSTROKE_S = 0.06
HOVER, INLAY = types.TEXT_DOCUMENT_HOVER, types.TEXT_DOCUMENT_INLAY_HINT
STATEMENT = "t = pl.exp(x)"


def slow_text(entries: int = 5, depth: int = 18) -> str:
    """A valid DSL file whose inline helpers call the next one twice, `depth` deep."""
    lines = ["import pypto.language as pl", "", ""]
    for i in range(depth):
        lines += ["@pl.jit.inline", f"def h{i}(x: pl.Tensor, y: pl.Out[pl.Tensor]):"]
        lines += [f"    y = h{i + 1}(x, y)", f"    y = h{i + 1}(x, y)", "    return y", "", ""]
    lines += ["@pl.jit.inline", f"def h{depth}(x: pl.Tensor, y: pl.Out[pl.Tensor]):"]
    lines += ["    with pl.at(level=pl.Level.CORE_GROUP):", "        y[:] = pl.exp(x)", "    return y", ""]
    for e in range(entries):
        lines += [
            "",
            "@pl.jit",
            f"def run{e}(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):",
        ]
        lines += ["    y = h0(x, y)", "    return y", ""]
    return "\n".join(lines)


def _doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def timed(request: asyncio.Future[object] | object) -> float:
    """Seconds until a request's answer arrives."""
    started = time.perf_counter()
    await asyncio.wait_for(request, TIMEOUT_S)  # type: ignore[arg-type]
    return time.perf_counter() - started


class Reads:
    """Hover and inlay requests on one document, timed."""

    def __init__(self, client: LanguageClient, uri: str, hover_at: types.Position, lines: tuple[int, int]):
        self.client, self.uri, self.hover_at, self.lines = client, uri, hover_at, lines
        self.hovers: list[float] = []
        self.inlays: list[float] = []
        self.sent: dict[str, list[float]] = {HOVER: [], INLAY: []}  # time.monotonic() of each request

    async def once(self) -> None:
        """One hover and one inlay-hint request."""
        hover = types.HoverParams(text_document=_doc(self.uri), position=self.hover_at)
        self.sent[HOVER].append(time.monotonic())
        self.hovers.append(await timed(self.client.text_document_hover_async(hover)))
        span = types.Range(types.Position(self.lines[0], 0), types.Position(self.lines[1], 0))
        inlay = types.InlayHintParams(text_document=_doc(self.uri), range=span)
        self.sent[INLAY].append(time.monotonic())
        self.inlays.append(await timed(self.client.text_document_inlay_hint_async(inlay)))


def change(
    client: LanguageClient, uri: str, version: int, start: tuple[int, int], end: tuple[int, int], text: str
) -> None:
    """One incremental didChange replacing the (line, column) range start..end."""
    rng = types.Range(types.Position(*start), types.Position(*end))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=rng, text=text)],
        )
    )


def summary(label: str, values: list[float]) -> None:
    """p50 / p95 / max in ms."""
    print(
        f"{label:<52} p50 {pct(values, 0.5) * 1000:7.2f} ms  p95 {pct(values, 0.95) * 1000:7.2f} ms"
        f"  max {max(values) * 1000:7.2f} ms  (n={len(values)})"
    )


def split(label: str, reads: Reads, method: str, totals: list[float], trace: list[list[str]]) -> None:
    """Each read's way in, answer and way back (p50 / p95 in ms), matched in order with the server's trace
    (the same requests, sent one at a time), and how many arrived while an analysis or index build ran."""
    served = [(float(e[2]), float(e[3])) for e in trace if e[0] == "read" and e[1] == method]
    busy = [(float(e[2]), float(e[3])) for e in trace if e[0] == "busy"]
    sent = reads.sent[method]
    rows = [
        (arrived - at, answered - arrived, total - (answered - at), any(a <= arrived <= b for a, b in busy))
        for at, total, (arrived, answered) in zip(sent, totals, served[-len(sent) :], strict=True)
    ]

    def ms(values: list[float]) -> str:
        return f"{pct(values, 0.5) * 1000:6.2f} / {pct(values, 0.95) * 1000:6.2f}"

    print(
        f"  {label:<50} in {ms([r[0] for r in rows])}  answer {ms([r[1] for r in rows])}"
        f"  back {ms([r[2] for r in rows])}  (p50 / p95 ms; {sum(r[3] for r in rows)} of {len(rows)} busy)"
    )


async def main() -> None:
    """Open, type, read; then the slow document."""
    tracing = "--trace" in sys.argv
    argv = [a for a in sys.argv if a != "--trace"]
    folder = Path(argv[1])
    rounds = int(argv[2]) if len(argv) > 2 else 3
    (path,) = largest(folder, 1)
    client = LanguageClient("pypto-bench-responsive", "0")
    trace_file = Path(tempfile.mkdtemp(prefix="pypto-read-trace-")) / "trace.txt"
    if tracing:
        await client.start_io(
            sys.executable, str(Path(__file__).with_name("_read_trace.py")), str(trace_file)
        )
    else:
        await client.start_io(sys.executable, "-m", "pypto_lsp")
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    init = types.InitializeParams(capabilities=caps, root_uri=folder.resolve().as_uri())
    await asyncio.wait_for(client.initialize_async(init), TIMEOUT_S)
    client.initialized(types.InitializedParams())
    uri = open_doc(client, path)
    await pull(client, uri)
    text = path.read_text()
    lines = text.split("\n")
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=_doc(uri), range=types.Range(types.Position(0, 0), types.Position(len(lines), 0))
        )
    )
    hinted = [h.position.line for h in hints or []]
    if not hinted:
        raise SystemExit(f"no inlay hints in {path}: {hints!r}")
    op_line = next(n for n in hinted if re.search(r"pl\.\w+\(", lines[n]))
    hover_at = types.Position(op_line, re.search(r"pl\.\w+\(", lines[op_line]).start() + 3)  # type: ignore[union-attr]
    line = edit_line(lines)
    reads = Reads(client, uri, hover_at, (max(0, line - 50), line + 50))
    indent = " " * (len(lines[line]) - len(lines[line].lstrip()))
    version = 1
    finals: list[float] = []
    print(f"{path} ({len(lines)} lines): typing at line {line + 1}, hover on line {op_line + 1}")
    for _ in range(rounds):
        end = len(lines[line])
        version += 1
        change(client, uri, version, (line, end), (line, end), "\n" + indent)  # Enter
        await reads.once()
        typed = ""
        for ch in STATEMENT:
            await asyncio.sleep(KEYSTROKE_S)
            version += 1
            at = (line + 1, len(indent) + len(typed))
            change(client, uri, version, at, at, ch)
            typed += ch
            await reads.once()
        while typed:
            await asyncio.sleep(KEYSTROKE_S)
            version += 1
            typed = typed[:-1]
            at = (line + 1, len(indent) + len(typed))
            change(client, uri, version, at, (at[0], at[1] + 1), "")
            await reads.once()
        version += 1
        change(client, uri, version, (line, end), (line + 1, len(indent)), "")  # the Enter undone
        started = time.perf_counter()
        await pull(client, uri)
        finals.append(time.perf_counter() - started)
    summary("hover while typing", reads.hovers)
    summary("inlay hints (100 lines) while typing", reads.inlays)
    summary("last keystroke -> pulled diagnostics", finals)

    with tempfile.TemporaryDirectory() as tmp:
        slow = Path(tmp) / "slow.py"
        slow.write_text(slow_text())
        healthy = Path(tmp) / "healthy.py"
        healthy.write_text(slow_text(entries=1, depth=2))
        busy = Reads(client, uri, hover_at, reads.lines)
        slow_uri = open_doc(client, slow)
        await asyncio.sleep(0.3)
        healthy_uri = open_doc(client, healthy)
        started = time.perf_counter()
        await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=_doc(healthy_uri))
        )
        outline = time.perf_counter() - started
        for _ in range(30):
            await busy.once()
            await asyncio.sleep(0.1)
        print(f"{'a healthy file opened meanwhile: first documentSymbol':<52} {outline * 1000:7.2f} ms")
        summary("hover during the slow document's analysis", busy.hovers)
        summary("inlay hints during the slow document's analysis", busy.inlays)
        started = time.perf_counter()
        params = types.DocumentDiagnosticParams(text_document=_doc(slow_uri))
        await asyncio.wait_for(client.text_document_diagnostic_async(params), 10 * TIMEOUT_S)
        print(f"{'the slow document: its diagnostics after':<52} {time.perf_counter() - started:7.2f} s more")
    await shutdown(client)
    if tracing:
        for _ in range(50):  # the server writes its trace as it exits
            if trace_file.exists():
                break
            await asyncio.sleep(0.1)
        trace = [line.split() for line in trace_file.read_text(encoding="utf-8").splitlines() if line]
        print("where the time of a read goes (--trace):")
        typed = [e for e in trace if e[0] == "busy" or float(e[2]) < busy.sent[HOVER][0]]
        split("hover while typing", reads, HOVER, reads.hovers, typed)
        split("inlay hints while typing", reads, INLAY, reads.inlays, typed)
        split("hover during the slow document's analysis", busy, HOVER, busy.hovers, trace)
        split("inlay hints during the slow document's analysis", busy, INLAY, busy.inlays, trace)


if __name__ == "__main__":
    asyncio.run(main())
