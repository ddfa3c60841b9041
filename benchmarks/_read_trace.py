"""The language server with its read requests timed, for `bench_responsive.py --trace`: each hover / inlay
request's arrival (parsed from stdin) and answer (handed to stdout), and when analyses and navigation index
builds ran, written to OUT_FILE at exit (one event a line: `read METHOD ARRIVED ANSWERED` or
`busy KIND STARTED ENDED`, time.monotonic() seconds, which the client's clock shares).

Usage: python benchmarks/_read_trace.py OUT_FILE [pypto-lsp arguments]
"""

from __future__ import annotations

import atexit
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from compiler.navigation.workspace import Workspace
from pypto_lsp import protocol, scheduler
from pypto_lsp.__main__ import main

OUT = Path(sys.argv[1])
TIMED = {"textDocument/hover", "textDocument/inlayHint"}
events: list[str] = []
arrived: dict[object, tuple[str, float]] = {}


def _install() -> None:
    structure = protocol.PyptoProtocol.structure_message
    respond = protocol.PyptoProtocol._send_response

    def structure_message(self: protocol.PyptoProtocol, data: dict[str, Any]) -> Any:
        if isinstance(data, dict) and data.get("method") in TIMED:
            arrived[data.get("id")] = (str(data["method"]), time.monotonic())
        return structure(self, data)

    def send_response(
        self: protocol.PyptoProtocol, msg_id: Any, result: Any = None, error: Any = None
    ) -> None:
        found = arrived.pop(msg_id, None)
        if found is not None:
            events.append(f"read {found[0]} {found[1]:.6f} {time.monotonic():.6f}")
        respond(self, msg_id, result, error)

    protocol.PyptoProtocol.structure_message = structure_message  # type: ignore[method-assign]
    protocol.PyptoProtocol._send_response = send_response  # type: ignore[method-assign]
    analyse = scheduler.analyse_cancellable

    def analyse_timed(*args: Any) -> scheduler.Outcome:
        started = time.monotonic()
        try:
            return analyse(*args)
        finally:
            events.append(f"busy analysis {started:.6f} {time.monotonic():.6f}")

    scheduler.analyse_cancellable = analyse_timed
    index = Workspace.document_with_imports

    def index_timed(self: Workspace, path: str, text: str) -> Any:
        started = time.monotonic()
        try:
            return index(self, path, text)
        finally:
            events.append(f"busy index {started:.6f} {time.monotonic():.6f}")

    Workspace.document_with_imports = index_timed  # type: ignore[method-assign]


def _write() -> None:
    OUT.write_text("\n".join(events) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _install()
    atexit.register(_write)
    sys.exit(main(sys.argv[2:]))
