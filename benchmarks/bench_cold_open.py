"""Cold open of one real file over stdio: didOpen -> the server's own pulled diagnostics, in a fresh server.

Usage: python benchmarks/bench_cold_open.py FILE [RUNS=3]

Prints, per run, the wall time and the server process's CPU time (user + system, from /proc) from didOpen
to the first pulled report that is the server's own analysis (a warm start's cached report is skipped),
then the median of each. On a shared machine CPU time is the figure to compare.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _lsp import shutdown
from bench_real_style import TIMEOUT_S, open_doc, pull
from lsprotocol import types
from pygls.lsp.client import LanguageClient


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def cold_open(path: Path) -> tuple[float, float]:
    """(wall, server CPU) seconds from didOpen to the server's own diagnostics, in a fresh server."""
    client = LanguageClient("pypto-bench-cold-open", "0")
    await client.start_io(sys.executable, "-m", "pypto_lsp")
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    init = types.InitializeParams(capabilities=caps, root_uri=path.parent.parent.resolve().as_uri())
    await asyncio.wait_for(client.initialize_async(init), TIMEOUT_S)
    client.initialized(types.InitializedParams())
    assert client._server is not None
    pid = client._server.pid
    await asyncio.sleep(2.0)  # the server settles (imports, workspace index) before the clock starts
    cpu, started = cpu_seconds(pid), time.perf_counter()
    uri = open_doc(client, path)
    report = await pull(client, uri)
    while (getattr(report, "result_id", None) or "").endswith(":cached"):
        await asyncio.sleep(0.02)
        report = await pull(client, uri)
    wall, used = time.perf_counter() - started, cpu_seconds(pid) - cpu
    await shutdown(client)
    return wall, used


def main() -> None:
    path = Path(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = asyncio.run(cold_open(path))
        walls.append(wall)
        cpus.append(cpu)
        print(f"cold open of {path.name}: wall {wall * 1000:.0f} ms, server CPU {cpu * 1000:.0f} ms")
    print(
        f"median: wall {statistics.median(walls) * 1000:.0f} ms, server CPU {statistics.median(cpus) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
