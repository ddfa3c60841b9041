"""Edit latency on real kernel files over stdio: the N largest DSL files of a library folder.

Usage: python benchmarks/bench_real_files.py LIBRARY_FOLDER [N=10]

Opens each file (cold: didOpen -> pulled diagnostics), then makes 12 one-character edits at the end
of a code line in its middle (a trailing space: the IR stays equal) and 8 that lengthen the line's last
name (the IR changes), and times didChange -> pulled diagnostics (the first two of each are warm-up).
"""

from __future__ import annotations

import asyncio
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _lsp import shutdown, timed_edit
from bench_real_style import TIMEOUT_S, open_doc, pull
from lsprotocol import types
from pygls.lsp.client import LanguageClient


def largest(folder: Path, n: int) -> list[Path]:
    """The n largest files that import the DSL."""
    files = sorted(folder.rglob("*.py"), key=lambda p: -p.stat().st_size)
    return [f for f in files if "pypto.language" in f.read_text(errors="replace")][:n]


def edit_line(lines: list[str]) -> int:
    """A code line in the middle of the file whose end can take a trailing space."""
    mid = len(lines) // 2
    while mid < len(lines) - 1 and (
        not lines[mid].strip()
        or lines[mid].strip().startswith(("#", '"', "'"))
        or lines[mid].rstrip().endswith(("\\", ",", "("))
    ):
        mid += 1
    return mid


async def main() -> None:
    """Run the cold opens and the edits, and print the figures."""
    folder = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    client = LanguageClient("pypto-bench-files", "0")
    await client.start_io(sys.executable, "-m", "pypto_lsp")
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    init = types.InitializeParams(capabilities=caps, root_uri=folder.resolve().as_uri())
    await asyncio.wait_for(client.initialize_async(init), TIMEOUT_S)
    client.initialized(types.InitializedParams())
    colds: list[float] = []
    edits: list[float] = []
    renames: list[float] = []
    for path in largest(folder, count):
        started = time.perf_counter()
        uri = open_doc(client, path)
        await pull(client, uri)
        colds.append(time.perf_counter() - started)
        lines = path.read_text(errors="replace").split("\n")
        line = edit_line(lines)
        end = len(lines[line])
        for k in range(12):
            at = types.Position(line, end + k)
            rng = types.Range(at, at)
            elapsed = await timed_edit(client, uri, k + 2, rng, " ", lambda uri=uri: pull(client, uri))
            if k >= 2:
                edits.append(elapsed)
        # A semantic edit: each keystroke lengthens the line's last name, so the function's IR changes.
        names = list(re.finditer(r"\b[A-Za-z_]\w{2,}\b", lines[line]))
        if names:
            name_end = names[-1].end()
            for k in range(8):
                at = types.Position(line, name_end + k)
                elapsed = await timed_edit(
                    client, uri, k + 14, types.Range(at, at), "_", lambda uri=uri: pull(client, uri)
                )
                if k >= 2:
                    renames.append(elapsed)
    edits.sort()
    print(f"{len(colds)} largest DSL files of {folder}")
    print(
        f"cold open -> pulled diagnostics: median {statistics.median(colds) * 1000:.0f} ms, max {max(colds) * 1000:.0f} ms"
    )
    for label, series in (
        ("trailing space (IR unchanged)", edits),
        ("name edit (IR changed)", sorted(renames)),
    ):
        if not series:
            continue
        p95 = series[min(len(series) - 1, int(0.95 * len(series)))]
        print(
            f"didChange -> pulled diagnostics, {label}: p50 {statistics.median(series) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {series[-1] * 1000:.0f} ms (n={len(series)})   target <= 40 / <= 100 ms"
        )
    await shutdown(client)


if __name__ == "__main__":
    asyncio.run(main())
