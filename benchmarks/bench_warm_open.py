"""Opening real files whose analysis is in the persistent cache, over stdio with pulled diagnostics.

Usage: python benchmarks/bench_warm_open.py LIBRARY_FOLDER [N=10]

1. `pypto-lsp check` analyses the N largest DSL files of the library (its cache goes into the library
   folder, as a CI job or a pre-commit hook would leave it).
2. A server (its own cache folder empty) opens each file: didOpen -> the first pulled diagnostics
   (from `check`'s cache), and didOpen -> the diagnostics of the server's own analysis.
3. A second server session opens them again, after the first wrote its own entries and `check`'s
   cache was removed: the next morning's open.
Each file's first and final diagnostics must be equal; the script says so.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _lsp import shutdown
from bench_real_files import largest
from bench_real_style import TIMEOUT_S, open_doc, pull
from lsprotocol import types
from pygls.lsp.client import LanguageClient

CACHE_DIR = ".pypto_lsp_cache"


def _items(report: types.DocumentDiagnosticReport) -> list[tuple[object, int, int, str]]:
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    return sorted(
        (d.code or "", d.range.start.line, d.range.start.character, d.message) for d in report.items
    )


async def session(
    folder: Path, files: list[Path], env: dict[str, str]
) -> list[tuple[str, float, float, bool]]:
    """Open each file; per file: the first pull's latency, the own analysis' latency, whether they agree."""
    client = LanguageClient("pypto-bench-warm", "0")
    log = Path(env["XDG_CACHE_HOME"]) / "server.log"  # the server's stderr (INFO: each open's cache look-up)
    command = f"exec {shlex.quote(sys.executable)} -m pypto_lsp --log-level INFO 2>>{shlex.quote(str(log))}"
    await client.start_io("sh", "-c", command, env=env)
    caps = types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(diagnostic=types.DiagnosticClientCapabilities())
    )
    init = types.InitializeParams(capabilities=caps, root_uri=folder.resolve().as_uri())
    await asyncio.wait_for(client.initialize_async(init), TIMEOUT_S)
    client.initialized(types.InitializedParams())
    rows = []
    for path in files:
        start = time.perf_counter()
        uri = open_doc(client, path)
        first = await pull(client, uri)
        first_s = time.perf_counter() - start
        cached = bool(first.result_id and first.result_id.endswith(":cached"))
        final = first
        while final.result_id and final.result_id.endswith(":cached"):
            await asyncio.sleep(0.05)
            final = await pull(client, uri)
        rows.append(
            (
                path.name if cached else path.name + " (no cache hit)",
                first_s,
                time.perf_counter() - start,
                _items(first) == _items(final),
            )
        )
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
    await shutdown(client)
    return rows


def report(title: str, rows: list[tuple[str, float, float, bool]]) -> None:
    """Print one session's figures."""
    print(title)
    for name, first, final, same in rows:
        print(
            f"  {name:50s} first {1000 * first:7.0f} ms   own analysis {1000 * final:7.0f} ms   equal: {same}"
        )
    firsts = [r[1] for r in rows]
    print(
        f"  first diagnostics: median {1000 * statistics.median(firsts):.0f} ms, max {1000 * max(firsts):.0f} ms; "
        f"own analysis median {1000 * statistics.median([r[2] for r in rows]):.0f} ms; "
        f"equal on {sum(r[3] for r in rows)}/{len(rows)} files"
    )


async def main() -> None:
    """Check, then two server sessions."""
    folder = Path(sys.argv[1]).resolve()
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    files = largest(folder, count)
    shutil.rmtree(folder / CACHE_DIR, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "pypto_lsp", "check", *map(str, files)],
        cwd=folder,
        capture_output=True,
        check=False,
    )
    print(f"check of the {len(files)} largest files: {time.perf_counter() - start:.1f} s")
    env = {**os.environ, "XDG_CACHE_HOME": tempfile.mkdtemp(prefix="pypto-bench-cache-")}
    report("server 1 (check's cache):", await session(folder, files, env))
    kept = sorted(Path(env["XDG_CACHE_HOME"]).rglob("*.json"))
    print(f"server 1 kept {len(kept)} analyses (one cache file each)")
    shutil.rmtree(folder / CACHE_DIR, ignore_errors=True)
    report("server 2 (its own cache from server 1; check's removed):", await session(folder, files, env))
    log = (Path(env["XDG_CACHE_HOME"]) / "server.log").read_text(errors="replace").splitlines()
    print(
        "server log, cache look-ups:",
        *[line for line in log if "cached result" in line or "not cached" in line],
        sep="\n  ",
    )
    shutil.rmtree(env["XDG_CACHE_HOME"], ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
