"""End-to-end benchmark of the real server over stdio: diagnostics latency, hover, inlay hints, RSS.

Usage: bench_lsp.py [python arguments that start the server; default: -m pypto_lsp]
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _lsp import shutdown
from _stats import report
from gen import edit_one_char, edit_position, generate
from lsprotocol import types
from pygls.lsp.client import LanguageClient

from pypto_lsp.server import MIN_DEBOUNCE_S

# The server debounces min(debounceMs, max(MIN_DEBOUNCE_S, 2 x last analysis)); with debounceMs equal to
# the floor the effective debounce is exactly that, so latency - debounce is the real post-debounce time.
DEBOUNCE_MS = round(MIN_DEBOUNCE_S * 1000)
EDIT_KERNEL = 17
HOVER_KERNEL = 0  # a @pl.jit matmul kernel
INLAY_KERNEL = 1  # a @pl.program with a manual UP_DOWN region
TIMEOUT_S = 20.0
ROOT = Path("/tmp/pypto_bench")


class Client(LanguageClient):
    """A LanguageClient that timestamps every publishDiagnostics by (uri, version)."""

    def __init__(self) -> None:
        super().__init__("pypto-bench", "0")
        self.published: dict[tuple[str, int | None], float] = {}
        self.counts: dict[tuple[str, int | None], int] = {}
        self.arrived = asyncio.Event()

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(client: Client, params: types.PublishDiagnosticsParams) -> None:
            key = (params.uri, params.version)
            client.published.setdefault(key, time.perf_counter())
            client.counts[key] = len(params.diagnostics)
            client.arrived.set()

    async def wait_published(self, uri: str, version: int) -> float:
        """The arrival time of the diagnostics of one version (bounded by TIMEOUT_S)."""
        deadline = time.monotonic() + TIMEOUT_S
        while (uri, version) not in self.published:
            self.arrived.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no diagnostics for {uri} v{version}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), min(remaining, 1.0))
        return self.published[(uri, version)]


def kernel_lines(text: str, index: int) -> tuple[int, int]:
    """Zero-based first and last line of one kernel's block."""
    lines = text.split("\n")
    start = next(n for n, line in enumerate(lines) if line.startswith(f"# ---- kernel {index}:"))
    end = next(
        (n for n, line in enumerate(lines) if line.startswith(f"# ---- kernel {index + 1}:")),
        len(lines),
    )
    return start, end - 1


def find_in_kernel(text: str, index: int, needle: str) -> types.Position:
    """Position of the first `needle` inside one kernel (on its last character's left)."""
    first, last = kernel_lines(text, index)
    lines = text.split("\n")
    for n in range(first, last + 1):
        col = lines[n].find(needle)
        if col >= 0:
            return types.Position(line=n, character=col + len(needle) - 1)
    raise ValueError(needle)


def rss_mb(pid: int) -> float:
    """VmRSS of a process in MiB."""
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(match.group(1)) / 1024 if match else float("nan")


async def open_doc(client: Client, uri: str, text: str) -> None:
    """didOpen a document (version 1)."""
    item = types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))


async def bench_edits(client: Client, uri: str, text: str) -> None:
    """30 one-character didChange edits; time each until its versioned publishDiagnostics."""
    latencies = []
    current = text
    line, col = edit_position(text, EDIT_KERNEL)
    for k in range(30):
        current = edit_one_char(current, EDIT_KERNEL, k)
        version = k + 2
        change = types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(line, col), types.Position(line, col + 1)),
            text=current.split("\n")[line][col],
        )
        params = types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[change],
        )
        start = time.perf_counter()
        client.text_document_did_change(params)
        latencies.append(await client.wait_published(uri, version) - start)
    print(f"diagnostics on last version: {client.counts[(uri, 31)]}")
    report("didChange -> publishDiagnostics (latency)", latencies)
    report(
        f"analysis after debounce (latency - {DEBOUNCE_MS} ms)",
        [x - DEBOUNCE_MS / 1000 for x in latencies],
        40,
    )
    print("  (target also: p95 <= 100 ms)")


async def bench_requests(client: Client, uri: str, text: str) -> None:
    """50 hovers on a pl.matmul call and 50 inlay-hint requests over one kernel."""
    doc = types.TextDocumentIdentifier(uri=uri)
    pos = find_in_kernel(text, HOVER_KERNEL, "pl.matmul")
    hovers, sample = [], None
    for _ in range(50):
        start = time.perf_counter()
        sample = await asyncio.wait_for(
            client.text_document_hover_async(types.HoverParams(text_document=doc, position=pos)), TIMEOUT_S
        )
        hovers.append(time.perf_counter() - start)
    print(f"hover at {pos.line}:{pos.character} returned {'content' if sample else 'nothing'}")
    report("hover on pl.matmul", hovers, 15)

    first, last = kernel_lines(text, INLAY_KERNEL)
    rng = types.Range(types.Position(first, 0), types.Position(last + 1, 0))
    hints, result = [], None
    for _ in range(50):
        start = time.perf_counter()
        result = await asyncio.wait_for(
            client.text_document_inlay_hint_async(types.InlayHintParams(text_document=doc, range=rng)),
            TIMEOUT_S,
        )
        hints.append(time.perf_counter() - start)
    print(f"inlay hints for lines {first}-{last}: {len(result or [])} hints")
    report("inlay hints (one kernel's range)", hints, 15)


async def bench_memory(client: Client, pid: int, text: str) -> None:
    """Open 20 more slightly different files and print the server's RSS."""
    print(f"server RSS with 1 document open: {rss_mb(pid):.1f} MiB")
    for j in range(20):
        uri = (ROOT / f"doc_{j}.py").as_uri()
        await open_doc(client, uri, edit_one_char(text, j % 40, 0))
    for j in range(20):
        await client.wait_published((ROOT / f"doc_{j}.py").as_uri(), 1)
    print(f"server RSS with 21 documents open: {rss_mb(pid):.1f} MiB   target <= 150 MB")


async def main() -> None:
    """Start the server, run the scenarios, and shut it down cleanly."""
    text = generate()
    client = Client()
    server_args = sys.argv[1:] or ["-m", "pypto_lsp"]
    await client.start_io(sys.executable, *server_args)
    assert client._server is not None
    pid = client._server.pid
    try:
        caps = types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
                inlay_hint=types.InlayHintClientCapabilities(),
            )
        )
        await asyncio.wait_for(
            client.initialize_async(
                types.InitializeParams(
                    capabilities=caps,
                    root_uri=ROOT.as_uri(),
                    initialization_options={"debounceMs": DEBOUNCE_MS},
                )
            ),
            TIMEOUT_S,
        )
        client.initialized(types.InitializedParams())
        print(f"server: python {' '.join(server_args)}")
        print(
            f"server pid {pid}; initializationOptions debounceMs={DEBOUNCE_MS} (= server floor, so effective debounce is fixed)"
        )
        print(f"document: {text.count(chr(10))} lines, {len(text)} chars")
        uri = (ROOT / "bench_main.py").as_uri()
        start = time.perf_counter()
        await open_doc(client, uri, text)
        await client.wait_published(uri, 1)
        print(f"didOpen -> first publishDiagnostics: {(time.perf_counter() - start) * 1000:.1f} ms")
        await bench_edits(client, uri, text)
        await bench_requests(client, uri, edit_one_char(text, EDIT_KERNEL, 29))
        await bench_memory(client, pid, text)
    finally:
        await shutdown(client)
        print(f"server exit code: {client._server.returncode if client._server else None}")


if __name__ == "__main__":
    asyncio.run(main())
